// carve diff's library: the rules comparison, play differences and verdict differences, each
// expectation argued here from the documents' rules (000), every certificate checked again.
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>
#include <unistd.h>

#include "checkers/replay/replay.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "questions/diff/rules_comparison.hpp"
#include "rules/elaborate/case.hpp"
#include "tests/diff/diff_fixture.hpp"

namespace carve::testing {
namespace {

const std::string kTree = "spec/binary_tree.carve";

std::string proof_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  auto dir = std::filesystem::path(::testing::TempDir()) / (std::string("diff.") + info->name() + "." + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

diff::PlayOptions plays(int turns) {
  diff::PlayOptions o;
  o.max_turns = turns;
  return o;
}

TEST(RulesComparison, SameRulesAndTheirDifferences) {
  // literal already reads path=walk: the override changes nothing.
  auto same = diff::compare_rules(reading(kTree, "literal")(1), reading(kTree, "literal", {"path=walk"})(1));
  EXPECT_TRUE(same.same);
  auto simple = diff::compare_rules(reading(kTree, "literal")(1), reading(kTree, "simple")(1));
  EXPECT_FALSE(simple.same);
  EXPECT_FALSE(simple.same_legality);
  ASSERT_EQ(simple.differences.size(), 2u);  // simple = literal + path=simple, density=factor
  EXPECT_EQ(simple.differences[0], "path: walk | simple");
  // start-win is judged by victory alone: every play is judged alike.
  auto start = diff::compare_rules(reading(kTree, "literal")(1), reading(kTree, "literal", {"start-win=no"})(1));
  EXPECT_FALSE(start.same);
  EXPECT_TRUE(start.same_legality);
}

// loop=allow lets u = v (000 3.1): adding the loop {λ, λ} is a legal first turn there and
// breaks 3.1 under loop=forbid, so the two readings part at turn 1 on a play that mentions
// the root alone -- nothing shorter or smaller exists.
TEST(PlayDiff, LoopSwitchPartsAtTurnOne) {
  auto forbid = reading(kTree, "literal"), allow = reading(kTree, "literal", {"loop=allow"});
  auto p = diff::play_diff(forbid, allow, {1}, plays(2), false);
  ASSERT_EQ(p.status, diff::PlayDiff::Status::Found);
  const auto& d = *p.difference;
  EXPECT_EQ(d.play.size(), 1u);
  EXPECT_EQ(d.accepting, 1);
  EXPECT_EQ(d.violation.rule, "3.1");
  EXPECT_EQ(d.touched, 1u);
  EXPECT_EQ(d.play[0].added.vertices.size(), 1u);  // a loop
  // Both replays, through the reference semantics.
  model::Budget b;
  const auto ga = forbid(1), gb = allow(1);
  auto accepted = replay::replay(gb, d.play, nullptr, std::nullopt, b);
  EXPECT_TRUE(accepted.legal);
  auto rejected = replay::replay(ga, d.play, nullptr, std::nullopt, b);
  EXPECT_FALSE(rejected.legal);
  EXPECT_EQ(rejected.failed_turn, 1);
  EXPECT_EQ(rejected.violation.rule, "3.1");
}

// literal (walks) against simple at depth 1, target K1 within 2 turns. Under walks the first
// turn adds {0, 1} and collapses the closed walk λ, 0, 1, λ (types T V T: one V, so no V T^n V
// in any reading of density): λ loses both its edges and is K1 (0 and 1 keep their edges to
// the infinite subtrees below them, so λ is the only finite component). Under simple paths a
// collapse path from λ takes one of λ's two edges, and no other node can be alone (its children
// lie below the depth a move may mention), so one turn cannot win; two turns do
// (cases/variants/documents_succession_k1_d1.case). The first question differs at k = 1.
TEST(VerdictDiff, WalkAgainstSimpleDiffersAtTurnOne) {
  auto literal = reading(kTree, "literal"), simple = reading(kTree, "simple");
  diff::VerdictDiffOptions o;
  o.proof_dir = proof_dir();
  auto v = diff::verdict_diff(literal, simple, family({"K1", "K2"}, 2, 2), o);
  ASSERT_EQ(v.status, diff::VerdictDiff::Status::Found);
  ASSERT_EQ(v.questions.size(), 1u);
  EXPECT_EQ(v.winner, 0);
  EXPECT_EQ(v.k, 1);
  EXPECT_EQ(v.questions[0].side[0].text(), "win in 1");
  EXPECT_EQ(v.questions[0].side[1].text(), "win in 2");
  EXPECT_EQ(v.uncertified(), 0u);
  EXPECT_EQ(v.minimality_certificates(), 0u);
  // The winner's witness replays to K1 at turn 1; the loser's proof says no play of 1 turn wins.
  const auto& wc = v.certificates[*v.difference_certificate(0)];
  EXPECT_EQ(wc.kind, diff::Certificate::Kind::Witness);
  model::Budget b;
  const auto g = literal(1);
  auto rep = replay::replay(g, v.questions[0].side[0].witness, &family({"K1"}, 2, 1).targets[0], std::nullopt, b);
  EXPECT_TRUE(rep.legal);
  EXPECT_EQ(rep.win_turn, 1);
  const auto& nc = v.certificates[*v.difference_certificate(1)];
  EXPECT_EQ(nc.turns, 1);
  for (const auto& c : v.certificates)
    if (c.kind == diff::Certificate::Kind::NoWin) expect_proof_checks_and_mutation_fails(c);
}

// reroot (000 3.3) changes only which root succession may choose: under cycle, adding {0, 1} and
// closing λ, 0, 1, λ removes both of λ's edges, succession is due, and λ -- now without a parent
// edge, so eligible -- may be chosen again under reroot=allow only (3.3 breaks under forbid). So
// the plays part at turn 1. The verdicts of K1, K2, P3 at depth <= 2 within 3 turns stay alike
// (docs/interpretations.md): checked question by question by explicit search, the reference
// semantics itself.
TEST(Diff, RerootDiffersInPlaysOnly) {
  auto allow = reading(kTree, "cycle"), forbid = reading(kTree, "cycle", {"reroot=forbid"});
  auto cmp = diff::compare_rules(allow(1), forbid(1));
  EXPECT_FALSE(cmp.same_legality);
  auto p = diff::play_diff(allow, forbid, {1, 2}, plays(2), cmp.same_legality);
  ASSERT_EQ(p.status, diff::PlayDiff::Status::Found);
  EXPECT_EQ(p.difference->play.size(), 1u);
  EXPECT_EQ(p.difference->accepting, 0);
  EXPECT_EQ(p.difference->violation.rule, "3.3");
  EXPECT_EQ(p.difference->play[0].new_root, std::optional<model::VertexId>(allow(1).initial_root));

  const auto f = family({"K1", "K2", "P3"}, 3, 2);
  diff::VerdictDiffOptions o;
  o.proof_dir = proof_dir();
  auto v = diff::verdict_diff(allow, forbid, f, o);
  ASSERT_EQ(v.status, diff::VerdictDiff::Status::NoneWithinBounds);
  ASSERT_EQ(v.questions.size(), 6u);
  EXPECT_EQ(v.uncertified(), 0u);
  for (const auto& q : v.questions)
    for (int side = 0; side < 2; ++side) {
      search::Options so;
      so.max_turns = f.max_turns;
      auto r = search::explicit_search((side == 0 ? allow : forbid)(q.scope), f.targets[q.target], so);
      EXPECT_EQ(r.verdict, q.side[side].verdict) << q.scope << " " << f.targets[q.target].text;
      EXPECT_EQ(r.turns, q.side[side].turns) << q.scope << " " << f.targets[q.target].text;
    }
}

// The type word of a collapse path (T tree edges, V virtual ones).
std::string types(const model::Move& m) {
  std::string w;
  if (m.collapse)
    for (const auto& e : m.collapse->edges) w += e.op == "T" ? 'T' : 'V';
  return w;
}

// An edited spec: Φ_dense avoids the factor V T V instead of V T{2,} V (profile simple reads it
// contiguously). The edit forbids strictly more paths, so the edited reading can only reject
// what the original accepts, and the rejected turn's path has V T V as a factor but no V T T+ V.
TEST(Diff, EditedDensityPatternAgainstTheOriginal) {
  std::ifstream in(kTree);
  std::stringstream text;
  text << in.rdbuf();
  std::string spec = text.str();
  const std::string from = "avoid (V T{2,} V)";
  ASSERT_NE(spec.find(from), std::string::npos);
  spec.replace(spec.find(from), from.size(), "avoid (V T V)");
  const std::string edited = proof_dir() + "/edited.carve";
  std::ofstream(edited) << spec;
  auto original = reading(kTree, "simple"), changed = reading(edited, "simple");
  auto cmp = diff::compare_rules(original(1), changed(1));
  ASSERT_EQ(cmp.differences.size(), 1u);
  EXPECT_NE(cmp.differences[0].find("density"), std::string::npos);
  auto p = diff::play_diff(original, changed, {1, 2, 3}, plays(3), false);
  ASSERT_EQ(p.status, diff::PlayDiff::Status::Found);
  const auto& d = *p.difference;
  EXPECT_EQ(d.accepting, 0);
  const std::string w = types(d.play.back());
  EXPECT_TRUE(std::regex_search(w, std::regex("VTV"))) << w;
  EXPECT_FALSE(std::regex_search(w, std::regex("VTTT*V"))) << w;
  model::Budget b;
  auto rejected = replay::replay(changed(d.scope), d.play, nullptr, std::nullopt, b);
  EXPECT_FALSE(rejected.legal);
  EXPECT_EQ(rejected.failed_turn, static_cast<int>(d.play.size()));
  EXPECT_TRUE(replay::replay(original(d.scope), d.play, nullptr, std::nullopt, b).legal);
}

}  // namespace
}  // namespace carve::testing
