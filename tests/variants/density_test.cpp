// Density patterns in every engine (tests/variants/pattern_sweep.hpp) at depth 2 and on 001
// with two variables: no engine refuses, verdicts and shortest turns agree, every win replays.
#include <gtest/gtest.h>

#include "tests/variants/pattern_sweep.hpp"

namespace carve::variants {
namespace {

TEST(DifferentialDensity, TreePatternsAgreeAcrossEngines) {
  const Tally t = sweep_patterns(true, 2, 3);
  std::printf("%s\n", report(t).c_str());
  EXPECT_EQ(t.decided.at("sat"), t.questions) << report(t);
}

TEST(DifferentialDensity, HypergraphPatternsAgreeAcrossEngines) {
  const Tally t = sweep_patterns(false, 2, 2);
  std::printf("%s\n", report(t).c_str());
  EXPECT_EQ(t.decided.at("sat"), t.questions) << report(t);
}

}  // namespace
}  // namespace carve::variants
