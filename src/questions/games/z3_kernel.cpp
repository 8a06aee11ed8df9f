// questions/games/z3_kernel.cpp — Z3 kernel proofs for Nim, staircase Nim and Nim-k (see z3_kernel.hpp).
#include "questions/games/z3_kernel.hpp"

#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "foundations/limits/interrupt.hpp"
#include "foundations/limits/poll_watch.hpp"

namespace carve::games {

ClaimedSet nim_p_claim() {
  return [](const std::vector<z3::expr>& h) {
    z3::expr x = h[0];
    for (std::size_t i = 1; i < h.size(); ++i) x = x ^ h[i];
    return x == 0;
  };
}

ClaimedSet staircase_p_claim() {
  return [](const std::vector<z3::expr>& h) {
    z3::expr x = h[0];  // position 1
    for (std::size_t i = 2; i < h.size(); i += 2) x = x ^ h[i];
    return x == 0;
  };
}

ClaimedSet nim_k_good_claim(int k) {
  return [k](const std::vector<z3::expr>& h) {
    z3::context& c = h[0].ctx();
    unsigned w = h[0].get_sort().bv_size();
    z3::expr_vector cols(c);
    for (unsigned bit = 0; bit < w; ++bit) {
      z3::expr cnt = c.bv_val(0, 8);
      for (const z3::expr& x : h) cnt = cnt + z3::zext(x.extract(bit, bit), 7);
      cols.push_back(z3::urem(cnt, c.bv_val(k + 1, 8)) == 0);
    }
    return z3::mk_and(cols);
  };
}

Strategy nim_strategy() {
  return [](const std::vector<z3::expr>& x) {
    z3::expr s = x[0];
    for (std::size_t i = 1; i < x.size(); ++i) s = s ^ x[i];
    std::vector<z3::expr> y = x;
    for (std::size_t i = x.size(); i-- > 0;) {  // first i (lowest index) wins
      std::vector<z3::expr> alt = x;
      alt[i] = x[i] ^ s;
      for (std::size_t j = 0; j < x.size(); ++j) y[j] = z3::ite(z3::ult(x[i] ^ s, x[i]), alt[j], y[j]);
    }
    return y;
  };
}

Strategy staircase_strategy() {
  return [](const std::vector<z3::expr>& x) {
    z3::expr s = x[0];
    for (std::size_t i = 2; i < x.size(); i += 2) s = s ^ x[i];
    std::vector<z3::expr> y = x;
    for (std::size_t i = (x.size() - 1) / 2 * 2 + 2; i >= 2;) {
      i -= 2;  // odd positions 1, 3, ... are indices 0, 2, ...
      std::vector<z3::expr> alt = x;
      alt[i] = x[i] ^ s;
      if (i > 0) alt[i - 1] = x[i - 1] + (x[i] - alt[i]);
      for (std::size_t j = 0; j < x.size(); ++j) y[j] = z3::ite(z3::ult(x[i] ^ s, x[i]), alt[j], y[j]);
    }
    return y;
  };
}

Strategy nim_k_strategy(int k) {
  return [k](const std::vector<z3::expr>& x) {
    z3::context& c = x[0].ctx();
    unsigned w = x[0].get_sort().bv_size();
    std::size_t n = x.size();
    auto b8 = [&](unsigned v) { return c.bv_val(v, 8); };
    std::vector<z3::expr> touched(n, c.bool_val(false));
    std::vector<std::vector<z3::expr>> bits(n);
    for (unsigned j = w; j-- > 0;) {
      std::vector<z3::expr> b;
      for (std::size_t i = 0; i < n; ++i) b.push_back(x[i].extract(j, j) == c.bv_val(1, 1));
      z3::expr u1 = b8(0), t = b8(0);
      for (std::size_t i = 0; i < n; ++i) {
        u1 = u1 + z3::ite(!touched[i] && b[i], b8(1), b8(0));
        t = t + z3::ite(touched[i], b8(1), b8(0));
      }
      z3::expr m = z3::urem(u1, b8(static_cast<unsigned>(k + 1)));
      z3::expr v0 = z3::urem(b8(static_cast<unsigned>(k + 1)) - m, b8(static_cast<unsigned>(k + 1)));
      z3::expr case_a = z3::ule(v0, t);  // fix the residue using already-touched heaps
      z3::expr rc_touched = b8(0), rc_ones = b8(0);
      std::vector<z3::expr> new_touched = touched;
      for (std::size_t i = 0; i < n; ++i) {
        z3::expr bit_a = z3::ite(touched[i], z3::ult(rc_touched, v0), b[i]);
        z3::expr pick = !touched[i] && b[i] && z3::ult(rc_ones, m);  // case B: newly touched, 1 -> 0
        z3::expr bit_b = z3::ite(touched[i] || pick, c.bool_val(false), b[i]);
        bits[i].push_back(z3::ite(case_a, bit_a, bit_b));
        new_touched[i] = touched[i] || (!case_a && pick);
        rc_touched = rc_touched + z3::ite(touched[i], b8(1), b8(0));
        rc_ones = rc_ones + z3::ite(!touched[i] && b[i], b8(1), b8(0));
      }
      touched = new_touched;
    }
    std::vector<z3::expr> y;
    for (std::size_t i = 0; i < n; ++i) {
      z3::expr v = z3::ite(bits[i][0], c.bv_val(1, 1), c.bv_val(0, 1));
      for (std::size_t j = 1; j < bits[i].size(); ++j) v = z3::concat(v, z3::ite(bits[i][j], c.bv_val(1, 1), c.bv_val(0, 1)));
      y.push_back(v);
    }
    return y;
  };
}

Strategy standard_strategy(NimFamily family, int k) {
  switch (family) {
    case NimFamily::Nim: return nim_strategy();
    case NimFamily::StaircaseNim: return staircase_strategy();
    case NimFamily::NimK: return nim_k_strategy(k);
  }
  return {};
}

namespace {
z3::expr move_relation(z3::context& c, NimFamily family, int k, const std::vector<z3::expr>& x,
                       const std::vector<z3::expr>& y) {
  std::size_t n = x.size();
  z3::expr_vector alts(c);
  switch (family) {
    case NimFamily::Nim:
      for (std::size_t i = 0; i < n; ++i) {
        z3::expr_vector parts(c);
        parts.push_back(z3::ult(y[i], x[i]));
        for (std::size_t j = 0; j < n; ++j)
          if (j != i) parts.push_back(y[j] == x[j]);
        alts.push_back(z3::mk_and(parts));
      }
      return z3::mk_or(alts);
    case NimFamily::StaircaseNim:
      for (std::size_t i = 0; i < n; ++i) {
        z3::expr_vector parts(c);
        parts.push_back(z3::ult(y[i], x[i]));
        if (i > 0) parts.push_back(y[i - 1] == x[i - 1] + (x[i] - y[i]));
        for (std::size_t j = 0; j < n; ++j)
          if (j != i && j + 1 != i) parts.push_back(y[j] == x[j]);
        alts.push_back(z3::mk_and(parts));
      }
      return z3::mk_or(alts);
    case NimFamily::NimK: {
      z3::expr_vector parts(c);
      z3::expr_vector some(c);
      z3::expr changed = c.bv_val(0, 8);
      for (std::size_t i = 0; i < n; ++i) {
        parts.push_back(z3::ule(y[i], x[i]));
        some.push_back(z3::ult(y[i], x[i]));
        changed = changed + z3::ite(y[i] == x[i], c.bv_val(0, 8), c.bv_val(1, 8));
      }
      parts.push_back(z3::mk_or(some));
      parts.push_back(z3::ule(changed, c.bv_val(k, 8)));
      return z3::mk_and(parts);
    }
  }
  return c.bool_val(false);
}

std::vector<unsigned long long> read(const z3::model& m, const std::vector<z3::expr>& v) {
  std::vector<unsigned long long> out;
  for (const z3::expr& e : v) out.push_back(m.eval(e, true).get_numeral_uint64());
  return out;
}

// One proof's encoding: positions x and successors y, `heaps` bit-vectors each, x in the box below
// 2^bits (wide enough that no move overflows), the claimed set K at x and at y, the family's move
// relation x -> y, and the solvers' parameters.
struct KernelEncoding {
  z3::context& c;
  unsigned width;
  std::vector<z3::expr> x, y;
  z3::expr in_box, kx, ky, mv;
  z3::params p;
};

KernelEncoding encode_kernel(z3::context& c, NimFamily family, int heaps, int bits, int k, const ClaimedSet& claim,
                             unsigned timeout_ms) {
  unsigned width = static_cast<unsigned>(bits) + 3;
  while ((1u << (width - static_cast<unsigned>(bits))) < 2u * static_cast<unsigned>(heaps)) ++width;
  auto vars = [&](const char* name) {
    std::vector<z3::expr> v;
    for (int i = 0; i < heaps; ++i) v.push_back(c.bv_const(fmt::format("{}{}", name, i).c_str(), width));
    return v;
  };
  std::vector<z3::expr> x = vars("x"), y = vars("y");
  z3::expr_vector box(c);
  for (const z3::expr& e : x) box.push_back(z3::ult(e, c.bv_val(static_cast<std::uint64_t>(1) << bits, width)));
  z3::expr in_box = z3::mk_and(box);
  z3::expr kx = claim(x), ky = claim(y);
  z3::expr mv = move_relation(c, family, k, x, y);
  z3::params p(c);
  if (timeout_ms) p.set("timeout", timeout_ms);
  p.set("ctrl_c", false);
  return KernelEncoding{c, width, x, y, in_box, kx, ky, mv, p};
}

// An unknown answer is the time limit: the proof stops there.
bool timed_out(z3::check_result cr, KernelProof& r) {
  if (cr != z3::unknown) return false;
  r.failed_condition = "timeout";
  return true;
}

// Independence: no move from K stays in K.
void check_independent(const KernelEncoding& e, KernelProof& r) {
  z3::solver s(e.c);
  s.set(e.p);
  s.add(e.in_box && e.kx && e.mv && e.ky);
  z3::check_result cr = s.check();
  if (cr == z3::sat) {
    r.failed_condition = "independent";
    r.position = read(s.get_model(), e.x);
    r.successor = read(s.get_model(), e.y);
  }
  timed_out(cr, r);
}

// Absorption, quantified: no x outside K all of whose moves miss K.
void check_absorbing_quantified(const KernelEncoding& e, KernelProof& r) {
  z3::solver s = (z3::tactic(e.c, "simplify") & z3::tactic(e.c, "qsat")).mk_solver();
  s.set(e.p);
  z3::expr_vector ys(e.c);
  for (const z3::expr& v : e.y) ys.push_back(v);
  s.add(e.in_box && !e.kx && z3::forall(ys, !(e.mv && e.ky)));
  z3::check_result cr = s.check();
  if (cr == z3::sat) {
    r.failed_condition = "absorbing";
    r.position = read(s.get_model(), e.x);
  }
  timed_out(cr, r);
}

// Absorption by a witness: the strategy's move from every x outside K is legal and lands in K.
// Where it does not, whether x has any move into K at all is decided exactly for that x: only
// then is x a counterexample, else x is excluded and the search goes on.
void check_absorbing_by_witness(const KernelEncoding& e, NimFamily family, int k, const ClaimedSet& claim,
                                const Strategy& strategy, KernelProof& r) {
  z3::context& c = e.c;
  std::vector<z3::expr> wx = strategy(e.x);
  z3::expr good = move_relation(c, family, k, e.x, wx) && claim(wx);
  z3::solver s(c);
  s.set(e.p);
  s.add(e.in_box && !e.kx && !good);
  for (int round = 0; round < 10000; ++round) {
    z3::check_result cr = s.check();
    if (timed_out(cr, r) || cr == z3::unsat) break;
    // The strategy fails at x0: decide exactly whether x0 has any move into K.
    std::vector<unsigned long long> x0 = read(s.get_model(), e.x);
    z3::solver exact(c);
    exact.set(e.p);
    z3::expr_vector fix(c);
    for (std::size_t i = 0; i < e.x.size(); ++i) fix.push_back(e.x[i] == c.bv_val(static_cast<std::uint64_t>(x0[i]), e.width));
    exact.add(z3::mk_and(fix) && e.mv && e.ky);
    z3::check_result ce = exact.check();
    if (timed_out(ce, r)) break;
    if (ce == z3::unsat) {
      r.failed_condition = "absorbing";
      r.position = x0;
      break;
    }
    s.add(!z3::mk_and(fix));  // the strategy was merely suboptimal here; exclude x0
  }
}
}  // namespace

KernelProof prove_kernel(NimFamily family, int heaps, int bits, int k, const ClaimedSet& claim, AbsorbMode mode,
                         const Strategy& strategy, unsigned timeout_ms) {
  auto t0 = std::chrono::steady_clock::now();
  z3::context c;
  KernelEncoding e = encode_kernel(c, family, heaps, bits, k, claim, timeout_ms);
  KernelProof r;
  // Z3's own SIGINT handler is off (ctrl_c false): while the proof runs, this stops the context
  // when carve is interrupted (foundations/limits/interrupt.hpp), so the claim answers at once.
  limits::PollWatch watch(limits::interrupt_signal, [&c] { c.interrupt(); }, std::chrono::milliseconds(10));
  check_independent(e, r);
  if (r.failed_condition.empty() && mode == AbsorbMode::Quantified) {
    check_absorbing_quantified(e, r);
  } else if (r.failed_condition.empty()) {
    if (!strategy) throw std::invalid_argument("prove_kernel: AbsorbMode::Witness needs a strategy");
    check_absorbing_by_witness(e, family, k, claim, strategy, r);
  }
  r.proved = r.failed_condition.empty();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace carve::games
