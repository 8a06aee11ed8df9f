// The shape theorem executed (docs/infinite-tree.md, Lemmas A, 1, B, 2, 3, 4), default-suite
// sample: one random play per combination of the switches (compress_sweep.hpp).
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "checkers/replay/replay.hpp"
#include "checkers/shape/compress.hpp"
#include "rules/model/semantics.hpp"
#include "rules/model/shape_universe.hpp"
#include "tests/shape/compress_sweep.hpp"
#include "tests/shape/random_play.hpp"

namespace carve::shape {
namespace {

// Lemma 4: |U| <= |S| + 3|Ŝ| + |P| - 5 with |S| + 3|Ŝ| <= 4(3k + 1) + n + 3q, and |P| <= k (paths
// that repeat no vertex or no edge) or 2(k + 1) + 2n (walks, less one per kept child of a kept node).
TEST(Compress, BoundIsTheLemma4Count) {
  using model::PathKind;
  EXPECT_EQ(shape_bound(1, 1, 1, PathKind::Simple), 16u);  // 4 * 4 + 1 + 3 + 1 - 5
  EXPECT_EQ(shape_bound(1, 1, 1, PathKind::Walk), 21u);    // 14 + 2 + 4 + 1
  EXPECT_EQ(shape_bound(3, 4, 1, PathKind::Trail), 45u);   // 13 * 3 + 4 + 3 - 1
  EXPECT_EQ(shape_bound(3, 4, 1, PathKind::SimpleOrCycle), shape_bound(3, 4, 1, PathKind::Simple));
  EXPECT_EQ(shape_bound(3, 4, 1, PathKind::Walk), 55u);    // 14 * 3 + 8 + 4 + 1
  EXPECT_EQ(shape_bound(2, 5, 3, PathKind::Walk), 51u);    // three kept components: 4 more each
  EXPECT_EQ(shape_bound(0, 0, 0, PathKind::Simple), 1u);   // λ alone
}

// The same count with the play's own nu (root moves before the last turn), kappa (collapses), q_t
// (kept components without a virtual edge) and the last turn's succession: |S_T| <= 1 + 2k + nu
// plus the last root, which is a child of the root before it (one node), |P| <= kappa (or
// 2|R| + n + c under walks, R without the last root), and a piece without an end of any e_new
// only in a tree component.
TEST(Compress, BoundReadsThePlaysOwnCounts) {
  using model::PathKind;
  // C5 at frame 4 with no succession: 4(1 + 8) + 5 + 3 - 4 + 2 + 10 + 1 - 5 under walks
  // (c = 1 piece at least, no tree component), 4(1 + 8) + 5 - 1 + 0 - 5 otherwise.
  EXPECT_EQ(shape_bound(PlayCount{4, 0, 0, 5, 1, 0, false}, PathKind::Walk), 43u);
  EXPECT_EQ(shape_bound(PlayCount{4, 0, 0, 5, 1, 0, false}, PathKind::Simple), 35u);
  EXPECT_EQ(shape_bound(PlayCount{4, 2, 3, 5, 1, 0, false}, PathKind::Trail), 35u + 8 + 3);
  EXPECT_EQ(shape_bound(PlayCount{4, 2, 3, 5, 1, 0, false}, PathKind::Walk), 43u + 12);
  EXPECT_EQ(shape_bound(PlayCount{4, 2, 3, 5, 1, 0, true}, PathKind::Walk), 43u + 12 + 1);
  // Every turn a collapse with a succession counted in nu and every component a tree: the
  // theorem's k-only count.
  EXPECT_EQ(shape_bound(PlayCount{3, 3, 3, 4, 1, 1, false}, PathKind::Trail), shape_bound(3, 4, 1, PathKind::Trail));
  EXPECT_EQ(shape_bound(PlayCount{2, 2, 2, 5, 3, 3, false}, PathKind::Walk), shape_bound(2, 5, 3, PathKind::Walk));
  // The engine's m(k, n) at nu = k - 1 with a last succession: 13k + n - 1 and 14k + 2n for
  // trees, 4 less for a target with a cycle (n edges or more: no tree component).
  const auto c5 = model::parse_target_auto("C5"), p4 = model::parse_target_auto("P4");
  EXPECT_EQ(shape_bound(4, c5, PathKind::Walk), 62u);     // 8 * 4 + 6 * 3 + 10 + 1 + 1
  EXPECT_EQ(shape_bound(4, c5, PathKind::Simple), 52u);   // 8 * 4 + 4 * 3 + 4 + 5 - 1 - 1 + 1
  EXPECT_EQ(shape_bound(2, p4, PathKind::Walk), 36u);     // 14 * 2 + 8
  EXPECT_EQ(shape_bound(2, p4, PathKind::Simple), 29u);   // 13 * 2 + 4 - 1
  EXPECT_EQ(shape_bound(4, 1, false, 2, c5, PathKind::Walk), 49u);
  EXPECT_EQ(shape_bound(0, c5, PathKind::Walk), 11u);     // no turn: 2n + 1
}

TEST(Compress, RandomPlaysUnderEveryReading) { testing::sweep(1, testing::combos()); }

std::size_t tree_distance(const std::string& a, const std::string& b) {
  std::size_t common = 0;
  while (common < a.size() && common < b.size() && a[common] == b[common]) ++common;
  return a.size() + b.size() - 2 * common;
}

// The theorem's part 3 at the last turn: a root that moves there is chosen again as a child of
// the root before it, which costs one node at most (Lemma 4's [last]). Random plays whose last
// succession is sent to the eligible node farthest from the old root: the compressed play must
// replay, put its last root below the one before (without the choice made again that check fails
// on every play of the sample), and fit in the bound that counts the last succession as one node.
TEST(Compress, TheLastRootIsChosenAgain) {
  int far = 0;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
    std::mt19937_64 rng(seed);
    const auto game = testing::reading_game(static_cast<int>(seed % 512), model::shape_universe(testing::random_shape(rng, 10)));
    auto play = testing::random_play(game, std::uniform_int_distribution<int>(2, 6)(rng), rng);
    if (play.empty() || !play.back().new_root) continue;
    model::Budget budget;
    auto states = replay::replay(game, play, nullptr, std::nullopt, budget).states;
    model::State after = states.back();
    after.root = states[states.size() - 2].root;
    auto word = [&](model::VertexId v) { return model::word_of_name(game.universe.names[v]); };
    model::VertexId farthest = *play.back().new_root;
    for (auto r : model::eligible_roots(game, after))
      if (tree_distance(word(r), word(after.root)) > tree_distance(word(farthest), word(after.root))) farthest = r;
    if (tree_distance(word(farthest), word(after.root)) < 4) continue;
    play.back().new_root = farthest;
    const auto given = replay::replay(game, play, nullptr, std::nullopt, budget);
    ASSERT_TRUE(given.legal) << "seed " << seed;
    ++far;
    const Compressed z = compress(game, play, {});
    const auto r = replay::replay(z.game, z.play, nullptr, std::nullopt, budget);
    ASSERT_TRUE(r.legal) << "seed " << seed << ": " << r.violation.message;
    const auto last = model::word_of_name(z.game.universe.names[r.states.back().root]);
    const auto before = model::word_of_name(z.game.universe.names[r.states[r.states.size() - 2].root]);
    EXPECT_EQ(last.substr(0, last.size() - 1), before) << "seed " << seed;
    EXPECT_LE(z.words.size(), z.bound) << "seed " << seed;
  }
  EXPECT_GT(far, 20);
  std::printf("%d plays whose last root moved at least 4 tree edges away\n", far);
}

}  // namespace
}  // namespace carve::shape
