// The shape theorem executed (docs/infinite-tree.md, Lemmas A, 1, B, 2, 3, 4), default-suite
// sample: one random play per combination of the switches (compress_sweep.hpp).
#include <gtest/gtest.h>

#include "checker/shape/compress.hpp"
#include "tests/shape/compress_sweep.hpp"
#include "tests/shape/random_play.hpp"

namespace carve::shape {
namespace {

TEST(Compress, BoundIsTheLemma4Count) {
  EXPECT_EQ(shape_bound(1, 1), 21u);
  EXPECT_EQ(shape_bound(3, 4), 67u);
}

TEST(Compress, RandomPlaysUnderEveryReading) { testing::sweep(1, testing::combos()); }

}  // namespace
}  // namespace carve::shape
