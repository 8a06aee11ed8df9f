// The shape theorem executed (docs/infinite-tree.md, Lemmas A, 1, B, 2, 3, 4), default-suite
// sample: one random play per combination of the switches (compress_sweep.hpp).
#include <gtest/gtest.h>

#include "checker/shape/compress.hpp"
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

// The same count with the play's own nu (successions), kappa (collapses) and q_t (kept
// components without a virtual edge): |S_T| <= 1 + 2k + nu, |R| <= 1 + nu, |P| <= kappa
// (or 2|R| + n + c under walks), and a piece without an end of any e_new only in a tree component.
TEST(Compress, BoundReadsThePlaysOwnCounts) {
  using model::PathKind;
  // C5 at frame 4 with no succession: 4(1 + 8) + 5 + 3 - 4 + 2 + 10 + 1 - 5 under walks
  // (c = 1 piece at least, no tree component), 4(1 + 8) + 5 - 1 + 0 - 5 otherwise.
  EXPECT_EQ(shape_bound(PlayCount{4, 0, 0, 5, 1, 0}, PathKind::Walk), 43u);
  EXPECT_EQ(shape_bound(PlayCount{4, 0, 0, 5, 1, 0}, PathKind::Simple), 35u);
  EXPECT_EQ(shape_bound(PlayCount{4, 2, 3, 5, 1, 0}, PathKind::Trail), 35u + 8 + 3);
  EXPECT_EQ(shape_bound(PlayCount{4, 2, 3, 5, 1, 0}, PathKind::Walk), 43u + 12);
  // Every turn a collapse with a succession and every component a tree: the k-only count.
  EXPECT_EQ(shape_bound(PlayCount{3, 3, 3, 4, 1, 1}, PathKind::Trail), shape_bound(3, 4, 1, PathKind::Trail));
  EXPECT_EQ(shape_bound(PlayCount{2, 2, 2, 5, 3, 3}, PathKind::Walk), shape_bound(2, 5, 3, PathKind::Walk));
  // The engine's m(k, n): a target with a cycle (n edges or more) has no tree component, 4 less.
  const auto c5 = model::parse_target_auto("C5"), p4 = model::parse_target_auto("P4");
  EXPECT_EQ(shape_bound(4, c5, PathKind::Walk), 67u);     // 14 * 4 + 10 + 1
  EXPECT_EQ(shape_bound(4, c5, PathKind::Simple), 55u);   // 13 * 4 + 5 - 2
  EXPECT_EQ(shape_bound(2, p4, PathKind::Walk), 41u);     // 14 * 2 + 8 + 5, as before
  EXPECT_EQ(shape_bound(2, p4, PathKind::Simple), 32u);   // 13 * 2 + 4 + 2, as before
  EXPECT_EQ(shape_bound(4, 1, 2, c5, PathKind::Walk), 49u);
}

TEST(Compress, RandomPlaysUnderEveryReading) { testing::sweep(1, testing::combos()); }

}  // namespace
}  // namespace carve::shape
