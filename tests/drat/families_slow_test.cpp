// The larger family instances (labelled `slow`, excluded from the default suite).
#include <gtest/gtest.h>

#include "checkers/drat/drat.hpp"
#include "tests/drat/cadical_proof.hpp"
#include "tests/drat/families.hpp"

namespace carve::drat {
namespace {

TEST(DratFamiliesSlow, Pigeonhole8) {
  const Cnf cnf = families::pigeonhole(8);
  for (const bool binary : {true, false}) {
    const testing::Solved s = testing::solve_with_proof(cnf, binary);
    ASSERT_EQ(s.status, 20);
    const Result r = check(cnf, read_proof(s.proof));
    EXPECT_TRUE(r.accepted) << r.message;
  }
}

TEST(DratFamiliesSlow, Random3Sat200) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Cnf cnf = families::random_3sat(200, 4.26, seed);
    const testing::Solved s = testing::solve_with_proof(cnf, true);
    if (s.status != 20) continue;
    const Result r = check(cnf, read_proof(s.proof));
    EXPECT_TRUE(r.accepted) << r.message;
  }
}

}  // namespace
}  // namespace carve::drat
