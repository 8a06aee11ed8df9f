// The shape encoding accepts every compressed play: a default-suite sample (encoding_pins.hpp).
#include <gtest/gtest.h>

#include "tests/shape/encoding_pins.hpp"

TEST(ShapeEncoding, AcceptsEveryCompressedPlay) { carve::encoder::pinned_sweep(1, 32); }
