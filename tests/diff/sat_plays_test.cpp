// carve diff's play search by SAT (engines/sat/joint, questions/diff/sat_play_diff.cpp) against
// the enumerative search (questions/diff/play_diff.cpp), trusted at small size: on every pair of
// the five profiles of spec/binary_tree.carve, every switch flipped alone from `literal`, and the
// other profiles' flips whose first difference needs more than two turns, both
// find a difference at the same depth and the same number of turns, or both find none -- the
// expected answer is the enumerative one, never the SAT search's own. Walks get the proved joint
// walk bound at these sizes (joint_play.cpp), so every search is exact and every refutation
// certified; where the budget forces walks below it (BoundedWalksAreNeverACertifiedNone) the SAT
// search must answer `unknown` rather than "none", its refutations "not certified". Every
// refutation is checked again here from its files by checkers/drat.
// The default program runs the 18 pairs at depths 1..2 within 3 turns, the SAT search of each
// within kSatSeconds: a pair whose SAT search reaches it (literal against density=factor, whose
// depth-2 refutations carry walks of hundreds of steps) must end `unknown`, or with the probe's
// difference (the enumeration's) said not to be shown shortest -- never in another answer. With CARVE_DIFF_SLOW (diff_slow_tests, label
// slow) the limit is 400 s a pair, above the 5-6 minutes that depth-2 refutation took at load 3-4,
// and also the other profiles' flips within 4 turns: there
// simple against density=subsequence answers "none" (its first difference needs 5 turns at depth
// 2), every bound refuted and certified.
#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>
#include <unistd.h>

#include "checkers/drat/drat.hpp"
#include "tests/diff/diff_fixture.hpp"

namespace carve::testing::sat_plays {
namespace {

const std::string kTree = "spec/binary_tree.carve";
constexpr int kDepth = 2;
#ifdef CARVE_DIFF_SLOW
constexpr int kTurns = 4;
constexpr bool kOtherProfilesFlips = true;
constexpr double kSatSeconds = 400;
#else
constexpr int kTurns = 3;
constexpr bool kOtherProfilesFlips = false;
constexpr double kSatSeconds = 30;
#endif
// The slow program's tests need names of their own: ctest keeps one test per name, and the
// default program's would otherwise be replaced by the slow ones (and left out with them).
#ifdef CARVE_DIFF_SLOW
#define PLAY_DIFF_SAT PlayDiffSatSlow
#else
#define PLAY_DIFF_SAT PlayDiffSat
#endif

std::string proof_folder(const std::string& name) {
  auto dir = std::filesystem::path(::testing::TempDir()) / ("sat-plays." + name + "." + std::to_string(::getpid()));
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

// Each refutation, read back and checked by carve's DRAT checker: certified where every path bound
// is proved (exact), else "not certified" although its proof is accepted (walks cut below the
// proved joint walk bound: joint_play.cpp).
void expect_certificates_check(const diff::PlayDiff& p) {
  for (const auto& c : p.certificates) {
    if (p.exact) {
      ASSERT_TRUE(c.certified) << "depth " << c.scope << ", " << c.turns << " turns: " << c.detail;
    } else {
      EXPECT_FALSE(c.certified) << "depth " << c.scope << ", " << c.turns << " turns: " << c.detail;
      EXPECT_NE(c.detail.find("not certified: the DRAT proof is accepted, but it covers collapse walks of at most"), std::string::npos)
          << c.detail;
    }
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
  // Every switch flipped alone from literal whose change reaches legality (start-win and iso are
  // victory only: compare_rules skips their plays).
  for (const char* s : {"path=trail", "path=simple", "path=simple-or-cycle", "density=factor", "loop=allow", "duplicate=forbid",
                        "readd=allow", "reroot=forbid"})
    out.push_back({"literal", "literal", {s}});
  // The flips of the other profiles whose first difference needs more than two turns: density
  // (4 and 5 turns at depth 2 under simple paths, trails and cycles; 3 under walks) and duplicate
  // under simple paths (4 turns at depth 1).
  if (!kOtherProfilesFlips) return out;
  for (const char* p : {"simple", "trail", "cycle", "lenient"}) out.push_back({p, p, {"density=subsequence"}});
  out.push_back({"simple", "simple", {"duplicate=forbid"}});
  return out;
}

std::string label(const Pair& p) { return p.a + " | " + p.b + (p.b_sets.empty() ? "" : " " + p.b_sets[0]); }

TEST(PLAY_DIFF_SAT, AgreesWithEnumerationOnEveryProfilePairAndSwitch) {
  std::vector<int> scopes;
  for (int d = 1; d <= kDepth; ++d) scopes.push_back(d);
  const std::string proofs = proof_folder("agree");
  for (const auto& p : pairs()) {
    SCOPED_TRACE(label(p));
    const auto a = reading(kTree, p.a), b = reading(kTree, p.b, p.b_sets);
    const auto expected = diff::play_diff(a, b, scopes, options(diff::PlaySearch::Enumerate, kTurns), false);
    auto sat = options(diff::PlaySearch::Sat, kTurns, proofs);
    sat.limits.timeout_seconds = kSatSeconds;
    const auto got = diff::play_diff(a, b, scopes, sat, false);
    // At depth <= 2 every walk bound is the proved one (its step literals fit the budget).
    EXPECT_TRUE(got.exact);
    if (kSatSeconds > 0 && got.status == diff::PlayDiff::Status::Unknown) {  // the limit: no answer, never a wrong one
      EXPECT_FALSE(got.difference.has_value());
      expect_certificates_check(got);
      continue;
    }
    ASSERT_EQ(got.status, expected.status) << got.reason;
    if (expected.difference) {
      EXPECT_EQ(got.difference->scope, expected.difference->scope);
      EXPECT_EQ(got.difference->play.size(), expected.difference->play.size());
      // Every bound below the difference at its scope, and every bound of the smaller scopes,
      // refuted -- or, where the limit cut the refutations below a difference the probe found
      // (walks), fewer, and the report says the play is not shown shortest.
      const std::size_t below = static_cast<std::size_t>((got.difference->scope - 1) * kTurns) + got.difference->play.size() - 1;
      if (got.shortest_open.empty()) {
        EXPECT_EQ(got.certificates.size(), below);
      } else {
        EXPECT_LT(got.certificates.size(), below);
        EXPECT_NE(got.shortest_open.find("not excluded"), std::string::npos) << got.shortest_open;
      }
    } else {
      EXPECT_EQ(got.certificates.size(), static_cast<std::size_t>(kDepth * kTurns));
    }
    expect_certificates_check(got);
  }
  std::filesystem::remove_all(proofs);
}

// literal against duplicate=forbid: the first difference needs a present virtual edge named again
// by e_new, which takes a stable turn keeping it and then a third turn (docs/diff.md) -- so within
// two turns at depth 1 the enumeration finds none (and within 3 turns at depth 2 it finds that
// play at depth 1, turn 3, nothing earlier). Both read walks; with walks cut below the proved joint
// walk bound (joint_play.cpp) the SAT search must not say "none" -- it answers `unknown`, saying
// why, each refutation's proof accepted but "not certified". Two ways to cut: --walk-length's
// option at 3 edges (the trail bound of turn 1 at depth 1, which the formula used before the bound
// was proved), and the step-literal budget at depth 4, where the proved bound (hundreds of steps
// times 465 pairs) passes kWalkStepLiterals and the formula falls back to the trail bound -- one
// turn there, where duplicate=forbid cannot differ (no virtual edge is present to be named again).
TEST(PLAY_DIFF_SAT, BoundedWalksAreNeverACertifiedNone) {
  const auto a = reading(kTree, "literal"), b = reading(kTree, "literal", {"duplicate=forbid"});
  const auto expected = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Enumerate, 2), false);
  ASSERT_EQ(expected.status, diff::PlayDiff::Status::None);
  const std::string proofs = proof_folder("walks");
  auto cut = options(diff::PlaySearch::Sat, 2, proofs);
  cut.walk_length = 3;
  const auto got = diff::play_diff(a, b, {1}, cut, false);
  EXPECT_FALSE(got.exact);
  ASSERT_EQ(got.status, diff::PlayDiff::Status::Unknown) << got.reason;
  EXPECT_NE(got.reason.find("walks are cut below the proved joint bound"), std::string::npos) << got.reason;
  EXPECT_NE(got.reason.find("not certified"), std::string::npos) << got.reason;
  ASSERT_EQ(got.certificates.size(), 2u);
  expect_certificates_check(got);
  const auto budget = diff::play_diff(a, b, {4}, options(diff::PlaySearch::Sat, 1, proofs), false);
  EXPECT_FALSE(budget.exact);
  ASSERT_EQ(budget.status, diff::PlayDiff::Status::Unknown) << budget.reason;
  EXPECT_NE(budget.reason.find("collapse walks of at most 31 edges"), std::string::npos) << budget.reason;  // 30 tree edges + 1
  ASSERT_EQ(budget.certificates.size(), 1u);
  expect_certificates_check(budget);
  std::filesystem::remove_all(proofs);
}

// The same pair within the proved joint walk bound (joint_play.cpp: at depth 1, 3 vertices and
// walks of at most (|K| + 1)(S + 1) edges, its step literals far inside the budget): the SAT
// search is exact and says "none" within 2 turns -- the enumeration's answer -- each of its two
// refutations certified; and at depth 2 within 3 turns it finds the enumeration's play (depth 1,
// 3 turns) after certifying every bound before it.
TEST(PLAY_DIFF_SAT, WalksWithinTheProvedBoundCertifyNone) {
  const auto a = reading(kTree, "literal"), b = reading(kTree, "literal", {"duplicate=forbid"});
  const auto expected = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Enumerate, 2), false);
  ASSERT_EQ(expected.status, diff::PlayDiff::Status::None);
  const std::string proofs = proof_folder("walks-none");
  const auto got = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Sat, 2, proofs), false);
  EXPECT_TRUE(got.exact);
  ASSERT_EQ(got.status, diff::PlayDiff::Status::None) << got.reason;
  ASSERT_EQ(got.certificates.size(), 2u);
  for (const auto& c : got.certificates) EXPECT_TRUE(c.certified) << c.detail;
  expect_certificates_check(got);
  const auto at3 = diff::play_diff(a, b, {1, 2}, options(diff::PlaySearch::Enumerate, 3), false);
  const auto sat3 = diff::play_diff(a, b, {1, 2}, options(diff::PlaySearch::Sat, 3, proofs), false);
  EXPECT_TRUE(sat3.exact);
  ASSERT_TRUE(at3.difference && sat3.difference) << sat3.reason;
  EXPECT_EQ(sat3.difference->scope, at3.difference->scope);
  EXPECT_EQ(sat3.difference->play.size(), at3.difference->play.size());
  ASSERT_EQ(sat3.certificates.size(), 2u);
  for (const auto& c : sat3.certificates) EXPECT_TRUE(c.certified) << c.detail;
  std::filesystem::remove_all(proofs);
}

// Where walks are read, plays with walks cut to the trail bound are probed first (sat_play_diff.cpp):
// literal against duplicate=forbid, 3 turns at depth 1 -- the probe finds the enumeration's play
// of 3 turns, and it is reported as shortest after the bounds 1 and 2 are refuted at the proved
// walk bound and certified. A limit reached during those refutations (here thrown by the progress
// report of the first of them) still reports the play, a real difference that replays, but says
// which bounds below it stay open -- never "shortest", never `unknown` with a difference in hand.
TEST(PLAY_DIFF_SAT, AProbedDifferenceIsShortestOnlyOnceTheBoundsBelowAreRefuted) {
  const auto a = reading(kTree, "literal"), b = reading(kTree, "literal", {"duplicate=forbid"});
  const auto expected = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Enumerate, 3), false);
  ASSERT_TRUE(expected.difference);
  ASSERT_EQ(expected.difference->play.size(), 3u);
  const std::string proofs = proof_folder("probe");
  auto sat = options(diff::PlaySearch::Sat, 3, proofs);
  std::vector<std::string> reports;
  sat.progress = [&](const std::string& line) { reports.push_back(line); };
  const auto got = diff::play_diff(a, b, {1}, sat, false);
  ASSERT_EQ(got.status, diff::PlayDiff::Status::Found) << got.reason;
  EXPECT_EQ(got.difference->play.size(), 3u);
  EXPECT_TRUE(got.shortest_open.empty()) << got.shortest_open;
  EXPECT_TRUE(got.exact);
  ASSERT_EQ(got.certificates.size(), 2u);
  for (const auto& c : got.certificates) EXPECT_TRUE(c.certified) << c.detail;
  expect_certificates_check(got);
  const auto probing = std::count_if(reports.begin(), reports.end(), [](const std::string& l) { return l.find("probing") != std::string::npos; });
  EXPECT_EQ(probing, 3) << "the probe stops at the bound of its difference";

  auto cut = sat;
  cut.progress = [](const std::string& line) {
    if (line.find("at the proved walk bound") != std::string::npos) throw limits::LimitReached("the test's limit");
  };
  const auto open = diff::play_diff(a, b, {1}, cut, false);
  ASSERT_EQ(open.status, diff::PlayDiff::Status::Found) << open.reason;
  EXPECT_EQ(open.difference->play.size(), 3u);
  EXPECT_TRUE(open.certificates.empty());
  EXPECT_EQ(open.covered_turns, 0);
  EXPECT_NE(open.shortest_open.find("plays of 1 to 2 turns at depth 1"), std::string::npos) << open.shortest_open;
  EXPECT_NE(open.shortest_open.find("the test's limit"), std::string::npos) << open.shortest_open;
  const model::Game ga = a(1), gb = b(1);
  const model::Game* games[2] = {&ga, &gb};
  EXPECT_NO_THROW(diff::confirm(games, *open.difference));  // the reported play replays as stated
  std::filesystem::remove_all(proofs);
}

// --jobs (PlayOptions::jobs): the turn bounds of a depth refuted side by side, each its own
// formula and solver, read back in turn order. The answers are the enumeration's, as in one
// thread: "none" with every bound certified in turn order (simple | duplicate=forbid, 3 turns at
// depth 1), the probed play of 3 turns shown shortest (literal | duplicate=forbid), and the first
// difference of a pair without walks (simple | trail at depths 1..2 within 3 turns). A limit
// ending the second bound -- the first still certified whichever thread took it -- leaves
// "plays of 2 turns" open below the probed play; without a probe it ends the search in `unknown`
// after the first bound's certificate, as one thread does.
TEST(PLAY_DIFF_SAT, SideBySideBoundsAnswerAsInTurn) {
  const std::string proofs = proof_folder("jobs");
  auto sat = options(diff::PlaySearch::Sat, 3, proofs);
  sat.jobs = 2;
  {
    const auto a = reading(kTree, "simple"), b = reading(kTree, "simple", {"duplicate=forbid"});
    ASSERT_EQ(diff::play_diff(a, b, {1}, options(diff::PlaySearch::Enumerate, 3), false).status, diff::PlayDiff::Status::None);
    const auto got = diff::play_diff(a, b, {1}, sat, false);
    ASSERT_EQ(got.status, diff::PlayDiff::Status::None) << got.reason;
    EXPECT_EQ(got.covered_turns, 3);
    ASSERT_EQ(got.certificates.size(), 3u);
    for (int t = 0; t < 3; ++t) EXPECT_EQ(got.certificates[t].turns, t + 1);
    expect_certificates_check(got);
  }
  const auto a = reading(kTree, "literal"), b = reading(kTree, "literal", {"duplicate=forbid"});
  {
    const auto expected = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Enumerate, 3), false);
    ASSERT_TRUE(expected.difference);
    const auto got = diff::play_diff(a, b, {1}, sat, false);
    ASSERT_EQ(got.status, diff::PlayDiff::Status::Found) << got.reason;
    EXPECT_EQ(got.difference->play.size(), expected.difference->play.size());
    EXPECT_TRUE(got.shortest_open.empty()) << got.shortest_open;
    ASSERT_EQ(got.certificates.size(), 2u);
    expect_certificates_check(got);
  }
  {
    const auto sa = reading(kTree, "simple"), sb = reading(kTree, "trail");
    const auto expected = diff::play_diff(sa, sb, {1, 2}, options(diff::PlaySearch::Enumerate, 3), false);
    const auto got = diff::play_diff(sa, sb, {1, 2}, sat, false);
    ASSERT_EQ(got.status, expected.status) << got.reason;
    ASSERT_TRUE(got.difference && expected.difference);
    EXPECT_EQ(got.difference->scope, expected.difference->scope);
    EXPECT_EQ(got.difference->play.size(), expected.difference->play.size());
    const model::Game ga = sa(got.difference->scope), gb = sb(got.difference->scope);
    const model::Game* games[2] = {&ga, &gb};
    EXPECT_NO_THROW(diff::confirm(games, *got.difference));
  }
  for (const int jobs : {1, 2}) {
    auto cut = sat;
    cut.jobs = jobs;
    cut.progress = [](const std::string& line) {
      if (line.find("2 turn(s) at the proved walk bound") != std::string::npos) throw limits::LimitReached("the test's limit");
    };
    const auto open = diff::play_diff(a, b, {1}, cut, false);
    ASSERT_EQ(open.status, diff::PlayDiff::Status::Found) << open.reason;
    EXPECT_EQ(open.difference->play.size(), 3u);
    EXPECT_EQ(open.covered_turns, 1);
    ASSERT_EQ(open.certificates.size(), 1u);
    EXPECT_EQ(open.certificates[0].turns, 1);
    EXPECT_TRUE(open.certificates[0].certified) << open.certificates[0].detail;
    EXPECT_NE(open.shortest_open.find("plays of 2 turns at depth 1"), std::string::npos) << jobs << ": " << open.shortest_open;
  }
  {
    const auto sa = reading(kTree, "simple"), sb = reading(kTree, "simple", {"duplicate=forbid"});
    auto cut = sat;
    cut.progress = [](const std::string& line) {
      if (line.find("2 turn(s)") != std::string::npos) throw limits::LimitReached("the test's limit");
    };
    const auto stopped = diff::play_diff(sa, sb, {1}, cut, false);
    ASSERT_EQ(stopped.status, diff::PlayDiff::Status::Unknown);
    EXPECT_NE(stopped.reason.find("the test's limit"), std::string::npos) << stopped.reason;
    EXPECT_EQ(stopped.covered_turns, 1);
    ASSERT_EQ(stopped.certificates.size(), 1u);
    EXPECT_EQ(stopped.certificates[0].turns, 1);
  }
  std::filesystem::remove_all(proofs);
}

// simple against duplicate=forbid at depth 1: a simple path from λ through e_new has at most 2
// edges, so the first difference needs 4 turns (docs/diff.md); within 3 turns the enumeration finds
// none, and the SAT search -- simple paths, every bound proved -- says "none" with three certified
// refutations (one per turn bound).
TEST(PLAY_DIFF_SAT, NoDifferenceWithinTheBoundIsCertified) {
  const auto a = reading(kTree, "simple"), b = reading(kTree, "simple", {"duplicate=forbid"});
  const auto expected = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Enumerate, 3), false);
  ASSERT_EQ(expected.status, diff::PlayDiff::Status::None);
  const std::string proofs = proof_folder("none");
  const auto got = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Sat, 3, proofs), false);
  EXPECT_TRUE(got.exact);
  ASSERT_EQ(got.status, diff::PlayDiff::Status::None) << got.reason;
  ASSERT_EQ(got.certificates.size(), 3u);
  for (int t = 0; t < 3; ++t) EXPECT_EQ(got.certificates[t].turns, t + 1);
  expect_certificates_check(got);
  // Without a folder for the proofs the refutations are reported, uncertified.
  const auto bare = diff::play_diff(a, b, {1}, options(diff::PlaySearch::Sat, 3), false);
  ASSERT_EQ(bare.certificates.size(), 3u);
  EXPECT_FALSE(bare.certificates[0].certified);
  std::filesystem::remove_all(proofs);
}

}  // namespace
}  // namespace carve::testing::sat_plays
