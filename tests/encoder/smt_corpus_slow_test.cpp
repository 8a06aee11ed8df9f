// The smt engine on every depth-3 reachability case of cases/binary_tree (all five profiles;
// the expectations are explicit search's answers): each must be reproduced. Labelled `slow`
// (about 6 minutes on 2 loaded cores, mostly the cycle profile).
#include <gtest/gtest.h>

#include "questions/check/run_case.hpp"
#include "tests/encoder/corpus.hpp"

namespace carve::cases {
namespace {

TEST(SmtCorpusSlow, Depth3AgreesWithExplicit) {
  const auto cases = corpus(3);
  ASSERT_GE(cases.size(), 35u);
  for (const auto& c : cases) {
    if (c.engine && c.engine->value != elab::Engine::Explicit) continue;  // pinned by another engine
    const auto smt = run_case(c, Limits{}, Judges{elab::Engine::Smt});
    EXPECT_TRUE(smt.pass) << c.path << ": explicit search " << smt.expected << ", smt " << smt.actual;
  }
}

}  // namespace
}  // namespace carve::cases
