// The opt-in sweep (ctest -L slow): 1,000 more variants (other seeds), smt on every second one,
// and depth 3 / three turns for the trees.
#include <gtest/gtest.h>

#include "tests/variants/sweep.hpp"

namespace carve::variants {
namespace {

TEST(DifferentialSlow, ThousandVariantsAgreeAcrossEngines) {
  SweepOptions o;
  o.seed = 1000;
  o.count = 1000;
  o.smt_every = 2;
  const Tally t = sweep(o);
  std::printf("%s\n", report(t).c_str());
  EXPECT_GE(t.decided.at("sat"), t.questions * 9 / 10) << report(t);
}

TEST(DifferentialSlow, DeeperScopesAgreeAcrossEngines) {
  SweepOptions o;
  o.seed = 5000;
  o.count = 200;
  o.tree_depth = 3;
  o.max_turns = 3;
  const Tally t = sweep(o);
  std::printf("%s\n", report(t).c_str());
  EXPECT_GE(t.decided.at("sat"), t.questions * 9 / 10) << report(t);
}

}  // namespace
}  // namespace carve::variants
