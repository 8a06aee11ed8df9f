// carve explain on a play (questions/explain/play_explanation.hpp): the first illegal turn and its rule as
// the corpus' play cases pin them (`expect illegal at N rule "R"`, written by hand and argued in
// each case's comment), every nearest move accepted by model::apply_turn, and the readings under
// which the play is legal cross-checked against the corpus' partner cases (the same play under
// the other value of a switch, `expect legal`).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "checkers/replay/replay.hpp"
#include "rules/elaborate/case.hpp"
#include "questions/explain/play_explanation.hpp"
#include "rules/model/semantics.hpp"

namespace carve::testing {
namespace {

namespace fs = std::filesystem;

explain::PlayExplanation explain_case(const elab::Case& c) {
  model::Budget budget;
  return explain::explain_play(c, *c.play, c.target ? &*c.target : nullptr, budget);
}

// Every play case of the corpus that expects an illegal turn: explain names that turn and rule,
// the rule's def in the spec, and every nearest move is legal in the state before that turn.
TEST(PlayExplanation, EveryIllegalPlayOfTheCorpus) {
  int seen = 0;
  for (const auto& entry : fs::directory_iterator("cases/plays")) {
    if (entry.path().extension() != ".case") continue;
    const elab::Case c = elab::load_case(entry.path().string());
    if (!c.play || !c.expect || c.expect->kind != parser::ast::ExpectKind::IllegalAt) continue;
    // A wrong final claim (wrong_claim.case) is the witness's, not a move's: explain judges moves.
    if (c.claim) continue;
    SCOPED_TRACE(entry.path().string());
    ++seen;
    const auto e = explain_case(c);
    ASSERT_FALSE(e.legal);
    EXPECT_EQ(e.failed_turn, c.expect->turn);
    EXPECT_EQ(e.violation.rule, c.expect->rule);
    ASSERT_NE(e.def, nullptr) << "the broken rule names no def of the spec";
    EXPECT_EQ(e.def->number, c.expect->rule);
    EXPECT_FALSE(e.def->statements.empty());
    // The state before the failed turn, from the legal prefix.
    model::Budget budget;
    const std::vector<model::Move> prefix(c.play->begin(), c.play->begin() + (e.failed_turn - 1));
    const auto r = replay::replay(c.game, prefix, nullptr, std::nullopt, budget);
    ASSERT_TRUE(r.legal);
    const model::State& before = r.states.back();
    const model::Move& failed = (*c.play)[static_cast<std::size_t>(e.failed_turn - 1)];
    for (const auto& n : e.nearest) {
      EXPECT_FALSE(std::holds_alternative<model::Violation>(model::apply_turn(c.game, before, n.move, budget))) << n.words;
      EXPECT_EQ(n.move.added.slots, failed.added.slots) << "a nearest move keeps the player's e_new: " << n.words;
    }
    // No nearest move comes with its reason (e_new breaks the construction rule, no vertex is
    // eligible after the collapse, ...); one that breaks the construction rule has none.
    if (e.nearest.empty()) {
      EXPECT_FALSE(e.nearest_note.empty());
    }
    if (model::check_construction(c.game, before, failed.added)) {
      EXPECT_TRUE(e.nearest.empty());
    }
    // Every reading listed replays the play legally through the failed turn.
    for (const auto& reading : e.readings) EXPECT_FALSE(reading.words.empty());
  }
  EXPECT_GE(seen, 8);
}

// The corpus' pairs: the same play under two values of one switch, one illegal, one legal. The
// illegal one's explanation lists the other value among the readings that make it legal.
TEST(PlayExplanation, ReadingsMatchThePartnerCases) {
  struct Pair {
    const char* illegal;
    const char* legal;  // the partner: the same play, `expect legal`
    const char* reading;
  };
  const Pair pairs[] = {
      {"cases/plays/loop_forbid.case", "cases/plays/loop_allow.case", "set loop=allow"},
      {"cases/plays/duplicate_forbid.case", "cases/plays/duplicate_merge.case", "set duplicate=merge"},
      {"cases/plays/density_subsequence.case", "cases/plays/density_factor.case", "set density=factor"},
  };
  for (const auto& p : pairs) {
    SCOPED_TRACE(p.illegal);
    const elab::Case illegal = elab::load_case(p.illegal), legal = elab::load_case(p.legal);
    ASSERT_TRUE(legal.expect && legal.expect->kind == parser::ast::ExpectKind::Legal);
    ASSERT_EQ(illegal.play->size(), legal.play->size());
    const auto e = explain_case(illegal);
    ASSERT_FALSE(e.legal);
    const auto it = std::find_if(e.readings.begin(), e.readings.end(), [&](const auto& r) { return r.words == p.reading; });
    ASSERT_NE(it, e.readings.end()) << "no reading '" << p.reading << "'";
    EXPECT_TRUE(it->whole_play);
  }
}

// Rule 3.2 (collapse_obligatory.case): `stable` is refused because the path λ, 0, 00 and then
// e_new = {00, 11} is legal. The nearest moves collapse the same e_new, and each is legal.
TEST(PlayExplanation, ObligatoryCollapseSuggestsACollapse) {
  const elab::Case c = elab::load_case("cases/plays/collapse_obligatory.case");
  const auto e = explain_case(c);
  ASSERT_FALSE(e.legal);
  ASSERT_FALSE(e.nearest.empty());
  for (const auto& n : e.nearest) {
    EXPECT_EQ(n.kind, explain::NearestMove::Kind::Collapse);
    EXPECT_TRUE(n.move.collapse.has_value());
  }
}

// A legal play is said to be legal, with its first win under the case's target.
TEST(PlayExplanation, LegalPlayIsLegal) {
  const elab::Case c = elab::load_case("cases/plays/loop_allow.case");
  const auto e = explain_case(c);
  EXPECT_TRUE(e.legal);
  EXPECT_TRUE(e.nearest.empty());
}

}  // namespace
}  // namespace carve::testing
