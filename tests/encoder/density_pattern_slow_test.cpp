// Walks by positions (the route for patterns whose walks have no edge-set encoding, which the
// sat engine takes at depth 2) against the reference semantics on more random states than the
// default suite's one per pattern: about a minute and a half.
#include <gtest/gtest.h>

#include "tests/encoder/pattern_agreement.hpp"

namespace carve::encoder {
namespace {

TEST(DensityPatternSlow, RemovalSetsEqualReferenceDepth2) { testing::agree(2, 0.6, 8, 400, 8); }

}  // namespace
}  // namespace carve::encoder
