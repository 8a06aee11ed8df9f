// Slow cross-checks (CTest label "slow"): larger families and wider Z3 proofs.
#include <gtest/gtest.h>

#include "questions/games/blue_red_hackenbush.hpp"
#include "questions/games/enumerate.hpp"
#include "questions/games/green_hackenbush.hpp"
#include "questions/games/z3_kernel.hpp"

using namespace carve::games;

TEST(Slow, GreenFusionMultigraphsUpTo8Edges) {
  GreenExhaustive ex;
  for (const GroundedGraph& g : grounded_graphs(8, true)) ASSERT_EQ(green_sg_fusion(g), ex.sg(g)) << to_string(g);
}

TEST(Slow, BlueRedGraphsAreNumbersAndTreesUpTo9Edges) {
  BlueRedExhaustive ex;
  for (const GroundedGraph& g : bicoloured_graphs(6)) {
    auto [l, r] = ex.best_options(g);
    if (l && r) {
      ASSERT_LT(*l, *r) << to_string(g);
    }
  }
  for (const GroundedGraph& t : bicoloured_trees(9)) ASSERT_EQ(tree_value(t), ex.value(t)) << to_string(t);
}

TEST(Slow, Z3KernelProofsAt8To16Bits) {
  for (int bits : {8, 12, 16}) {
    EXPECT_TRUE(prove_kernel(NimFamily::Nim, 4, bits, 1, nim_p_claim(), AbsorbMode::Witness, nim_strategy()).proved);
    EXPECT_TRUE(prove_kernel(NimFamily::StaircaseNim, 4, bits, 1, staircase_p_claim(), AbsorbMode::Witness, staircase_strategy()).proved);
    for (int k = 1; k <= 3; ++k)
      EXPECT_TRUE(prove_kernel(NimFamily::NimK, 4, bits, k, nim_k_good_claim(k), AbsorbMode::Witness, nim_k_strategy(k)).proved);
  }
}
