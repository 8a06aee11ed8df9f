// A DRAT refutation that is cheap to write and slow to check, for tests of the checker's limits
// and interrupts. Invariant: the proof is valid (every lemma is RUP), so a run that stops on it
// stopped for its limit or signal, never for a rejection.
#pragma once
#include <fstream>
#include <string>

namespace carve::testing {

// Every lemma is core and needs a unit propagation along a chain of n implications: checking it
// costs n * m propagations (minutes for n = 10^5, m = 2 * 10^4).
// Variables: x_1..x_n, b = n+1, y_j = n+1+j. Formula: x_i -> x_i+1, y_j -> x_1, some y_j,
// x_n -> b, x_n -> not b. Proof: (not y_j or x_n) for every j, then (not x_n), then the empty clause.
inline void write_chain_refutation(const std::string& cnf, const std::string& proof, int n, int m) {
  std::ofstream f(cnf);
  f << "p cnf " << n + 1 + m << " " << (n - 1) + m + 1 + 2 << "\n";
  for (int i = 1; i < n; ++i) f << -i << " " << i + 1 << " 0\n";
  for (int j = 1; j <= m; ++j) f << -(n + 1 + j) << " 1 0\n";
  for (int j = 1; j <= m; ++j) f << n + 1 + j << " ";
  f << "0\n" << -n << " " << n + 1 << " 0\n" << -n << " " << -(n + 1) << " 0\n";
  std::ofstream p(proof);
  for (int j = 1; j <= m; ++j) p << -(n + 1 + j) << " " << n << " 0\n";
  p << -n << " 0\n0\n";
}

}  // namespace carve::testing
