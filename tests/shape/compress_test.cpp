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
  EXPECT_EQ(shape_bound(3, 4, 1, PathKind::SimpleOrCycle), shape_bound(3, 4, PathKind::Simple));
  EXPECT_EQ(shape_bound(3, 4, PathKind::Walk), 55u);       // 14 * 3 + 8 + 4 + 1
  EXPECT_EQ(shape_bound(2, 5, 3, PathKind::Walk), 51u);    // three kept components: 4 more each
  EXPECT_EQ(shape_bound(0, 0, 0, PathKind::Simple), 1u);   // λ alone
}

TEST(Compress, RandomPlaysUnderEveryReading) { testing::sweep(1, testing::combos()); }

}  // namespace
}  // namespace carve::shape
