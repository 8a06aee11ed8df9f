// games/z3_kernel.cpp — Z3 kernel proofs for Nim, staircase Nim and Nim-k (see z3_kernel.hpp).
#include "games/z3_kernel.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdint>

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
}  // namespace

KernelProof prove_kernel(NimFamily family, int heaps, int bits, int k, const ClaimedSet& claim) {
  auto t0 = std::chrono::steady_clock::now();
  z3::context c;
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
  KernelProof r;
  {  // independence: no move from K stays in K
    z3::solver s(c);
    s.add(in_box && kx && mv && ky);
    if (s.check() == z3::sat) {
      r.failed_condition = "independent";
      r.position = read(s.get_model(), x);
      r.successor = read(s.get_model(), y);
    }
  }
  if (r.failed_condition.empty()) {  // absorbing: every position outside K has a move into K
    z3::solver s(c);
    z3::expr_vector ys(c);
    for (const z3::expr& e : y) ys.push_back(e);
    s.add(in_box && !kx && z3::forall(ys, !(mv && ky)));
    if (s.check() == z3::sat) {
      r.failed_condition = "absorbing";
      r.position = read(s.get_model(), x);
    }
  }
  r.proved = r.failed_condition.empty();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace carve::games
