// Hand-checked formulas for single rules of 000: the obligation to collapse, succession and the
// orphan rule, victory and the frontier. Each test pins a move by assumptions and asks CaDiCaL.
#include <gtest/gtest.h>

#include <set>

#include "engines/solvers/cadical_backend.hpp"
#include "tests/encoder/tree_formula.hpp"
#include "rules/model/semantics.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder {
namespace {

using testing::Formula;

// Walks: stability is encoded exactly by the closed set. In S_0 every candidate the reference
// semantics can collapse must be unsatisfiable when claimed stable, and vice versa.
TEST(EncoderRules, StabilityAgreesWithReferenceInS0ForWalks) {
  for (const std::string density : {"subsequence", "factor"}) {
    Formula s(2, "walk", density, "K1", 1);
    const auto s0 = model::initial_state(s.game);
    int forced = 0;
    for (model::VertexId a = 0; a < s.game.universe.size(); ++a)
      for (model::VertexId b = a + 1; b < s.game.universe.size(); ++b) {
        const int f = s.enc.fresh_lit(0, a, b);
        if (!f) continue;
        model::GraphView view(s.game, s0);
        view.set_candidate(model::EdgeElement::make("V", {a, b}));
        model::Budget budget;
        const bool must = model::CollapsePaths(s.game, view, s0.root).find_any(budget).has_value();
        forced += must;
        EXPECT_EQ(s.solve({f, -s.enc.collapse_lit(0)}), must ? SolveStatus::Unsat : SolveStatus::Sat)
            << density << " " << a << "-" << b;
      }
    EXPECT_GT(forced, 0);
  }
}

// After {0, 1} is added and the walk λ -T- 0 -V- 1 -T- λ removes both child edges of λ (walks
// encoded by their edge sets), succession is due and the new root must be an orphan: 0 or 1
// (parent edge gone) or λ, never 00.
TEST(EncoderRules, SuccessionTakesAnOrphan) {
  Formula s(2, "walk", "subsequence", "K1", 1);
  ASSERT_TRUE(s.enc.walk_sets());
  const auto l = s.v("lambda"), a = s.v("0"), b = s.v("1");
  std::vector<int> move = s.removes(0, {{"lambda", "0"}, {"0", "1"}, {"1", "lambda"}});
  move.push_back(s.enc.fresh_lit(0, a, b));
  auto with = [&](int extra) {
    std::vector<int> m = move;
    m.push_back(extra);
    return s.solve(m);
  };
  EXPECT_EQ(with(s.enc.trigger_lit(0)), SolveStatus::Sat);
  EXPECT_EQ(with(-s.enc.trigger_lit(0)), SolveStatus::Unsat);
  EXPECT_EQ(with(s.enc.root_lit(1, s.v("00"))), SolveStatus::Unsat);
  EXPECT_EQ(with(s.enc.root_lit(1, s.v("01"))), SolveStatus::Unsat);
  EXPECT_EQ(with(s.enc.root_lit(1, a)), SolveStatus::Sat);
  EXPECT_EQ(with(s.enc.root_lit(1, b)), SolveStatus::Sat);
  EXPECT_EQ(with(s.enc.root_lit(1, l)), SolveStatus::Sat);
  // {λ-0, 0-1} is a walk collapse (λ -T- 0 -V- 1); {0-1} alone is not: neither end is the root,
  // and a walk from λ reaches them only over a tree edge, which it would remove.
  EXPECT_EQ(s.solve(s.removes(0, {{"lambda", "0"}, {"0", "1"}})), SolveStatus::Sat);
  EXPECT_EQ(s.solve(s.removes(0, {{"0", "1"}})), SolveStatus::Unsat);
}

// Without succession due (λ keeps its edge to 1) the root cannot move.
TEST(EncoderRules, NoSuccessionKeepsTheRoot) {
  Formula s(2, "simple", "factor", "K1", 1);
  const auto a = s.v("0"), b = s.v("1");
  std::vector<int> move = s.removes(0, {{"lambda", "0"}, {"0", "1"}});
  move.push_back(s.enc.fresh_lit(0, a, b));
  move.push_back(s.enc.root_lit(1, a));
  EXPECT_EQ(s.solve(move), SolveStatus::Unsat);
  move.back() = s.enc.root_lit(1, s.v("lambda"));
  EXPECT_EQ(s.solve(move), SolveStatus::Sat);
}

// A simple path may not come back to the root; simple-or-cycle may, as a cycle of >= 3 steps;
// a trail may too (λ -T- 0 -V- 1 -T- λ repeats no edge). Removal sets, so that the split
// encoding of trail and simple paths (tree-path prefix and suffix) is checked with the rest.
TEST(EncoderRules, CycleOnlyUnderSimpleOrCycle) {
  for (const std::string kind : {"simple", "simple-or-cycle", "trail"}) {
    Formula s(2, kind, "factor", "K1", 1);
    std::vector<int> cycle = s.removes(0, {{"lambda", "0"}, {"0", "1"}, {"1", "lambda"}});
    cycle.push_back(s.enc.fresh_lit(0, s.v("0"), s.v("1")));
    EXPECT_EQ(s.solve(cycle), kind == "simple" ? SolveStatus::Unsat : SolveStatus::Sat) << kind;
    // Each of them can remove the path λ -T- 0 -V- 1 -T- 11 (simple, and a trail).
    std::vector<int> path = s.removes(0, {{"lambda", "0"}, {"0", "1"}, {"1", "11"}});
    path.push_back(s.enc.fresh_lit(0, s.v("0"), s.v("1")));
    EXPECT_EQ(s.solve(path), SolveStatus::Sat) << kind;
  }
}

// Trail, factor density, split encoding: at depth 3, e_new = {00, 1}; λ -T- 0 -T- 00 -V- 1 -T- 10
// -T- 100 removes a prefix and a suffix of two tree steps each around one V step (legal); the
// middle is short (2t + 1 = 1 step at turn 0), which is enough.
TEST(EncoderRules, TrailPrefixAndSuffixAreTreePaths) {
  Formula s(3, "trail", "factor", "K1", 1);
  EXPECT_EQ(s.enc.path_length(0), 1);
  std::vector<int> move = s.removes(0, {{"lambda", "0"}, {"0", "00"}, {"00", "1"}, {"1", "10"}, {"10", "100"}});
  move.push_back(s.enc.fresh_lit(0, s.v("00"), s.v("1")));
  EXPECT_EQ(s.solve(move), SolveStatus::Sat);
  // Not with a detour: the tree edge 0-01 is off the tree path from λ to 00.
  move = s.removes(0, {{"lambda", "0"}, {"0", "01"}, {"0", "00"}, {"00", "1"}});
  move.push_back(s.enc.fresh_lit(0, s.v("00"), s.v("1")));
  EXPECT_EQ(s.solve(move), SolveStatus::Unsat);
}

// Density (factor), positional walks (a path-length override keeps positions): with e_new =
// {λ, 00}, the walk λ -V- 00 -T- 0 -T- λ is legal (V T T), but stepping on along {λ, 00} again
// gives V T T V, which the automaton forbids.
TEST(EncoderRules, DensityForbidsVTTV) {
  Formula s(3, "walk", "factor", "K1", 1, 6);
  ASSERT_FALSE(s.enc.walk_sets());
  const auto l = s.v("lambda"), a = s.v("0"), aa = s.v("00"), ab = s.v("01");
  EXPECT_EQ(s.solve({s.enc.fresh_lit(0, aa, ab), s.enc.position_lit(0, 1, a), s.enc.position_lit(0, 2, aa),
                     s.enc.position_lit(0, 3, ab), s.enc.stopped_lit(0, 4)}),
            SolveStatus::Sat);
  EXPECT_EQ(s.solve({s.enc.fresh_lit(0, l, aa), s.enc.position_lit(0, 1, aa), s.enc.position_lit(0, 2, a),
                     s.enc.position_lit(0, 3, l), s.enc.stopped_lit(0, 4)}),
            SolveStatus::Sat);
  EXPECT_EQ(s.solve({s.enc.fresh_lit(0, l, aa), s.enc.position_lit(0, 1, aa), s.enc.position_lit(0, 2, a),
                     s.enc.position_lit(0, 3, l), s.enc.position_lit(0, 4, aa)}),
            SolveStatus::Unsat);
}

// S_0 has no finite component: no victory at frame 0 for any target.
TEST(EncoderRules, NoVictoryInS0) {
  for (const std::string t : {"K1", "K2", "P3"}) {
    Formula s(2, "walk", "subsequence", t, 0);
    EXPECT_EQ(s.solve({s.enc.victory(0)}), SolveStatus::Unsat) << t;
  }
}

// Depth 1: 0 and 1 are frontier nodes, so every component with an edge touches the frontier:
// K2 can never be won, whatever the play; K1 can (λ isolated once both its edges are gone).
TEST(EncoderRules, FrontierComponentsNeverWin) {
  Formula s(1, "walk", "factor", "K2", 3);
  for (int k = 1; k <= 3; ++k) EXPECT_EQ(s.solve({s.enc.victory(k)}), SolveStatus::Unsat) << k;
  Formula s1(1, "walk", "factor", "K1", 1);
  EXPECT_EQ(s1.solve({s1.enc.victory(1)}), SolveStatus::Sat);
}

}  // namespace
}  // namespace carve::encoder
