// The 000 collapse encodings under density patterns other than the documents' (engines/sat/
// collapse_route.hpp: PhaseWalk, PositionalPath) against the reference semantics, one turn at a
// time from random states: for patterns with and without V, symmetric and asymmetric ones (where
// a path ending at the root reads the pattern backwards), under both readings and every path
// kind, the removal sets a collapsing model allows are exactly the sets CollapsePaths lists, and
// every decoded path is legal as oriented and removes exactly its set.
#include <gtest/gtest.h>

#include "tests/encoder/pattern_agreement.hpp"

namespace carve::encoder {
namespace {

TEST(DensityPattern, RemovalSetsEqualReferenceDepth2) { testing::agree(2, 0.6, 8, 400, 1); }
TEST(DensityPattern, RemovalSetsEqualReferenceDepth3) { testing::agree(3, 0.55, 3, 300, 0); }

// Which collapse route each walk rules record takes: the documents' shape, phases where the
// automaton read from the root has no cycle but self-loops (every subsequence reading; T V and
// V as factors), positions otherwise.
TEST(DensityPattern, WalkRoutes) {
  auto route_of = [](const std::string& pattern, const std::string& density) {
    return testing::walk_route(testing::pattern_game(2, "walk", density, pattern, false));
  };
  EXPECT_EQ(route_of("V T{2,} V", "factor"), "shape");
  EXPECT_EQ(route_of("V T{2,} V", "subsequence"), "shape");
  for (const auto& p : testing::kPatterns) EXPECT_EQ(route_of(p, "subsequence"), "phases") << p;
  EXPECT_EQ(route_of("T V", "factor"), "phases");
  EXPECT_EQ(route_of("V", "factor"), "phases");
  // Interior runs of one or two T's can be lengthened by bouncing; so can the V between T's.
  EXPECT_EQ(route_of("V T V", "factor"), "phases of the bounce closure");
  EXPECT_EQ(route_of("V T{1,2} V", "factor"), "phases of the bounce closure");
  EXPECT_EQ(route_of("T{2,} V T", "factor"), "phases of the bounce closure");
  // Bouncing only lengthens runs: bounds on runs, and no V V, stay cyclic.
  for (const auto* p : {"V V", "T T T", "V T T", "V T{3,} V"}) EXPECT_EQ(route_of(p, "factor"), "positions") << p;
}

}  // namespace
}  // namespace carve::encoder
