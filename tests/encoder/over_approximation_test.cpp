// The 001 SAT engine's over-approximated collapses (HypergraphEncoding::Collapses::AnyRemoval):
// where walks are bounded below the proved length and no play was found, the search refutes the
// question once more with "any removal" in place of every collapse path. Its refutation is a
// no-win (every legal play is a model); its models are no answer. Expected verdicts come from
// explicit search, and from the reasoning written at each test (the first refutation it gives:
// HypergraphRules.WalksPastTheProvedBoundsBudgetAnswerNoWinOnlyByTheOverApproximation).
#include <gtest/gtest.h>

#include "tests/encoder/hypergraph_agree.hpp"

namespace carve::encoder {
namespace {

World lenient_two_variables() {
  World w;
  w.profile = "lenient";  // walks, formulas outside F*
  return w;
}

TEST(OverApproximation, AModelIsNoAnswer) {
  // A question with a win in one turn (explicit search finds it): asked with the collapses
  // over-approximated alone, the search must say unknown, never win or no-win.
  const auto game = triangle(lenient_two_variables());
  const auto target = model::parse_target_auto("{a,b},{a,b}");
  search::Options eo;
  eo.max_turns = 2;
  const auto exp = search::explicit_search(game, target, eo);
  ASSERT_EQ(exp.verdict, answer::Verdict::Win);
  SatOptions so;
  so.max_turns = 2;
  so.over_approximate_collapses = true;
  const auto over = sat_search(game, target, so);
  EXPECT_EQ(over.result.verdict, answer::Verdict::Unknown) << over.result.reason;
  EXPECT_NE(over.result.reason.find("over-approximated collapses admit a win"), std::string::npos) << over.result.reason;
}

TEST(OverApproximation, AgreesWithExplicitSearchOnRandomWalkGames) {
  // Random 001 games under walks, formulas outside F* included: every no-win the SAT engine
  // gives without an exact encoding comes from the over-approximation and explicit search
  // confirms it (agree() in hypergraph_agree.hpp).
  std::mt19937 rng(35);
  const std::vector<std::string> targets{"{a,b},{a,b},{a,b}", "{a,b},{b,c}", "{a,b,c}", "{a,b},{a,b}"};
  int over_approximated = 0;
  for (int round = 0; round < 8; ++round) {
    World w = lenient_two_variables();
    if (rng() % 2) w.sets.push_back({"duplicate", "forbid"});
    const auto game = triangle(w);
    const auto target = model::parse_target_auto(targets[rng() % targets.size()]);
    SatOptions so;
    so.max_turns = 2;
    const auto sat = sat_search(game, target, so);
    over_approximated += !sat.exact && sat.result.verdict == answer::Verdict::NoWin;
    agree(game, target, 2, fmt::format("round {} target {}", round, target.text));
  }
  EXPECT_GT(over_approximated, 0) << "no round needed the over-approximation";
}

}  // namespace
}  // namespace carve::encoder
