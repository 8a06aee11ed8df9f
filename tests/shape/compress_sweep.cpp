// The compression sweep (compress_sweep.hpp): random plays, their compression, the checks.
#include "tests/shape/compress_sweep.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "checkers/replay/replay.hpp"
#include "checkers/shape/compress.hpp"
#include "rules/model/shape_universe.hpp"
#include "rules/model/victory.hpp"
#include "tests/shape/random_play.hpp"

namespace carve::shape::testing {
namespace {

using model::VertexId;

struct Sweep {
  int plays = 0, turns = 0, deep = 0, collapses = 0, successions = 0, kept = 0, shortened = 0, pruned = 0;
  std::size_t largest_shape = 0, largest_input = 0, least_slack = 1000;
};

// Finite components of the final state with at least one edge (at most three, at most ten nodes
// in all), and now and then an isolated node: the W the compression must keep.
std::vector<model::Component> kept_components(const model::Game& game, const model::State& final, std::mt19937_64& rng) {
  std::vector<model::Component> out;
  std::size_t nodes = 0;
  bool isolated = std::bernoulli_distribution(0.3)(rng);
  for (auto& c : model::components(game, final)) {
    if (!c.finite || out.size() >= 3) continue;
    if (c.edges.empty() && !isolated) continue;
    if (nodes + c.vertices.size() > 10) continue;
    if (c.edges.empty()) isolated = false;
    nodes += c.vertices.size();
    out.push_back(c);
  }
  return out;
}

// The compressed final state has σ(C) as a finite component with exactly σ's image of C's edges.
std::string component_kept(const model::Component& c, const Compressed& z, const model::State& final) {
  std::vector<VertexId> want;
  for (auto v : c.vertices) want.push_back(static_cast<VertexId>(z.image[v]));
  std::sort(want.begin(), want.end());
  for (const auto& d : model::components(z.game, final)) {
    if (d.vertices != want) continue;
    if (!d.finite) return "the kept component is not finite after compression";
    std::multiset<std::pair<std::vector<VertexId>, model::EdgeType>> a, b;
    for (std::size_t i = 0; i < c.edges.size(); ++i) {
      std::vector<VertexId> ends;
      for (auto v : c.edges[i].vertices) ends.push_back(static_cast<VertexId>(z.image[v]));
      std::sort(ends.begin(), ends.end());
      a.insert({ends, c.types[i]});
    }
    for (std::size_t i = 0; i < d.edges.size(); ++i) b.insert({d.edges[i].vertices, d.types[i]});
    return a == b ? "" : "the kept component's edges or types changed";
  }
  return "the kept nodes are not a component after compression";
}

// One random play compressed and checked; failures are reported with everything needed to redo it.
void check_one(std::uint64_t seed, Sweep& sw) {
  std::mt19937_64 rng(seed);
  const int combo = static_cast<int>(seed % static_cast<std::uint64_t>(combos()));
  const int depth = 8 + static_cast<int>((seed / 7) % 9);
  const auto game = reading_game(combo, model::shape_universe(random_shape(rng, depth)));
  const int turns = std::uniform_int_distribution<int>(1, 6)(rng);
  const auto play = random_play(game, turns, rng);
  const std::string what = "seed " + std::to_string(seed) + " (" + reading_text(game) + ", depth " +
                           std::to_string(depth) + ", " + std::to_string(play.size()) + " turns)";
  model::Budget budget;
  const auto original = replay::replay(game, play, nullptr, std::nullopt, budget);
  ASSERT_TRUE(original.legal) << what;
  const auto kept = kept_components(game, original.states.back(), rng);
  std::vector<VertexId> keep;
  for (const auto& c : kept) keep.insert(keep.end(), c.vertices.begin(), c.vertices.end());
  const Compressed z = compress(game, play, keep);
  const auto replayed = replay::replay(z.game, z.play, nullptr, std::nullopt, budget);
  ASSERT_TRUE(replayed.legal) << what << ": compressed turn " << replayed.failed_turn << " breaks " << replayed.violation.rule
                              << ": " << replayed.violation.message;
  for (std::size_t t = 0; t < play.size(); ++t) {
    EXPECT_EQ(z.play[t].collapse.has_value(), play[t].collapse.has_value()) << what << " turn " << t + 1;
    EXPECT_EQ(z.play[t].new_root.has_value(), play[t].new_root.has_value()) << what << " turn " << t + 1;
  }
  EXPECT_LE(z.words.size(), z.bound) << what;
  // Lemma 4: a collapse path that repeats no vertex or no edge crosses at most one pendant edge.
  const int collapses = static_cast<int>(std::count_if(play.begin(), play.end(), [](const model::Move& m) { return m.collapse.has_value(); }));
  if (game.rules.path() != model::PathKind::Walk) {
    EXPECT_LE(z.pendants, static_cast<std::size_t>(collapses)) << what;
  }
  if (z.words.size() <= z.bound) sw.least_slack = std::min(sw.least_slack, z.bound - z.words.size());
  for (const auto& c : kept) EXPECT_EQ(component_kept(c, z, replayed.states.back()), "") << what;
  ++sw.plays;
  sw.turns += static_cast<int>(play.size());
  sw.deep += deepest_mention(game, play) >= 8;
  for (const auto& m : play) {
    sw.collapses += m.collapse.has_value();
    sw.successions += m.new_root.has_value();
  }
  sw.kept += static_cast<int>(kept.size());
  sw.shortened += z.words.size() < z.support_nodes;
  sw.pruned += z.excursions > 0;
  sw.largest_shape = std::max(sw.largest_shape, z.words.size());
  sw.largest_input = std::max(sw.largest_input, game.universe.size());
}

}  // namespace

void sweep(std::uint64_t first, int count) {
  Sweep sw;
  for (int i = 0; i < count && !::testing::Test::HasFatalFailure(); ++i) check_one(first + static_cast<std::uint64_t>(i), sw);
  // The sample must exercise what the theorem is about: deep nodes, collapses, successions and
  // kept components, under every reading.
  EXPECT_GT(sw.deep, sw.plays / 2);
  EXPECT_GT(sw.collapses, sw.turns / 3);
  EXPECT_GT(sw.successions, 0);
  EXPECT_GT(sw.kept, 0);
  EXPECT_GT(sw.shortened, sw.plays / 4);  // Lemma 2 at work
  EXPECT_GT(sw.pruned, sw.plays / 10);    // Lemma A at work
  std::printf("compressed %d plays (%d turns, %d reaching depth >= 8, %d collapses, %d successions, %d kept components; "
              "runs shortened in %d, excursions cut in %d); largest input shape %zu nodes, largest compressed shape %zu, "
              "least slack to Lemma 4's bound %zu\n",
              sw.plays, sw.turns, sw.deep, sw.collapses, sw.successions, sw.kept, sw.shortened, sw.pruned, sw.largest_input,
              sw.largest_shape, sw.least_slack);
}

}  // namespace carve::shape::testing
