// questions/claims/evaluator.cpp — the claim interpreter (see evaluator.hpp).
#include "questions/claims/evaluator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "rules/elaborate/diagnostics.hpp"
#include "questions/games/interrupt.hpp"

namespace carve::claims {

using elab::claims::AggKind;
using elab::claims::BinOp;
using elab::claims::Node;
using elab::claims::Op;
using games::Dyadic;

namespace {
bool is_num(const Value& v) { return std::holds_alternative<Dyadic>(v.v); }

Value arith(BinOp op, const Value& a, const Value& b, const parser::Location& loc) {
  if (!is_num(a) && !is_num(b) && op != BinOp::Div) {
    long long x = a.as_int(), y = b.as_int(), r = 0;
    bool overflow = false;
    switch (op) {
      case BinOp::Add: overflow = __builtin_add_overflow(x, y, &r); break;
      case BinOp::Sub: overflow = __builtin_sub_overflow(x, y, &r); break;
      case BinOp::Mul: overflow = __builtin_mul_overflow(x, y, &r); break;
      case BinOp::Xor: r = x ^ y; break;
      case BinOp::Mod:
        if (y == 0) elab::fail(loc, "mod by zero");
        r = ((x % y) + y) % y;
        break;
      default: break;
    }
    if (overflow) elab::fail(loc, "integer overflow");
    return Value{r};
  }
  Dyadic x = a.as_num(), y = b.as_num();
  switch (op) {
    case BinOp::Add: return Value{x + y};
    case BinOp::Sub: return Value{x - y};
    case BinOp::Mul: {
      // A product of dyadics: exact as long as the numerators fit.
      games::int128 n = x.numerator() * y.numerator();
      return Value{Dyadic::make(n, x.exponent() + y.exponent())};
    }
    case BinOp::Div: {
      if (!y.is_integer() || y.numerator() == 0) elab::fail(loc, "division only by a non-zero power of two (dyadic numbers)");
      games::int128 d = y.numerator() < 0 ? -y.numerator() : y.numerator();
      if ((d & (d - 1)) != 0) elab::fail(loc, fmt::format("division by {} is not dyadic (only powers of two)", y.str()));
      int e = 0;
      while ((games::int128{1} << e) < d) ++e;
      Dyadic q = Dyadic::make(x.numerator(), x.exponent() + e);
      return Value{y.numerator() < 0 ? -q : q};
    }
    default: break;
  }
  elab::fail(loc, "this operator needs integers");
}
}  // namespace

Value binary_value(BinOp op, const Value& a, const Value& b, const parser::Location& loc) {
  switch (op) {
    case BinOp::Iff: return Value{a.as_bool() == b.as_bool()};
    case BinOp::Eq: return Value{equal(a, b)};
    case BinOp::Ne: return Value{!equal(a, b)};
    case BinOp::Lt: return Value{a.as_num() < b.as_num()};
    case BinOp::Le: return Value{a.as_num() <= b.as_num()};
    case BinOp::Gt: return Value{a.as_num() > b.as_num()};
    case BinOp::Ge: return Value{a.as_num() >= b.as_num()};
    default: return arith(op, a, b, loc);
  }
}

void Evaluator::tick() {
  games::interrupt_point();  // the run's memory limit and progress line, between quantifier steps too
  if (deadline_ && (++ticks_ & 63) == 0 && Clock::now() > *deadline_) throw TimeLimit();
}

bool Evaluator::check(const elab::claims::Claim& claim, std::optional<Counterexample>& cex, long long& cases) {
  frame_.assign(static_cast<std::size_t>(claim.slots), Value{});
  failure_.reset();
  cases_ = 0;
  counting_ = true;
  bool ok = eval(claim.body).as_bool();
  cases = std::max<long long>(cases_, 1);
  if (ok) return true;
  if (failure_) {
    cex = failure_;
  } else {
    cex = Counterexample{{}, explain(claim.body)};
  }
  return false;
}

template <class F>
bool Evaluator::for_each_tuple(const Node& n, bool size_order, F&& f) {
  std::size_t m = n.slots.size();
  if (!n.independent || !size_order || m == 1) {
    // Nested loops; each family is evaluated once its earlier binders are set.
    std::function<bool(std::size_t)> rec = [&](std::size_t i) -> bool {
      if (i == m) return f();
      Value fam = eval(n.args[i]);
      for (const auto& x : fam.as_list()) {
        tick();
        frame_[static_cast<std::size_t>(n.slots[i])] = x;
        if (!rec(i + 1)) return false;
      }
      return true;
    };
    return rec(0);
  }
  // Independent families: by total size, then by the first family's size, and so on.
  std::vector<Value> fams;
  std::vector<std::vector<std::pair<long long, std::vector<std::size_t>>>> groups(m);
  for (std::size_t i = 0; i < m; ++i) {
    fams.push_back(eval(n.args[i]));
    std::map<long long, std::vector<std::size_t>> by;
    const List& l = fams.back().as_list();
    for (std::size_t j = 0; j < l.size(); ++j) by[size_of(l[j])].push_back(j);
    for (auto& [s, v] : by) groups[i].emplace_back(s, std::move(v));
    if (l.empty()) return true;
  }
  std::set<long long> totals{0};
  for (std::size_t i = 0; i < m; ++i) {
    std::set<long long> next;
    for (long long t : totals)
      for (const auto& g : groups[i]) next.insert(t + g.first);
    totals = std::move(next);
  }
  std::vector<long long> min_rest(m + 1, 0), max_rest(m + 1, 0);
  for (std::size_t i = m; i-- > 0;) {
    min_rest[i] = min_rest[i + 1] + groups[i].front().first;
    max_rest[i] = max_rest[i + 1] + groups[i].back().first;
  }
  for (long long total : totals) {
    std::function<bool(std::size_t, long long)> rec = [&](std::size_t i, long long left) -> bool {
      if (i == m) return left != 0 || f();
      for (const auto& [s, idx] : groups[i]) {
        long long rest = left - s;
        if (rest < min_rest[i + 1] || rest > max_rest[i + 1]) continue;
        for (std::size_t j : idx) {
          tick();
          frame_[static_cast<std::size_t>(n.slots[i])] = fams[i].as_list()[j];
          if (!rec(i + 1, rest)) return false;
        }
      }
      return true;
    };
    if (!rec(0, total)) return false;
  }
  return true;
}

bool Evaluator::quant(const Node& n) {
  bool forall = n.ival == 1;
  bool result = forall;
  const Node& body = n.args.back();
  bool innermost = !(body.op == Op::Quant && body.ival == 1);  // an inner exists is part of the case
  // Only the claim's own quantifier chain counts cases: not families, filters or inner bodies.
  bool counting = counting_;
  counting_ = false;
  for_each_tuple(n, true, [&]() {
    if (n.has_where && !eval(n.args[n.slots.size()]).as_bool()) return true;
    if (counting && innermost && forall) ++cases_;
    failure_.reset();
    counting_ = counting && !innermost;
    bool b = eval(body).as_bool();
    counting_ = false;
    if (forall && !b) {
      Counterexample c;
      for (std::size_t i = 0; i < n.slots.size(); ++i)
        c.bindings.emplace_back(n.names[i], show(frame_[static_cast<std::size_t>(n.slots[i])]));
      if (failure_) {
        for (auto& b2 : failure_->bindings) c.bindings.push_back(std::move(b2));
        c.why = std::move(failure_->why);
      } else {
        c.why = explain(body);
      }
      failure_ = std::move(c);
      result = false;
      return false;
    }
    if (!forall && b) {
      result = true;
      return false;
    }
    return true;
  });
  counting_ = counting;
  if (!forall && !result) {
    std::string fams;
    for (std::size_t i = 0; i < n.slots.size(); ++i) fams += (i ? ", " : "") + n.names[i] + " in " + n.args[i].src;
    failure_ = Counterexample{{}, {fmt::format("no {} satisfies {}", fams, body.src)}};
  }
  return result;
}

Value Evaluator::agg(const Node& n) {
  std::vector<Value> items;
  for_each_tuple(n, false, [&]() {
    if (n.has_where && !eval(n.args[n.slots.size()]).as_bool()) return true;
    Value v = eval(n.args.back());
    if (n.agg == AggKind::All && !v.as_bool()) {
      items.push_back(v);
      return false;
    }
    if (n.agg == AggKind::Any && v.as_bool()) {
      items.push_back(v);
      return false;
    }
    items.push_back(std::move(v));
    return true;
  });
  switch (n.agg) {
    case AggKind::Xor: {
      long long x = 0;
      for (const auto& v : items) x ^= v.as_int();
      return Value{x};
    }
    case AggKind::Sum: {
      Value s{0LL};
      for (const auto& v : items) s = arith(BinOp::Add, s, v, n.loc);
      return s;
    }
    case AggKind::Count: return Value{static_cast<long long>(std::count_if(items.begin(), items.end(), [](const Value& v) { return v.as_bool(); }))};
    case AggKind::All: return Value{std::all_of(items.begin(), items.end(), [](const Value& v) { return v.as_bool(); })};
    case AggKind::Any: return Value{std::any_of(items.begin(), items.end(), [](const Value& v) { return v.as_bool(); })};
    case AggKind::Max:
    case AggKind::Min: {
      if (items.empty()) elab::fail(n.loc, fmt::format("{} over nothing", n.agg == AggKind::Max ? "max" : "min"));
      Value best = items[0];
      for (const auto& v : items)
        if (n.agg == AggKind::Max ? less(best, v) : less(v, best)) best = v;
      return best;
    }
    case AggKind::List: return make_list(std::move(items));
    case AggKind::Set: {
      std::sort(items.begin(), items.end(), less);
      items.erase(std::unique(items.begin(), items.end(), equal), items.end());
      return make_list(std::move(items));
    }
  }
  return Value{};
}

Value Evaluator::eval(const Node& n) {
  switch (n.op) {
    case Op::Int: return Value{n.ival};
    case Op::Str: return Value{n.text};
    case Op::Bool: return Value{n.ival != 0};
    case Op::Outcome: {
      static const std::map<std::string, Cls> c = {{"P", Cls::P}, {"N", Cls::N}, {"L", Cls::L}, {"R", Cls::R}, {"D", Cls::D}};
      return Value{c.at(n.text)};
    }
    case Op::Var: return frame_[static_cast<std::size_t>(n.slot)];
    case Op::Call: {
      std::vector<Value> a;
      for (const auto& x : n.args) a.push_back(eval(x));
      return engines_.call(n.fn, a, n.loc);
    }
    case Op::Neg: {
      Value a = eval(n.args[0]);
      if (is_num(a)) return Value{-a.as_num()};
      return Value{-a.as_int()};
    }
    case Op::Not: return Value{!eval(n.args[0]).as_bool()};
    case Op::Binary: return binary(n);
    case Op::Index: return index(n);
    case Op::List: {
      List l;
      for (const auto& x : n.args) l.push_back(eval(x));
      return make_list(std::move(l));
    }
    case Op::Form: return form(n);
    case Op::If: return eval(n.args[0]).as_bool() ? eval(n.args[1]) : eval(n.args[2]);
    case Op::Quant: return Value{quant(n)};
    case Op::Agg: return agg(n);
    case Op::Invoke: {
      std::vector<Value> a;
      for (std::size_t i = 0; i + 1 < n.args.size(); ++i) a.push_back(eval(n.args[i]));
      for (std::size_t i = 0; i < a.size(); ++i) frame_[static_cast<std::size_t>(n.slots[i])] = std::move(a[i]);
      return eval(n.args.back());
    }
  }
  return Value{};
}

Value Evaluator::binary(const Node& n) {
  switch (n.bop) {  // the short-circuiting connectives evaluate their right side only when needed
    case BinOp::Implies: return Value{!eval(n.args[0]).as_bool() || eval(n.args[1]).as_bool()};
    case BinOp::Or: return Value{eval(n.args[0]).as_bool() || eval(n.args[1]).as_bool()};
    case BinOp::And: return Value{eval(n.args[0]).as_bool() && eval(n.args[1]).as_bool()};
    default: break;
  }
  Value a = eval(n.args[0]), b = eval(n.args[1]);
  if (n.bop == BinOp::Range) {
    long long lo = a.as_int(), hi = b.as_int();
    if (hi - lo > 5000000) elab::fail(n.loc, "a range of more than 5000000 integers");
    List l;
    for (long long i = lo; i <= hi; ++i) l.push_back(Value{i});
    return make_list(std::move(l));
  }
  return binary_value(n.bop, a, b, n.loc);
}

Value Evaluator::index(const Node& n) {
  Value l = eval(n.args[0]);
  long long i = eval(n.args[1]).as_int();
  if (i < 0 || i >= static_cast<long long>(l.as_list().size()))
    elab::fail(n.loc, fmt::format("index {} out of range (the list has {} elements)", i, l.as_list().size()));
  return l.as_list()[static_cast<std::size_t>(i)];
}

Value Evaluator::form(const Node& n) {
  std::optional<Dyadic> left, right;  // Left's best (largest) and Right's best (smallest) option
  for (std::size_t i = 0; i < n.args.size(); ++i) {
    Value v = eval(n.args[i]);
    std::vector<Dyadic> opts;
    if (v.is_list()) {
      for (const auto& x : v.as_list()) opts.push_back(x.as_num());
    } else {
      opts.push_back(v.as_num());
    }
    bool is_left = static_cast<long long>(i) < n.ival;
    for (const auto& d : opts) {
      if (is_left && (!left || d > *left)) left = d;
      if (!is_left && (!right || d < *right)) right = d;
    }
  }
  if (left && right && !(*left < *right))
    elab::fail(n.loc, fmt::format("{{{} | {}}} is not a number (Left's best option must be below Right's)", left->str(), right->str()));
  return Value{games::simplest_between(left, right)};
}

std::vector<std::string> Evaluator::explain(const Node& n) {
  auto value_of = [&](const Node& x) { return fmt::format("{} = {}", x.src, show(eval(x))); };
  auto is_const = [](const Node& x) { return x.op == Op::Int || x.op == Op::Bool || x.op == Op::Outcome || x.op == Op::Str; };
  if (n.op == Op::Binary) {
    switch (n.bop) {
      case BinOp::Implies: {
        auto w = explain(n.args[1]);
        w.insert(w.begin(), fmt::format("{} holds", n.args[0].src));
        return w;
      }
      case BinOp::And:
        if (!eval(n.args[0]).as_bool()) return explain(n.args[0]);
        return explain(n.args[1]);
      case BinOp::Or: {
        auto w = explain(n.args[0]);
        auto w2 = explain(n.args[1]);
        w.insert(w.end(), w2.begin(), w2.end());
        return w;
      }
      case BinOp::Iff: {
        std::vector<std::string> w;
        for (const auto& side : n.args) {
          w.push_back(fmt::format("{} is {}", side.src, eval(side).as_bool() ? "true" : "false"));
          if (side.op == Op::Binary && side.bop >= BinOp::Eq && side.bop <= BinOp::Ge)
            for (const auto& x : side.args)
              if (!is_const(x)) w.push_back(value_of(x));
        }
        return w;
      }
      case BinOp::Eq:
      case BinOp::Ne:
      case BinOp::Lt:
      case BinOp::Le:
      case BinOp::Gt:
      case BinOp::Ge: {
        std::vector<std::string> w;
        for (const auto& x : n.args)
          if (!is_const(x)) w.push_back(value_of(x));
        if (w.empty()) w.push_back(fmt::format("{} is false", n.src));
        return w;
      }
      default: break;
    }
  }
  if (n.op == Op::Not) return {fmt::format("{} is true", n.args[0].src)};
  if (n.op == Op::Invoke) {
    std::vector<Value> a;
    for (std::size_t i = 0; i + 1 < n.args.size(); ++i) a.push_back(eval(n.args[i]));
    for (std::size_t i = 0; i < a.size(); ++i) frame_[static_cast<std::size_t>(n.slots[i])] = a[i];
    auto w = explain(n.args.back());
    w.insert(w.begin(), fmt::format("{} is false", n.src));
    return w;
  }
  if (n.op == Op::Quant) {
    failure_.reset();
    eval(n);
    if (failure_) {
      std::vector<std::string> w;
      for (const auto& [k, v] : failure_->bindings) w.push_back(fmt::format("{} = {}", k, v));
      w.insert(w.end(), failure_->why.begin(), failure_->why.end());
      return w;
    }
  }
  return {fmt::format("{} is false", n.src)};
}

}  // namespace carve::claims
