// carve diff on the infinite tree (the family's one scope diff::kInfiniteTree, `--depth any`): the
// verdicts by the shape engine, each expectation argued here from document 000's rules and checked
// against the finite-depth diff -- a second engine, the sat encoding of a truncated tree: a win
// within a depth bound is a win on the infinite tree Ω (Lemma 0 of docs/infinite-tree.md), so it
// bounds Ω's shortest carving from above, and the shape engine's certified no-wins bound it from
// below. Every certificate is checked again here.
#include <filesystem>
#include <stdexcept>

#include <gtest/gtest.h>
#include <unistd.h>

#include "checkers/replay/replay.hpp"
#include "tests/diff/diff_fixture.hpp"

namespace carve::testing {
namespace {

const std::string kBinaryTree = "spec/binary_tree.carve";

std::string fresh_proof_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  auto dir = std::filesystem::path(::testing::TempDir()) / (std::string("diff-any.") + info->name() + "." + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

// Each answer's text, question by question and side by side.
std::vector<std::string> answers(const diff::VerdictDiff& v) {
  std::vector<std::string> out;
  for (const auto& q : v.questions)
    for (const auto& s : q.side) out.push_back(s.text());
  return out;
}

// Every certificate accepted: each witness replayed once more on its shape, each no-win proof
// checked again by checkers/drat and rejected once "some frame is won" is dropped.
void expect_every_certificate_checks(const diff::VerdictDiff& v, const diff::Family& f) {
  EXPECT_EQ(v.uncertified(), 0u);
  for (const auto& c : v.certificates) {
    EXPECT_TRUE(c.certified) << c.detail;
    EXPECT_EQ(c.scope, diff::kInfiniteTree);
    if (c.kind == diff::Certificate::Kind::NoWin) {
      expect_proof_checks_and_mutation_fails(c);
      continue;
    }
    for (const auto& q : v.questions) {
      if (q.target != c.target) continue;
      const auto& a = q.side[c.side];
      ASSERT_TRUE(a.game) << "a win on the infinite tree is played on the shape the engine chose";
      ASSERT_TRUE(a.shape);
      EXPECT_EQ(a.game->universe.names.size(), a.shape->words.size());
      model::Budget b;
      auto rep = replay::replay(*a.game, a.witness, &f.targets[c.target], std::nullopt, b);
      EXPECT_TRUE(rep.legal);
      EXPECT_EQ(rep.win_turn, c.turns);
    }
  }
}

// literal (walks) against simple on Ω, K1 within 2 turns. Under walks turn 1 adds {0, 1} and
// collapses the closed walk λ, 0, 1, λ (T V T: one V, so no V T^n V): λ loses both its edges and
// is K1 -- a play within depth 1, so a play of Ω (Lemma 0). Under simple paths no single turn
// isolates a node of Ω: the collapse path has the root λ as an end, so it removes one of λ's two
// tree edges, and it passes any other node w at most once, removing at most two of w's three tree
// edges (its parent edge and two child edges); so every node keeps an edge. Two turns do
// (cases/variants/documents_succession_k1_d1.case, at depth 1). The first question differs, at k = 1.
TEST(VerdictDiffInfinite, WalkAgainstSimpleDiffersOnK1AtOneTurn) {
  auto literal = reading(kBinaryTree, "literal"), simple = reading(kBinaryTree, "simple");
  diff::VerdictDiffOptions o;
  o.proof_dir = fresh_proof_dir();
  const auto f = infinite_family({"K1", "K2"}, 2);
  auto v = diff::verdict_diff(literal, simple, f, o);
  ASSERT_EQ(v.status, diff::VerdictDiff::Status::Found) << v.reason;
  ASSERT_EQ(v.questions.size(), 1u);
  EXPECT_EQ(v.questions[0].scope, diff::kInfiniteTree);
  EXPECT_EQ(v.winner, 0);
  EXPECT_EQ(v.k, 1);
  EXPECT_EQ(answers(v), (std::vector<std::string>{"win in 1", "win in 2"}));
  for (const auto& s : v.questions[0].side) EXPECT_EQ(s.engine, elab::Engine::Shape);
  EXPECT_EQ(v.minimality_certificates(), 0u);
  // The loser's certificate: no play of at most 1 turn wins, at any depth.
  const auto& nc = v.certificates[*v.difference_certificate(1)];
  EXPECT_EQ(nc.kind, diff::Certificate::Kind::NoWin);
  EXPECT_EQ(nc.turns, 1);
  expect_every_certificate_checks(v, f);
  // The second engine: the diff within depth 1 parts on the same question with the same answers.
  diff::VerdictDiffOptions o1;
  o1.proof_dir = fresh_proof_dir();
  auto d1 = diff::verdict_diff(literal, simple, family({"K1", "K2"}, 2, 1), o1);
  ASSERT_EQ(d1.status, diff::VerdictDiff::Status::Found);
  EXPECT_EQ(answers(d1), answers(v));
}

// literal (walks) against trail on Ω, K1, K2 and P3 within 2 turns: the same shortest carvings.
// K1 in 1 under both (the closed walk λ, 0, 1, λ above repeats no edge: a trail); K2 in 1 and P3
// in 2 under both at depth 4 (the second engine below), so at most that on Ω (Lemma 0); none is
// won in 0 turns (S_0 of Ω has no finite component) and P3 in no single turn on Ω, under either
// reading -- the shape engine's certificates, checked again here. So "none": each question's two
// answers certified, the statement carve diff --depth any makes of the whole family.
TEST(VerdictDiffInfinite, WalkAndTrailAgreeWithEveryAnswerCertified) {
  auto literal = reading(kBinaryTree, "literal"), trail = reading(kBinaryTree, "trail");
  diff::VerdictDiffOptions o;
  o.proof_dir = fresh_proof_dir();
  const auto f = infinite_family({"K1", "K2", "P3"}, 2);
  auto v = diff::verdict_diff(literal, trail, f, o);
  ASSERT_EQ(v.status, diff::VerdictDiff::Status::NoneWithinBounds) << v.reason;
  EXPECT_EQ(answers(v), (std::vector<std::string>{"win in 1", "win in 1", "win in 1", "win in 1", "win in 2", "win in 2"}));
  // Per question and side a witness and a no-win one turn shorter: 3 x 2 x 2, all minimality certificates.
  EXPECT_EQ(v.certificates.size(), 12u);
  EXPECT_EQ(v.minimality_certificates(), 12u);
  expect_every_certificate_checks(v, f);
  // The second engine, at depth 4 alone: the same answers, question by question.
  diff::VerdictDiffOptions o4;
  o4.proof_dir = fresh_proof_dir();
  auto at_four = family({"K1", "K2", "P3"}, 2, 4);
  at_four.scopes = {4};
  auto d4 = diff::verdict_diff(literal, trail, at_four, o4);
  ASSERT_EQ(d4.status, diff::VerdictDiff::Status::NoneWithinBounds);
  EXPECT_EQ(answers(d4), answers(v));
}

// A question neither reading wins within the bound: P3 within 1 turn under literal and lenient.
// Its no-win on Ω is each side's shape search and then the refutation of the shape formula with
// the lemmas that search learnt, in the same engine call (the certificate of K, not of k - 1):
// checked again here, and the second engine agrees at depth 4 (no single turn carves P3 there).
TEST(VerdictDiffInfinite, ANoWinWithinTheBoundIsCertifiedAfterTheSearch) {
  auto literal = reading(kBinaryTree, "literal"), lenient = reading(kBinaryTree, "lenient");
  diff::VerdictDiffOptions o;
  o.proof_dir = fresh_proof_dir();
  const auto f = infinite_family({"P3"}, 1);
  auto v = diff::verdict_diff(literal, lenient, f, o);
  ASSERT_EQ(v.status, diff::VerdictDiff::Status::NoneWithinBounds) << v.reason;
  EXPECT_EQ(answers(v), (std::vector<std::string>{"no-win", "no-win"}));
  ASSERT_EQ(v.certificates.size(), 2u);
  for (const auto& c : v.certificates) {
    EXPECT_EQ(c.kind, diff::Certificate::Kind::NoWin);
    EXPECT_EQ(c.turns, 1);
  }
  expect_every_certificate_checks(v, f);
  diff::VerdictDiffOptions o4;
  o4.proof_dir = fresh_proof_dir();
  auto at_four = family({"P3"}, 1, 4);
  at_four.scopes = {4};
  EXPECT_EQ(answers(diff::verdict_diff(literal, lenient, at_four, o4)), answers(v));
}

// Rules the shape engine does not encode (victory by containment: docs/infinite-tree.md, "Which
// readings the proof covers") are named with their reading, and never compared under other rules.
TEST(VerdictDiffInfinite, AReadingTheShapeEngineRefusesIsNamed) {
  auto literal = reading(kBinaryTree, "literal"), contains = reading("cases/variants/binary_tree_contains.carve", "literal");
  const auto f = infinite_family({"K1"}, 1);
  const auto no = diff::infinite_tree_refusal(literal, contains, f);
  ASSERT_TRUE(no);
  EXPECT_EQ(no->side, 1);
  EXPECT_EQ(no->refusal.rule, "4 victory");
  EXPECT_FALSE(diff::infinite_tree_refusal(literal, reading(kBinaryTree, "simple"), f));
  diff::VerdictDiffOptions o;
  o.proof_dir = fresh_proof_dir();
  EXPECT_THROW(diff::verdict_diff(literal, contains, f, o), std::logic_error);
}

}  // namespace
}  // namespace carve::testing
