// Generators of standard UNSAT CNF families for the DRAT tests and the bench: pigeonhole,
// random 3-SAT, and parity chains. Invariant: deterministic for given parameters and seed
// (own PRNG, no std:: distributions whose output differs between library versions).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "checkers/drat/drat.hpp"

namespace carve::drat::families {

struct Rng {  // splitmix64
  std::uint64_t state;
  explicit Rng(std::uint64_t seed) : state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }
};

// n pigeons into n-1 holes. Variable p*(n-1)+h+1: pigeon p sits in hole h.
inline Cnf pigeonhole(int n) {
  Cnf cnf;
  const int holes = n - 1;
  auto var = [&](int p, int h) { return p * holes + h + 1; };
  for (int p = 0; p < n; ++p) {
    std::vector<std::int32_t> clause;
    for (int h = 0; h < holes; ++h) clause.push_back(var(p, h));
    cnf.add_clause(clause);
  }
  for (int h = 0; h < holes; ++h) {
    for (int p = 0; p < n; ++p) {
      for (int q = p + 1; q < n; ++q) cnf.add_clause({-var(p, h), -var(q, h)});
    }
  }
  cnf.num_vars = n * holes;
  return cnf;
}

// Uniform random 3-SAT: round(ratio * vars) clauses of 3 distinct variables.
inline Cnf random_3sat(int vars, double ratio, std::uint64_t seed) {
  Rng rng(seed);
  Cnf cnf;
  const auto clauses = static_cast<int>(ratio * vars + 0.5);
  for (int i = 0; i < clauses; ++i) {
    std::vector<std::int32_t> clause;
    while (clause.size() < 3) {
      const auto v = static_cast<std::int32_t>(rng.below(static_cast<std::uint64_t>(vars)) + 1);
      if (std::find(clause.begin(), clause.end(), v) != clause.end() ||
          std::find(clause.begin(), clause.end(), -v) != clause.end()) {
        continue;
      }
      clause.push_back(rng.below(2) ? v : -v);
    }
    cnf.add_clause(clause);
  }
  cnf.num_vars = vars;
  return cnf;
}

// Tseitin encoding of out = a xor b (4 clauses).
inline void add_xor(Cnf& cnf, std::int32_t out, std::int32_t a, std::int32_t b) {
  cnf.add_clause({-out, a, b});
  cnf.add_clause({-out, -a, -b});
  cnf.add_clause({out, -a, b});
  cnf.add_clause({out, a, -b});
}

// Parity chains: x1 xor ... xor xn computed twice through chains of Tseitin xor gates, the
// second time in a shuffled order; the first chain must be 0 and the second 1.
inline Cnf parity_chains(int n, std::uint64_t seed) {
  Rng rng(seed);
  Cnf cnf;
  std::int32_t next = n + 1;
  std::vector<std::int32_t> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i + 1;
  std::int32_t results[2];
  for (int chain = 0; chain < 2; ++chain) {
    if (chain == 1) {
      for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    }
    std::int32_t acc = order[0];
    for (std::size_t i = 1; i < order.size(); ++i) {
      const std::int32_t out = next++;
      add_xor(cnf, out, acc, order[i]);
      acc = out;
    }
    results[chain] = acc;
  }
  cnf.add_clause({-results[0]});
  cnf.add_clause({results[1]});
  cnf.num_vars = next - 1;
  return cnf;
}

inline std::string to_dimacs(const Cnf& cnf) {
  std::string out = "p cnf " + std::to_string(cnf.num_vars) + " " + std::to_string(cnf.num_clauses()) + "\n";
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (std::size_t k = cnf.offsets[i]; k < cnf.offsets[i + 1]; ++k) out += std::to_string(cnf.lits[k]) + " ";
    out += "0\n";
  }
  return out;
}

}  // namespace carve::drat::families
