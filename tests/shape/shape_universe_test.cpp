// Lemma 0 of docs/infinite-tree.md: the game on a shape is the game on the infinite tree. Random
// plays in the truncated tree of depth 4 (itself a shape) are replayed on the much smaller shape
// spanned by the nodes they mention; turn by turn both must accept the play, agree on every edge
// inside the small shape and on the finite components, and decide stability (ℛ = ∅) alike for
// random candidates e_new. "Stable in the shape, so stable in the tree" is the direction that
// rests on Lemma A (a legal path of the tree may leave the shape); the compression sweep
// (compress_test.cpp) cuts such excursions out of thousands of random paths.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "checkers/replay/replay.hpp"
#include "rules/model/semantics.hpp"
#include "rules/model/shape_universe.hpp"
#include "rules/model/victory.hpp"
#include "tests/shape/random_play.hpp"

namespace carve::model {
namespace {

TEST(ShapeUniverse, FrontierIsWhereAChildIsMissing) {
  const auto u = shape_universe({"", "0", "1", "00", "01", "010"});
  ASSERT_EQ(u.size(), 6u);
  EXPECT_EQ(u.names[0], "lambda");
  EXPECT_FALSE(u.frontier[u.by_name.at("lambda")]);
  EXPECT_FALSE(u.frontier[u.by_name.at("0")]);
  EXPECT_TRUE(u.frontier[u.by_name.at("1")]);
  EXPECT_TRUE(u.frontier[u.by_name.at("01")]);
  EXPECT_EQ(u.inherent.size(), 5u);
  EXPECT_EQ(u.depth, 3);
  // The truncated tree is a shape with the same vertices, edges and frontier.
  const auto d3 = binary_tree_universe(3);
  const auto s3 = shape_universe(shape_words(d3));
  EXPECT_EQ(s3.names, d3.names);
  EXPECT_EQ(s3.frontier, d3.frontier);
  EXPECT_EQ(s3.inherent.size(), d3.inherent.size());
  EXPECT_THROW(shape_universe({"", "01"}), std::invalid_argument);   // parent 0 missing
  EXPECT_THROW(shape_universe({"0"}), std::invalid_argument);        // λ missing
  EXPECT_THROW(shape_universe({"", "2"}), std::invalid_argument);    // not a binary word
}

// The shape spanned by some nodes of a universe (with their ancestors).
std::vector<std::string> spanned(const Universe& u, const std::set<VertexId>& nodes) {
  std::set<std::string> out{""};
  for (auto v : nodes)
    for (std::string w = word_of_name(u.names[v]); !w.empty(); w.pop_back()) out.insert(w);
  return {out.begin(), out.end()};
}

std::set<VertexId> mentioned(const std::vector<Move>& play) {
  std::set<VertexId> out;
  for (const auto& m : play) {
    out.insert(m.added.vertices.begin(), m.added.vertices.end());
    if (m.collapse) out.insert(m.collapse->vertices.begin(), m.collapse->vertices.end());
    if (m.new_root) out.insert(*m.new_root);
  }
  return out;
}

// A move of one game in the vertex ids of another, by names.
Move renamed(const Game& from, const Game& to, const Move& m) {
  auto id = [&](VertexId v) { return to.universe.by_name.at(from.universe.names[v]); };
  Move r;
  std::vector<VertexId> ends;
  for (auto v : m.added.slots) ends.push_back(id(v));
  r.added = EdgeElement::make("V", ends);
  if (m.collapse) {
    CollapsePath p;
    for (auto v : m.collapse->vertices) p.vertices.push_back(id(v));
    r.collapse = p;
  }
  if (m.new_root) r.new_root = id(*m.new_root);
  return r;
}

// Finite components as sets of named edges (isolated nodes as a single name).
std::set<std::set<std::string>> finite_components(const Game& g, const State& s) {
  std::set<std::set<std::string>> out;
  for (const auto& c : components(g, s)) {
    if (!c.finite) continue;
    std::set<std::string> names;
    for (auto v : c.vertices) names.insert(g.universe.names[v]);
    for (const auto& e : c.edges) names.insert(edge_name(g, e));
    out.insert(names);
  }
  return out;
}

// A legal collapse path for e_new, if ℛ ≠ ∅.
std::optional<ViewPath> some_path(const Game& g, const State& s, const EdgeElement& e) {
  GraphView view(g, s);
  view.set_candidate(e);
  Budget b;
  return CollapsePaths(g, view, s.root).find_any(b);
}

TEST(ShapeUniverse, TheGameOnASpannedShapeIsTheGameOnTheTree) {
  std::mt19937_64 rng(7);
  int plays = 0, compared = 0, stable_moves = 0;
  for (int i = 0; i < 256; ++i) {
    const auto big = shape::testing::reading_game(i, binary_tree_universe(4));
    const auto play = shape::testing::random_play(big, std::uniform_int_distribution<int>(1, 5)(rng), rng);
    // Candidates: random pairs of mentioned nodes and of other nodes.
    std::vector<VertexId> all(big.universe.size());
    for (VertexId v = 0; v < all.size(); ++v) all[v] = v;
    std::vector<std::pair<VertexId, VertexId>> candidates;
    for (int c = 0; c < 6; ++c)
      candidates.emplace_back(all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng)],
                              all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng)]);
    auto nodes = mentioned(play);
    for (auto [a, b] : candidates) nodes.insert({a, b});
    nodes.insert(big.initial_root);
    const auto small = shape::testing::reading_game(i, shape_universe(spanned(big.universe, nodes)));
    std::vector<Move> moved;
    for (const auto& m : play) moved.push_back(renamed(big, small, m));
    Budget budget;
    const auto rb = replay::replay(big, play, nullptr, std::nullopt, budget);
    const auto rs = replay::replay(small, moved, nullptr, std::nullopt, budget);
    ASSERT_TRUE(rb.legal);
    ASSERT_TRUE(rs.legal) << "play " << i << " turn " << rs.failed_turn << ": " << rs.violation.message;
    ++plays;
    for (std::size_t t = 0; t < rb.states.size(); ++t) {
      const auto& sb = rb.states[t];
      const auto& ss = rs.states[t];
      EXPECT_EQ(big.universe.names[sb.root], small.universe.names[ss.root]);
      for (std::size_t e = 0; e < small.universe.inherent.size(); ++e) {
        const auto& ie = small.universe.inherent[e];
        const auto be = big.universe.inherent_by_slots.at(
            {big.universe.by_name.at(small.universe.names[ie.slots[0]]), big.universe.by_name.at(small.universe.names[ie.slots[1]])});
        EXPECT_EQ(sb.inherent.test(be), ss.inherent.test(e)) << "play " << i << " state " << t;
      }
      EXPECT_EQ(finite_components(big, sb), finite_components(small, ss)) << "play " << i << " state " << t;
      for (auto [a, b] : candidates) {
        const auto eb = EdgeElement::make("V", {a, b});
        const auto es = EdgeElement::make("V", {small.universe.by_name.at(big.universe.names[a]),
                                                small.universe.by_name.at(big.universe.names[b])});
        if (!construction_allowed(big, sb, eb)) continue;
        ASSERT_TRUE(construction_allowed(small, ss, es));
        const auto pb = some_path(big, sb, eb);
        EXPECT_EQ(!pb, !some_path(small, ss, es)) << "play " << i << " state " << t;
        ++compared;
        stable_moves += !pb;
      }
    }
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(stable_moves, 20);  // both answers occur
  std::printf("%d plays, %d stability questions compared (%d stable)\n", plays, compared, stable_moves);
}

}  // namespace
}  // namespace carve::model
