// carve diff's play search by SAT for document 001 (engines/sat/joint/joint_hyper_play.hpp) against
// the enumerative search (questions/diff/play_diff.cpp), trusted at small size: readings of
// spec/triangle.carve with one type (`--vars N`) -- every pair of the five profiles, every switch
// of `literal` flipped alone that reaches legality, and flips of the other profiles -- compared at
// 1..kVars variables within kTurns turns: both find a difference at the same number of variables
// and turns, or both find none. The expected answer is the enumeration's, never the SAT search's
// own. Every refutation the SAT search reports as certified is read back from its files and checked
// again by checkers/drat; where the walks it encodes reach the proved joint bound (exact) a "none"
// must be certified bound by bound, where they do not it must not say "none".
// The default program: 2 variables within 3 turns (19 pairs; about 13 s). With CARVE_DIFF_SLOW
// (diff_slow_tests, label slow): 3 variables within 3 turns, the density flip left out and five
// duplicate and reroot flips added.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <unistd.h>

#include "checkers/drat/drat.hpp"
#include "tests/diff/diff_fixture.hpp"

namespace carve::testing::sat_plays_001 {
namespace {

#ifdef CARVE_DIFF_SLOW
constexpr int kVars = 3;
constexpr bool kMoreFlips = true;
#else
constexpr int kVars = 2;
constexpr bool kMoreFlips = false;
#endif
constexpr int kTurns = 3;
// The slow program's tests need names of their own: ctest keeps one test per name, and the
// default program's would otherwise be replaced by the slow ones (and left out with them).
#ifdef CARVE_DIFF_SLOW
#define PLAY_DIFF_SAT_001 PlayDiffSat001Slow
#else
#define PLAY_DIFF_SAT_001 PlayDiffSat001
#endif

std::string proof_folder(const std::string& name) {
  auto dir = std::filesystem::path(::testing::TempDir()) / ("sat-plays-001." + name + "." + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

diff::PlayOptions options(diff::PlaySearch search, int turns, const std::string& proofs = {}) {
  diff::PlayOptions o;
  o.search = search;
  o.max_turns = turns;
  o.proof_dir = proofs;
  return o;
}

// Each refutation reported certified, read back and checked by carve's DRAT checker.
void expect_certified_ones_check(const diff::PlayDiff& p) {
  for (const auto& c : p.certificates) {
    if (!c.certified) continue;
    const auto cnf = drat::read_cnf_file(c.cnf);
    const auto proof = drat::read_proof_file(c.proof);
    EXPECT_TRUE(drat::check(cnf, proof).accepted) << c.cnf;
  }
}

struct Pair {
  std::string a, b;
  std::vector<std::string> b_sets;
};

std::vector<Pair> pairs() {
  const std::vector<std::string> profiles{"literal", "simple", "trail", "cycle", "lenient"};
  std::vector<Pair> out;
  for (std::size_t i = 0; i < profiles.size(); ++i)
    for (std::size_t j = i + 1; j < profiles.size(); ++j) out.push_back({profiles[i], profiles[j], {}});
  // Every switch of literal flipped alone whose change reaches legality (start-win and iso are
  // victory only: compare_rules skips their plays).
  for (const char* s : {"path=trail", "path=simple", "path=simple-or-cycle", "density=factor", "duplicate=forbid",
                        "virtual-scope=formulas", "reroot=forbid"})
    out.push_back({"literal", "literal", {s}});
  // Flips of the other profiles whose difference needs a virtual edge kept by a stable turn and
  // named again (duplicate), or a path the other density reading rejects.
  out.push_back({"simple", "simple", {"duplicate=forbid"}});
  // (At 3 variables the density flips' third bound takes minutes: docs/diff.md, Measured.)
  if (!kMoreFlips) out.push_back({"cycle", "cycle", {"density=subsequence"}});
  if (!kMoreFlips) return out;
  for (const char* p : {"trail", "cycle"}) out.push_back({p, p, {"duplicate=forbid"}});
  for (const char* p : {"simple", "trail", "cycle"}) out.push_back({p, p, {"reroot=forbid"}});
  return out;
}

std::string label(const Pair& p) { return p.a + " | " + p.b + (p.b_sets.empty() ? "" : " " + p.b_sets[0]); }

TEST(PLAY_DIFF_SAT_001, AgreesWithEnumerationOnTriangleReadings) {
  std::vector<int> scopes;
  for (int v = 1; v <= kVars; ++v) scopes.push_back(v);
  const std::string proofs = proof_folder("agree");
  for (const auto& p : pairs()) {
    SCOPED_TRACE(label(p));
    const auto a = triangle_reading(p.a), b = triangle_reading(p.b, p.b_sets);
    const auto expected = diff::play_diff(a, b, scopes, options(diff::PlaySearch::Enumerate, kTurns), false);
    const auto got = diff::play_diff(a, b, scopes, options(diff::PlaySearch::Sat, kTurns, proofs), false);
    ASSERT_NE(expected.status, diff::PlayDiff::Status::Unknown) << expected.reason;
    expect_certified_ones_check(got);
    if (expected.difference) {
      ASSERT_EQ(got.status, diff::PlayDiff::Status::Found) << got.reason;
      EXPECT_EQ(got.difference->scope, expected.difference->scope);
      EXPECT_EQ(got.difference->play.size(), expected.difference->play.size());
      // Every bound below the difference at its scope, and every bound of the smaller scopes, refuted.
      EXPECT_EQ(got.certificates.size(),
                static_cast<std::size_t>((got.difference->scope - 1) * kTurns) + got.difference->play.size() - 1);
      continue;
    }
    // No difference: certified bound by bound where the walks reach the proved bound; else `unknown`, never "none".
    if (got.exact) {
      ASSERT_EQ(got.status, diff::PlayDiff::Status::None) << got.reason;
      ASSERT_EQ(got.certificates.size(), static_cast<std::size_t>(kVars * kTurns));
      for (const auto& c : got.certificates) EXPECT_TRUE(c.certified) << c.scope << " variables, " << c.turns << " turns: " << c.detail;
    } else {
      EXPECT_EQ(got.status, diff::PlayDiff::Status::Unknown) << "walks cut short must not give \"none\"";
    }
  }
  std::filesystem::remove_all(proofs);
}

// With one variable no tuple of U lies outside E_Ω (Θ and Ω have one instance each, both
// inherent), so no turn can be played under any reading: every bound is refuted, over the whole
// universe, and certified.
TEST(PLAY_DIFF_SAT_001, OneVariableHasNoPlayAndEveryBoundIsCertified) {
  const auto a = triangle_reading("literal"), b = triangle_reading("simple");
  const std::string proofs = proof_folder("one");
  const auto got = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Sat, 2, proofs), false);
  ASSERT_EQ(got.status, diff::PlayDiff::Status::None) << got.reason;
  ASSERT_EQ(got.certificates.size(), 2u);
  for (const auto& c : got.certificates) EXPECT_TRUE(c.certified) << c.detail;
  expect_certified_ones_check(got);
  std::filesystem::remove_all(proofs);
}

// Walks cut below the proved joint bound (walk_length 2): the refutations cover those walks only,
// so a search that finds no difference must answer `unknown` with every certificate "not
// certified" -- never "none". literal against duplicate=forbid parts only at 3 turns (a stable turn
// keeps a virtual edge that e_new names again), so within 2 turns nothing is found.
TEST(PLAY_DIFF_SAT_001, WalksCutShortAreNeverACertifiedNone) {
  const auto a = triangle_reading("literal"), b = triangle_reading("literal", {"duplicate=forbid"});
  const std::string proofs = proof_folder("cut");
  auto o = options(diff::PlaySearch::Sat, 2, proofs);
  o.walk_length = 2;
  const auto got = diff::play_diff(a, b, {2}, o, false);
  EXPECT_FALSE(got.exact);
  ASSERT_EQ(got.status, diff::PlayDiff::Status::Unknown) << got.reason;
  EXPECT_NE(got.reason.find("not certified"), std::string::npos) << got.reason;
  ASSERT_EQ(got.certificates.size(), 2u);
  for (const auto& c : got.certificates) {
    EXPECT_FALSE(c.certified);
    EXPECT_NE(c.detail.find("walks of at most 2 steps"), std::string::npos) << c.detail;
  }
  std::filesystem::remove_all(proofs);
}

// The scope reduction is used for the search, the whole universe for the certificate: at 2
// variables within 2 turns the reduced scope keeps fewer tuples than U has, so each certified
// refutation's formula is the whole universe's (its detail says so).
TEST(PLAY_DIFF_SAT_001, CertificatesAreOverTheWholeUniverse) {
  const auto a = triangle_reading("simple"), b = triangle_reading("simple", {"duplicate=forbid"});
  const std::string proofs = proof_folder("whole");
  const auto got = diff::play_diff(a, b, {2}, options(diff::PlaySearch::Sat, 2, proofs), false);
  ASSERT_EQ(got.status, diff::PlayDiff::Status::None) << got.reason;
  ASSERT_EQ(got.certificates.size(), 2u);
  for (const auto& c : got.certificates) {
    EXPECT_TRUE(c.certified) << c.detail;
    EXPECT_NE(c.detail.find("over the whole universe"), std::string::npos) << c.detail;
  }
  expect_certified_ones_check(got);
  std::filesystem::remove_all(proofs);
}

// Past the whole universe (docs/diff.md, "The scope, and what a certificate refutes"): under
// virtual-scope=formulas at 3 variables U has more tuples than kWholeUniverseTuples (hyper_scope.hpp:
// 14.3 million Θ tuples), so -- as carve solve's no-win there -- each bound is certified over the
// search's reduced scope by its checked proof and the scope theorem, which the certificate states
// (by_symmetry, the CNF's head), never as a whole-universe certificate and never silently. simple
// against duplicate=forbid cannot part within 1 turn (a duplicate needs a virtual edge already
// present, and S_0 has none), so the bound is refuted. Its proof, tampered with, is rejected by the
// checker, as every certificate's is.
TEST(PLAY_DIFF_SAT_001, PastTheWholeUniverseBoundsAreCertifiedByTheScopeTheorem) {
  const auto a = triangle_reading("lenient", {"path=simple"}), b = triangle_reading("lenient", {"path=simple", "duplicate=forbid"});
  const std::string proofs = proof_folder("symmetry");
  const auto got = diff::play_diff(a, b, {3}, options(diff::PlaySearch::Sat, 1, proofs), false);
  ASSERT_EQ(got.status, diff::PlayDiff::Status::None) << got.reason;
  ASSERT_EQ(got.certificates.size(), 1u);
  const auto& c = got.certificates[0];
  ASSERT_TRUE(c.certified) << c.detail;
  ASSERT_TRUE(c.universe.has_value());
  EXPECT_TRUE(c.universe->by_symmetry);
  EXPECT_LT(c.universe->elements, c.universe->whole_elements);
  EXPECT_NE(c.detail.find("certified by the proof and the scope theorem"), std::string::npos) << c.detail;
  EXPECT_NE(c.universe->statement.find("more than 200000 tuples to write"), std::string::npos) << c.universe->statement;
  // The CNF's head states the theorem in solve's words.
  std::ifstream in(c.cnf);
  std::string head, line;
  while (std::getline(in, line) && line.rfind("c ", 0) == 0) head += line + "\n";
  EXPECT_NE(head.find("holds by this proof and the scope theorem of engines/sat/hypergraph/hyper_scope.cpp"), std::string::npos) << head;
  EXPECT_NE(head.find("read for a pair of readings"), std::string::npos) << head;
  // The proof checks as written, and not once cut to half its bytes (a proof that no longer reads
  // is rejected as well: `carve verify-proof` says so with a non-zero exit).
  const auto cnf = drat::read_cnf_file(c.cnf);
  auto accepted = [&]() {
    try {
      return drat::check(cnf, drat::read_proof_file(c.proof)).accepted;
    } catch (const std::exception&) {
      return false;
    }
  };
  EXPECT_TRUE(accepted());
  std::filesystem::resize_file(c.proof, std::filesystem::file_size(c.proof) / 2);
  EXPECT_FALSE(accepted());
  std::filesystem::remove_all(proofs);
}

}  // namespace
}  // namespace carve::testing::sat_plays_001
