// The Z3 back end against CaDiCaL on formulas whose answers are known by hand or by counting:
// pigeonhole formulas, at-most-one (native on Z3, sequential counter on CaDiCaL) checked
// assignment by assignment, seeded random 3-CNF near the threshold, assumptions and failed
// assumptions, the deadline; then the SAT search itself on Z3 against explicit search.
#include <gtest/gtest.h>

#include <random>

#include "engines/solvers/cadical_backend.hpp"
#include "engines/solvers/cnf.hpp"
#include "engines/solvers/z3_backend.hpp"
#include "tests/encoder/agree.hpp"

namespace carve::encoder {
namespace {

using Clauses = std::vector<std::vector<int>>;

bool satisfies(SatBackend& b, const Clauses& f) {
  for (const auto& c : f) {
    bool any = false;
    for (int l : c) any = any || b.value(l);
    if (!any) return false;
  }
  return true;
}

SolveStatus solve_with(SatBackend& b, int vars, const Clauses& f, const std::vector<int>& assumptions = {}) {
  for (int v = 0; v < vars; ++v) b.new_var();
  for (const auto& c : f) b.add_clause(c);
  const auto s = b.solve(assumptions);
  if (s == SolveStatus::Sat) {
    EXPECT_TRUE(satisfies(b, f));
  }
  return s;
}

// n + 1 pigeons in n holes: p(i, h) = i * n + h + 1.
Clauses pigeonhole(int n, int pigeons) {
  Clauses f;
  for (int i = 0; i < pigeons; ++i) {
    std::vector<int> some;
    for (int h = 0; h < n; ++h) some.push_back(i * n + h + 1);
    f.push_back(some);
  }
  for (int h = 0; h < n; ++h)
    for (int i = 0; i < pigeons; ++i)
      for (int j = i + 1; j < pigeons; ++j) f.push_back({-(i * n + h + 1), -(j * n + h + 1)});
  return f;
}

TEST(Z3Backend, PigeonholeAgreesWithCadical) {
  for (int n = 2; n <= 5; ++n) {
    for (int pigeons : {n, n + 1}) {
      Z3Backend z;
      CadicalBackend c;
      const auto expected = pigeons <= n ? SolveStatus::Sat : SolveStatus::Unsat;
      EXPECT_EQ(solve_with(z, n * pigeons, pigeonhole(n, pigeons)), expected) << n << " holes, " << pigeons << " pigeons";
      EXPECT_EQ(solve_with(c, n * pigeons, pigeonhole(n, pigeons)), expected) << n << " holes, " << pigeons << " pigeons";
    }
  }
}

// Every assignment of 7 literals pinned by assumptions: at most one true exactly when the
// popcount is at most 1, whether Z3 takes the constraint natively or as clauses. The row of 7
// goes native exactly when the threshold is 2..7 (0 is never).
TEST(Z3Backend, AtMostOneNativeAndClausesAgreeOnEveryAssignment) {
  for (std::size_t from : {0u, 2u, 7u, 8u, 128u}) {
    const bool native = from != 0 && from <= 7;
    Z3Backend z(Z3Options{0, 0, from});
    CadicalBackend c;
    Cnf zc(z), cc(c);
    std::vector<int> zl, cl;
    for (int i = 0; i < 7; ++i) {
      zl.push_back(zc.var());
      cl.push_back(cc.var());
    }
    zc.at_most_one(zl);
    cc.at_most_one(cl);
    EXPECT_EQ(zc.native_constraints(), native ? 1u : 0u) << "from " << from;
    EXPECT_EQ(cc.native_constraints(), 0u);
    for (unsigned mask = 0; mask < 128; ++mask) {
      std::vector<int> za, ca;
      for (int i = 0; i < 7; ++i) {
        za.push_back(mask >> i & 1 ? zl[static_cast<std::size_t>(i)] : -zl[static_cast<std::size_t>(i)]);
        ca.push_back(mask >> i & 1 ? cl[static_cast<std::size_t>(i)] : -cl[static_cast<std::size_t>(i)]);
      }
      const auto want = __builtin_popcount(mask) <= 1 ? SolveStatus::Sat : SolveStatus::Unsat;
      EXPECT_EQ(z.solve(za), want) << "from " << from << " mask " << mask;
      EXPECT_EQ(c.solve(ca), want) << "mask " << mask;
    }
  }
}

TEST(Z3Backend, RandomThreeCnfAgreesWithCadical) {
  std::mt19937 rng(20261122);
  int sat = 0, unsat = 0;
  for (int round = 0; round < 60; ++round) {
    const int n = 30, m = 128;  // ratio 4.27: about half satisfiable
    Clauses f;
    std::uniform_int_distribution<int> var(1, n), sign(0, 1);
    for (int i = 0; i < m; ++i) {
      std::vector<int> c;
      for (int j = 0; j < 3; ++j) c.push_back(sign(rng) ? var(rng) : -var(rng));
      f.push_back(c);
    }
    Z3Backend z(Z3Options{static_cast<unsigned>(round), 0, round % 2 == 0 ? 2u : 0u});
    CadicalBackend c;
    const auto a = solve_with(z, n, f), b = solve_with(c, n, f);
    EXPECT_EQ(a, b) << "round " << round;
    (b == SolveStatus::Sat ? sat : unsat)++;
  }
  EXPECT_GT(sat, 5);
  EXPECT_GT(unsat, 5);
}

TEST(Z3Backend, AssumptionsAreTemporary) {
  Z3Backend z;
  // x1 -> x2, x2 -> x3.
  EXPECT_EQ(solve_with(z, 3, {{-1, 2}, {-2, 3}}, {1, -3}), SolveStatus::Unsat);
  EXPECT_EQ(z.solve({1}), SolveStatus::Sat);
  EXPECT_TRUE(z.value(3));
  EXPECT_FALSE(z.value(-3));
  EXPECT_EQ(z.solve({-3}), SolveStatus::Sat);
  EXPECT_FALSE(z.value(1));
}

TEST(Z3Backend, PastDeadlineAnswersUnknownWithAReason) {
  Z3Backend z;
  z.set_deadline(std::chrono::steady_clock::now() - std::chrono::seconds(1));
  EXPECT_EQ(solve_with(z, 3, {{1, 2}}), SolveStatus::Unknown);
  EXPECT_NE(z.reason_unknown().find("time limit"), std::string::npos) << z.reason_unknown();
}

// A deadline inside the check: Z3's "timeout" stops a pigeonhole formula far beyond 0.3 s
// (12 pigeons, 11 holes, pairwise clauses) and the answer is Unknown, not a verdict.
TEST(Z3Backend, DeadlineStopsALongCheck) {
  Z3Backend z(Z3Options{0, 0, 0});
  z.set_deadline(std::chrono::steady_clock::now() + std::chrono::milliseconds(300));
  EXPECT_EQ(solve_with(z, 11 * 12, pigeonhole(11, 12)), SolveStatus::Unknown);
  EXPECT_NE(z.reason_unknown().find("time limit"), std::string::npos) << z.reason_unknown();
}

TEST(Z3Backend, ReportsNameVersionAndSeed) {
  Z3Backend z(Z3Options{7, 0, 2});
  EXPECT_EQ(z.name(), "z3");
  EXPECT_EQ(z.configuration(), "QF_FD, every at-most-one as native atmost");
  EXPECT_EQ(Z3Backend().configuration(), "QF_FD, native atmost from 512 literals");
  EXPECT_EQ(z.seed(), 7u);
  EXPECT_EQ(z.version().rfind("4.", 0), 0u) << z.version();
  CadicalBackend c(5);
  EXPECT_EQ(c.name(), "cadical");
  EXPECT_EQ(c.seed(), 5u);
}

// The SAT search on Z3 (the smt engine) against explicit search: every path kind at depth 2,
// walks under literal and lenient.
TEST(Z3Search, Depth2AllKindsAgreeWithExplicit) {
  for (const std::string path : {"walk", "trail", "simple", "simple-or-cycle"})
    for (const std::string t : {"K1", "K2", "P3", "K3", "C4"})
      agree({path, path == "walk" ? "subsequence" : "factor", t, 2, 3, false, 0, elab::Solver::Z3});
  for (const std::string t : {"K1", "P3", "K1,3"}) agree({"walk", "factor", t, 2, 3, true, 0, elab::Solver::Z3});
}

TEST(Z3Search, SimpleDepth3AgreesWithExplicit) {
  for (const std::string t : {"K1", "K2", "P3"}) agree({"simple", "factor", t, 3, 3, false, 0, elab::Solver::Z3});
}

}  // namespace
}  // namespace carve::encoder
