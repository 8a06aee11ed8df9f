// The walk collapse by edge sets (engines/sat/paths/walk_collapse.hpp) against the reference semantics, one
// turn at a time from a given state: the removal sets the clauses allow are exactly the sets
// CollapsePaths::for_each_removal lists (random states, depth 2 and 3, both density readings,
// literal and lenient switches), and every decoded walk is legal and removes exactly its set.
// Two hand-checked states pin the decomposition: a walk that must cross e_new twice, and a
// middle V T V T V that factor density allows and subsequence density forbids.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <set>

#include "engines/sat/paths/walk_collapse.hpp"
#include "tests/encoder/one_turn.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder {
namespace {

using model::VertexId;

model::Game walk_game(int depth, const std::string& density, bool lenient) {
  auto g = fixtures::binary_tree_game(depth, "walk", density);
  if (lenient) {
    g.rules.reading.set(model::Switch::Loop, "allow");
    g.rules.reading.set(model::Switch::Readd, "allow");
  }
  return g;
}

using testing::OneTurn;
using testing::PairSet;
using testing::reference_sets;

// The documents' route: the collapse OneTurn builds is WalkCollapse.
const WalkCollapse& walk_of(const OneTurn& turn) { return dynamic_cast<const WalkCollapse&>(*turn.route.collapse); }

void agree_on_random_states(int depth, double keep, int states, std::size_t cap) {
  std::mt19937 rng(20240 + static_cast<unsigned>(depth));
  testing::Agreement all;
  for (const std::string density : {"subsequence", "factor"})
    for (bool lenient : {false, true}) {
      const auto game = walk_game(depth, density, lenient);
      const auto a = testing::agree_on_random_states(game, rng, keep, states, cap, density + (lenient ? " lenient" : " literal"));
      all.compared += a.compared;
      all.nonempty += a.nonempty;
      all.sets += a.sets;
    }
  std::printf("depth %d: %d states compared, %d with removals, %zu removal sets in all\n", depth, all.compared, all.nonempty, all.sets);
  EXPECT_GT(all.compared, states);
  EXPECT_GT(all.nonempty, all.compared / 4);
}

// A state of a depth-3 game given by names: root λ, only the listed tree edges, these virtual edges.
model::State sparse_state(const model::Game& game, const std::vector<std::pair<const char*, const char*>>& tree,
                          const std::vector<std::pair<const char*, const char*>>& virtuals) {
  const auto& u = game.universe;
  auto v = [&](const char* name) { return u.by_name.at(name); };
  model::State s = model::initial_state(game);
  s.inherent.reset();
  for (auto [a, b] : tree) s.inherent.set(u.inherent_by_slots.at({v(a), v(b)}));
  for (auto [a, b] : virtuals) s.virtuals.push_back(model::EdgeElement::make("V", {v(a), v(b)}));
  std::sort(s.virtuals.begin(), s.virtuals.end());
  s.root = v("lambda");
  return s;
}

TEST(WalkCollapse, ReadingsOfTheAutomaton) {
  EXPECT_EQ(WalkCollapse::reading_of(fixtures::binary_tree_game(2, "walk", "factor").rules.density), WalkCollapse::Density::Factor);
  EXPECT_EQ(WalkCollapse::reading_of(fixtures::binary_tree_game(2, "walk", "subsequence").rules.density),
            WalkCollapse::Density::Subsequence);
  EXPECT_EQ(WalkCollapse::reading_of(model::DensityAutomaton::avoid({{model::EdgeType::V, 1, 1}, {model::EdgeType::V, 1, 1}}, false)),
            std::nullopt);
}

TEST(WalkCollapse, RemovalSetsEqualReferenceDepth2) { agree_on_random_states(2, 0.6, 60, 4000); }
TEST(WalkCollapse, RemovalSetsEqualReferenceDepth3) { agree_on_random_states(3, 0.55, 40, 2000); }

// ρ = λ without tree edges, e_new = {λ, 00}, virtual {λ, 10}, tree edge 10-100. The set
// {λ-00, λ-10, 10-100} is removed only by a walk that goes out along e_new and back
// (λ 00 λ 10 100): legal in both readings; the decoded walk crosses e_new twice.
TEST(WalkCollapse, WalkBouncesOnNewEdge) {
  for (const std::string density : {"subsequence", "factor"}) {
    const auto game = walk_game(3, density, false);
    auto v = [&](const char* name) { return game.universe.by_name.at(name); };
    const auto s = sparse_state(game, {{"10", "100"}, {"00", "000"}}, {{"lambda", "10"}});
    const auto e_new = model::EdgeElement::make("V", {v("lambda"), v("00")});
    OneTurn turn(game, s, e_new);
    const PairSet want{turn.pairs.of(v("lambda"), v("00")), turn.pairs.of(v("lambda"), v("10")), turn.pairs.of(v("10"), v("100"))};
    std::vector<int> pin{turn.collapse};
    for (const auto& [p, lit] : turn.rem)
      if (lit != turn.cnf.false_lit()) pin.push_back(want.count(p) ? lit : -lit);
    ASSERT_EQ(turn.backend.solve(pin), SolveStatus::Sat) << density;
    EXPECT_EQ(turn.backend.value(walk_of(turn).middle_start_lit(0, v("lambda"))), true);
    const auto walk = walk_of(turn).decode(0, turn.backend).vertices;
    int crossings = 0;
    for (std::size_t i = 0; i + 1 < walk.size(); ++i) crossings += turn.pairs.of(walk[i], walk[i + 1]) == turn.pairs.of(v("lambda"), v("00"));
    EXPECT_EQ(crossings, 2) << density;
    EXPECT_TRUE(reference_sets(game, s, e_new, turn.pairs, 1000).count(want)) << density;
    EXPECT_TRUE(turn.removal_sets(1000).count(want)) << density;
  }
}

// ρ = λ without tree edges; virtual edges {λ, 00} (e_new), {000, 1}, {10, 01}; tree edges 00-000
// and 1-10. λ 00 000 1 10 01 reads V T V T V: factor density allows it, subsequence density
// does not (two T steps between the first and the last V, and the three virtual edges lie in
// three V-components, so no prefix or suffix can take a T step off the middle).
TEST(WalkCollapse, TwoTreeStepsInTheMiddleOnlyUnderFactor) {
  for (const std::string density : {"subsequence", "factor"}) {
    const auto game = walk_game(3, density, false);
    auto v = [&](const char* name) { return game.universe.by_name.at(name); };
    const auto s = sparse_state(game, {{"00", "000"}, {"1", "10"}}, {{"000", "1"}, {"10", "01"}});
    const auto e_new = model::EdgeElement::make("V", {v("lambda"), v("00")});
    OneTurn turn(game, s, e_new);
    PairSet all;
    for (auto [a, b] : {std::pair{"lambda", "00"}, {"00", "000"}, {"000", "1"}, {"1", "10"}, {"10", "01"}})
      all.insert(turn.pairs.of(v(a), v(b)));
    const bool factor = density == "factor";
    EXPECT_EQ(reference_sets(game, s, e_new, turn.pairs, 1000).count(all), factor ? 1u : 0u) << density;
    const auto got = turn.removal_sets(1000);
    EXPECT_EQ(got.count(all), factor ? 1u : 0u) << density;
    EXPECT_EQ(got, reference_sets(game, s, e_new, turn.pairs, 1000)) << density;
  }
}

}  // namespace
}  // namespace carve::encoder
