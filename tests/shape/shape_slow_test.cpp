// The shape tests at full size (label `slow`): the compression sweep of docs/infinite-tree.md over
// 10,000 random plays reaching depths 8 to 16, every combination of the switches about 20 times;
// and the shape encoding's pinned-play check over 512 plays.
#include <gtest/gtest.h>

#include "tests/shape/compress_sweep.hpp"
#include "tests/shape/encoding_pins.hpp"

TEST(Compress, SweepSlow) { carve::shape::testing::sweep(100000, 10000); }

TEST(ShapeEncoding, AcceptsEveryCompressedPlaySlow) { carve::encoder::pinned_sweep(1000, 512); }
