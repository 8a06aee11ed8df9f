// The default-suite differential test over 200 generated rule variants; the sweep over 1,000 and
// more, and over deeper scopes, is differential_slow_test.cpp (label `slow`).
#include <gtest/gtest.h>

#include "tests/variants/sweep.hpp"

namespace carve::variants {
namespace {

TEST(Differential, TwoHundredVariantsAgreeAcrossEngines) {
  SweepOptions o;
  o.count = 200;
  const Tally t = sweep(o);
  RecordProperty("tally", report(t));
  std::printf("%s\n", report(t).c_str());
  // The engines must actually decide the variants, not refuse most of them.
  EXPECT_GE(t.decided.at("sat"), t.questions * 9 / 10) << report(t);
}

}  // namespace
}  // namespace carve::variants
