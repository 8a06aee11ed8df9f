// The compression sweep of docs/infinite-tree.md at full size: 10,000 random plays reaching
// depths 8 to 16, every combination of the switches about 20 times (label `slow`).
#include <gtest/gtest.h>

#include "tests/shape/compress_sweep.hpp"

TEST(Compress, SweepSlow) { carve::shape::testing::sweep(100000, 10000); }
