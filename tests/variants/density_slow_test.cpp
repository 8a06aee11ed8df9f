// Density patterns in every engine at depth 3 (label slow): the sat engine refuses walks whose
// pattern has no edge-set encoding (positions would need hundreds of steps a turn) and decides
// everything else; where it decides, it agrees with explicit search.
#include <gtest/gtest.h>

#include "tests/variants/pattern_sweep.hpp"

namespace carve::variants {
namespace {

TEST(DifferentialDensitySlow, TreePatternsAtDepth3AgreeAcrossEngines) {
  const Tally t = sweep_patterns(true, 3, 3);
  std::printf("%s\n", report(t).c_str());
  // V V, T T T, V T T, V T{3,} V as factors under path=walk: 4 of the 88 questions' rules.
  EXPECT_LE(t.refused.count("sat") ? t.refused.at("sat") : 0, 4) << report(t);
}

}  // namespace
}  // namespace carve::variants
