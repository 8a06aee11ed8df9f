// Random tiny formulas with random "proofs", drawn from a seed, for the checkers' brute-force
// cross-checks (checker_test against the naive checker, forward_test against the backward check):
// 3-6 variables, 4-17 clauses of 1-3 literals; up to 7 proof steps of 0-2 literals over one more
// variable, a quarter of them deletions, then the empty clause.
// Invariant: a seed always gives the same sequence of cases.
#pragma once

#include <cstdint>
#include <vector>

#include "checkers/drat/drat.hpp"

namespace carve::drat::testing {

struct RandomCase {
  Cnf formula;
  Proof proof;
};

class RandomProofs {
 public:
  explicit RandomProofs(std::uint64_t seed) : state_(seed) {}

  RandomCase next() {
    RandomCase out;
    const int vars = 3 + static_cast<int>(rnd(4));
    const int clauses = 4 + static_cast<int>(rnd(14));
    for (int i = 0; i < clauses; ++i) out.formula.add_clause(clause(1 + static_cast<int>(rnd(3)), vars));
    out.formula.num_vars = vars;
    const int steps = static_cast<int>(rnd(8));
    for (int s = 0; s < steps; ++s) {
      const auto c = clause(static_cast<int>(rnd(3)), vars + 1);
      out.proof.add_step(rnd(4) == 0, c);
    }
    out.proof.add_step(false, {});
    return out;
  }

 private:
  std::uint64_t rnd(std::uint64_t n) {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return (state_ >> 33) % n;
  }
  std::vector<std::int32_t> clause(int len, int vars) {
    std::vector<std::int32_t> c;
    for (int k = 0; k < len; ++k) {
      const auto v = static_cast<std::int32_t>(1 + rnd(static_cast<std::uint64_t>(vars)));
      c.push_back(rnd(2) ? v : -v);
    }
    return c;
  }

  std::uint64_t state_;
};

}  // namespace carve::drat::testing
