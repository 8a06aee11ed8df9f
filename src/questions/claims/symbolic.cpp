// questions/claims/symbolic.cpp — claim language -> Z3 bit-vectors, then games/z3_kernel (see symbolic.hpp).
#include "questions/claims/symbolic.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>
#include <map>

#include "questions/claims/evaluator.hpp"
#include "questions/games/z3_kernel.hpp"
#include "foundations/limits/interrupt.hpp"

namespace carve::claims {

using elab::claims::AggKind;
using elab::claims::BinOp;
using elab::claims::Builtin;
using elab::claims::Node;
using elab::claims::Op;

namespace {

struct Sym {
  enum Kind { CInt, CBool, BV, ZB, Heaps, CList } k = CInt;
  long long c = 0;
  std::optional<z3::expr> e;
  std::vector<Sym> list;
};

class Translator {
 public:
  Translator(const std::vector<z3::expr>& heaps, bool staircase) : heaps_(heaps), staircase_(staircase) {}
  std::map<int, Sym> env;

  z3::expr as_bool(const Sym& s, const Node& at) {
    if (s.k == Sym::CBool) return ctx().bool_val(s.c != 0);
    if (s.k == Sym::ZB) return *s.e;
    unsupported(at, "a condition was expected");
  }

  Sym tr(const Node& n) {
    switch (n.op) {
      case Op::Int: return cint(n.ival);
      case Op::Bool: return cbool(n.ival != 0);
      case Op::Var: {
        auto it = env.find(n.slot);
        if (it == env.end()) unsupported(n, "a variable the proof does not know");
        return it->second;
      }
      case Op::Index: {
        Sym l = tr(n.args[0]), i = tr(n.args[1]);
        if (i.k != Sym::CInt) unsupported(n, "a symbolic index");
        if (l.k == Sym::CList) {
          if (i.c < 0 || i.c >= static_cast<long long>(l.list.size())) unsupported(n, "an index out of range");
          return l.list[static_cast<std::size_t>(i.c)];
        }
        if (l.k != Sym::Heaps) unsupported(n, "indexing something other than h");
        long long j = staircase_ ? i.c - 1 : i.c;
        if (staircase_ && i.c == 0) unsupported(n, "h[0] (position 0 of the staircase never moves and is not modelled)");
        if (j < 0 || j >= static_cast<long long>(heaps_.size())) unsupported(n, "an index beyond the modelled heaps");
        return bv(heaps_[static_cast<std::size_t>(j)]);
      }
      case Op::Call: return call(n);
      case Op::Not: {
        Sym a = tr(n.args[0]);
        if (a.k == Sym::CBool) return cbool(a.c == 0);
        return zb(!as_bool(a, n));
      }
      case Op::Neg: {
        Sym a = tr(n.args[0]);
        if (a.k == Sym::CInt) return cint(-a.c);
        unsupported(n, "negative bit-vectors");
      }
      case Op::Binary: return binary(n);
      case Op::If: {
        Sym c = tr(n.args[0]);
        if (c.k == Sym::CBool) return tr(n.args[c.c ? 1 : 2]);
        Sym a = tr(n.args[1]), b = tr(n.args[2]);
        if (is_boolish(a) && is_boolish(b)) return zb(z3::ite(as_bool(c, n), as_bool(a, n), as_bool(b, n)));
        return bv(z3::ite(as_bool(c, n), as_bv(a, n), as_bv(b, n)));
      }
      case Op::Quant:
      case Op::Agg: return binders(n);
      case Op::Invoke: {
        std::vector<Sym> a;
        for (std::size_t i = 0; i + 1 < n.args.size(); ++i) a.push_back(tr(n.args[i]));
        for (std::size_t i = 0; i < a.size(); ++i) env[n.slots[i]] = a[i];
        return tr(n.args.back());
      }
      default: unsupported(n, "this construct");
    }
  }

 private:
  z3::context& ctx() { return heaps_[0].ctx(); }
  unsigned width() { return heaps_[0].get_sort().bv_size(); }
  static Sym cint(long long c) { return Sym{Sym::CInt, c, std::nullopt, {}}; }
  static Sym cbool(bool b) { return Sym{Sym::CBool, b ? 1 : 0, std::nullopt, {}}; }
  // A binary operator on two constants, by the evaluator's own arithmetic and comparisons.
  static Sym folded(const Node& n, const Sym& a, const Sym& b) {
    auto value = [](const Sym& s) { return s.k == Sym::CBool ? Value{s.c != 0} : Value{s.c}; };
    const Value r = binary_value(n.bop, value(a), value(b), n.loc);
    return std::holds_alternative<bool>(r.v) ? cbool(std::get<bool>(r.v)) : cint(r.as_int());
  }
  static Sym bv(z3::expr e) { return Sym{Sym::BV, 0, std::move(e), {}}; }
  static Sym zb(z3::expr e) { return Sym{Sym::ZB, 0, std::move(e), {}}; }
  static bool is_boolish(const Sym& s) { return s.k == Sym::CBool || s.k == Sym::ZB; }
  [[noreturn]] static void unsupported(const Node& n, const std::string& what) {
    throw SymbolicUnsupported(fmt::format("{}:{}:{}: cannot prove symbolically: {} in `{}`", n.loc.file, n.loc.line,
                                          n.loc.column, what, n.src));
  }
  z3::expr as_bv(const Sym& s, const Node& at) {
    if (s.k == Sym::BV) return *s.e;
    if (s.k == Sym::CInt) {
      if (s.c < 0) unsupported(at, "a negative constant");
      return ctx().bv_val(static_cast<std::uint64_t>(s.c), width());
    }
    unsupported(at, "a number was expected");
  }

  Sym call(const Node& n) {
    std::vector<Sym> a;
    for (const auto& x : n.args) a.push_back(tr(x));
    switch (n.fn) {
      case Builtin::Len:
        if (a[0].k == Sym::Heaps) return cint(static_cast<long long>(heaps_.size()) + (staircase_ ? 1 : 0));
        if (a[0].k == Sym::CList) return cint(static_cast<long long>(a[0].list.size()));
        break;
      case Builtin::Bit: {
        if (a[1].k != Sym::CInt || a[1].c < 0) unsupported(n, "a symbolic bit position");
        if (a[0].k == Sym::CInt) return cint(a[1].c >= 63 ? 0 : (a[0].c >> a[1].c) & 1);
        if (a[1].c >= static_cast<long long>(width())) return cint(0);
        auto j = static_cast<unsigned>(a[1].c);
        return bv(z3::zext(as_bv(a[0], n).extract(j, j), width() - 1));
      }
      case Builtin::Popcount: {
        if (a[0].k == Sym::CInt) return cint(__builtin_popcountll(static_cast<unsigned long long>(a[0].c)));
        z3::expr x = as_bv(a[0], n), s = ctx().bv_val(0, width());
        for (unsigned j = 0; j < width(); ++j) s = s + z3::zext(x.extract(j, j), width() - 1);
        return bv(s);
      }
      case Builtin::Odd:
      case Builtin::Even: {
        if (a[0].k == Sym::CInt) return cbool((a[0].c % 2 != 0) == (n.fn == Builtin::Odd));
        z3::expr low = as_bv(a[0], n).extract(0, 0) == ctx().bv_val(n.fn == Builtin::Odd ? 1 : 0, 1);
        return zb(low);
      }
      case Builtin::Pow2:
        if (a[0].k == Sym::CInt && a[0].c >= 0 && a[0].c < 62) return cint(1LL << a[0].c);
        break;
      default: break;
    }
    unsupported(n, "this function");
  }

  Sym binary(const Node& n) {
    if (n.bop == BinOp::Range) {
      Sym lo = tr(n.args[0]), hi = tr(n.args[1]);
      if (lo.k != Sym::CInt || hi.k != Sym::CInt || hi.c - lo.c > 4096) unsupported(n, "a range without small constant bounds");
      Sym l{Sym::CList, 0, std::nullopt, {}};
      for (long long i = lo.c; i <= hi.c; ++i) l.list.push_back(cint(i));
      return l;
    }
    Sym a = tr(n.args[0]), b = tr(n.args[1]);
    bool consts = (a.k == Sym::CInt || a.k == Sym::CBool) && (b.k == Sym::CInt || b.k == Sym::CBool);
    switch (n.bop) {
      case BinOp::Implies:
      case BinOp::Iff:
      case BinOp::Or:
      case BinOp::And: {
        if (consts) {
          bool x = a.c != 0, y = b.c != 0;
          bool r = n.bop == BinOp::Implies ? (!x || y) : n.bop == BinOp::Iff ? x == y : n.bop == BinOp::Or ? x || y : x && y;
          return cbool(r);
        }
        z3::expr x = as_bool(a, n), y = as_bool(b, n);
        if (n.bop == BinOp::Implies) return zb(z3::implies(x, y));
        if (n.bop == BinOp::Iff) return zb(x == y);
        return zb(n.bop == BinOp::Or ? (x || y) : (x && y));
      }
      case BinOp::Eq:
      case BinOp::Ne:
      case BinOp::Lt:
      case BinOp::Le:
      case BinOp::Gt:
      case BinOp::Ge: {
        if (consts) return folded(n, a, b);
        if (is_boolish(a) && is_boolish(b) && (n.bop == BinOp::Eq || n.bop == BinOp::Ne)) {
          z3::expr r = as_bool(a, n) == as_bool(b, n);
          return zb(n.bop == BinOp::Eq ? r : !r);
        }
        z3::expr x = as_bv(a, n), y = as_bv(b, n);
        switch (n.bop) {
          case BinOp::Eq: return zb(x == y);
          case BinOp::Ne: return zb(x != y);
          case BinOp::Lt: return zb(z3::ult(x, y));
          case BinOp::Le: return zb(z3::ule(x, y));
          case BinOp::Gt: return zb(z3::ugt(x, y));
          default: return zb(z3::uge(x, y));
        }
      }
      case BinOp::Add:
      case BinOp::Sub:
      case BinOp::Mul:
      case BinOp::Xor:
      case BinOp::Mod: {
        if (consts) {
          if (n.bop == BinOp::Mod && b.c == 0) unsupported(n, "mod by zero");
          return folded(n, a, b);
        }
        if (n.bop == BinOp::Sub) unsupported(n, "subtraction of bit-vectors (it could wrap)");
        if (n.bop == BinOp::Mod && (b.k != Sym::CInt || b.c <= 0)) unsupported(n, "mod by something other than a positive constant");
        z3::expr x = as_bv(a, n), y = as_bv(b, n);
        if (n.bop == BinOp::Add) return bv(x + y);
        if (n.bop == BinOp::Mul) return bv(x * y);
        if (n.bop == BinOp::Xor) return bv(x ^ y);
        return bv(z3::urem(x, y));
      }
      default: unsupported(n, "this operator");
    }
  }

  Sym binders(const Node& n) {
    std::vector<Sym> items;
    std::size_t m = n.slots.size();
    std::function<void(std::size_t)> rec = [&](std::size_t i) {
      if (i == m) {
        std::optional<z3::expr> cond;
        if (n.has_where) {
          Sym w = tr(n.args[m]);
          if (w.k == Sym::CBool) {
            if (!w.c) return;
          } else {
            cond = as_bool(w, n);
          }
        }
        Sym body = tr(n.args.back());
        if (cond) {
          bool quant_or_bool = n.op == Op::Quant || n.agg == AggKind::All || n.agg == AggKind::Any || n.agg == AggKind::Count;
          if (quant_or_bool) {
            bool neutral = n.op == Op::Quant ? n.ival == 1 : n.agg == AggKind::All;
            body = zb(z3::ite(*cond, as_bool(body, n), ctx().bool_val(neutral)));
          } else if (n.agg == AggKind::Xor || n.agg == AggKind::Sum) {
            body = bv(z3::ite(*cond, as_bv(body, n), ctx().bv_val(0, width())));
          } else {
            unsupported(n, "a symbolic 'where' in this aggregate");
          }
        }
        items.push_back(std::move(body));
        return;
      }
      Sym fam = tr(n.args[i]);
      if (fam.k != Sym::CList) unsupported(n.args[i], "a family that is not a constant range");
      for (const auto& x : fam.list) {
        env[n.slots[i]] = x;
        rec(i + 1);
      }
    };
    rec(0);
    bool conj = n.op == Op::Quant ? n.ival == 1 : n.agg == AggKind::All;
    if (n.op == Op::Quant || n.agg == AggKind::All || n.agg == AggKind::Any) {
      z3::expr acc = ctx().bool_val(conj);
      bool all_const = true;
      bool cval = conj;
      for (const auto& s : items) {
        if (s.k == Sym::CBool) {
          cval = conj ? (cval && s.c) : (cval || s.c);
        } else {
          all_const = false;
          acc = conj ? (acc && as_bool(s, n)) : (acc || as_bool(s, n));
        }
      }
      if (all_const) return cbool(cval);
      return zb(conj ? (acc && ctx().bool_val(cval)) : (acc || ctx().bool_val(cval)));
    }
    if (n.agg == AggKind::Count) {
      z3::expr s = ctx().bv_val(0, width());
      for (const auto& x : items) s = s + z3::ite(as_bool(x, n), ctx().bv_val(1, width()), ctx().bv_val(0, width()));
      return bv(s);
    }
    if (n.agg == AggKind::Xor || n.agg == AggKind::Sum) {
      bool all_const = true;
      long long c = 0;
      for (const auto& x : items) all_const = all_const && x.k == Sym::CInt;
      if (all_const) {
        for (const auto& x : items) c = n.agg == AggKind::Xor ? (c ^ x.c) : c + x.c;
        return cint(c);
      }
      z3::expr s = ctx().bv_val(0, width());
      for (const auto& x : items) s = n.agg == AggKind::Xor ? (s ^ as_bv(x, n)) : (s + as_bv(x, n));
      return bv(s);
    }
    unsupported(n, "this aggregate");
  }

  const std::vector<z3::expr>& heaps_;
  bool staircase_;
};

}  // namespace

SymbolicResult prove_symbolic(const elab::claims::Claim& claim, const elab::claims::SymbolicForm& form,
                              const std::vector<int>& bits, std::optional<std::chrono::steady_clock::time_point> deadline) {
  const Node* pred = &claim.body;
  for (int i : form.pred_path) pred = &pred->args.at(static_cast<std::size_t>(i));
  games::NimFamily fam = form.family == "nim"         ? games::NimFamily::Nim
                         : form.family == "staircase" ? games::NimFamily::StaircaseNim
                                                      : games::NimFamily::NimK;
  std::vector<long long> ks{0};
  if (form.k_range) {
    ks.clear();
    for (long long k = form.k_range->first; k <= form.k_range->second; ++k) ks.push_back(k);
  }
  SymbolicResult r;
  r.proved = true;
  for (long long k : ks)
    for (int b : bits) {
      unsigned timeout_ms = 0;
      if (deadline) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
          r.proved = false;
          r.timed_out = true;
          r.detail = "time limit before the Z3 proof";
          return r;
        }
        timeout_ms = static_cast<unsigned>(left);
      }
      games::ClaimedSet set = [&](const std::vector<z3::expr>& h) {
        Translator t(h, fam == games::NimFamily::StaircaseNim);
        if (form.k_slot >= 0) t.env[form.k_slot] = Sym{Sym::CInt, k, std::nullopt, {}};
        t.env[form.h_slot] = Sym{Sym::Heaps, 0, std::nullopt, {}};
        return t.as_bool(t.tr(*pred), *pred);
      };
      auto p = games::prove_kernel(fam, form.heaps, b, static_cast<int>(k), set, games::AbsorbMode::Witness,
                                   games::standard_strategy(fam, static_cast<int>(k)), timeout_ms);
      std::string head = form.k_range ? fmt::format("k={} ", k) : "";
      if (p.proved) {
        r.runs.push_back(fmt::format("{}{} heaps < 2^{}: independent and absorbing (unsat, {:.2f} s)", head, form.heaps, b, p.seconds));
        continue;
      }
      r.proved = false;
      if (p.failed_condition == "timeout") {
        r.timed_out = true;
        const int signal = limits::interrupt_signal();
        r.detail = fmt::format("{}{} heaps < 2^{}: {}", head, form.heaps, b,
                               signal ? limits::interrupt_reason(signal) : std::string("Z3 time limit"));
      } else {
        r.detail = fmt::format("{}{} heaps < 2^{}: not {} at heaps {}{}", head, form.heaps, b, p.failed_condition,
                               fmt::format("[{}]", fmt::join(p.position, ", ")),
                               p.successor.empty() ? "" : fmt::format(" (move to [{}])", fmt::join(p.successor, ", ")));
      }
      return r;
    }
  return r;
}

}  // namespace carve::claims
