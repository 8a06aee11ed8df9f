// Z3 kernel proofs at small bit widths, and a deliberately wrong kernel claim.
#include <gtest/gtest.h>

#include "questions/games/z3_kernel.hpp"

using namespace carve::games;

TEST(Z3Kernel, NimFamiliesProvedAt4Bits) {
  for (AbsorbMode mode : {AbsorbMode::Witness, AbsorbMode::Quantified}) {
    EXPECT_TRUE(prove_kernel(NimFamily::Nim, 4, 4, 1, nim_p_claim(), mode, nim_strategy()).proved);
    EXPECT_TRUE(prove_kernel(NimFamily::StaircaseNim, 4, 4, 1, staircase_p_claim(), mode, staircase_strategy()).proved);
  }
  for (int k = 1; k <= 3; ++k)
    EXPECT_TRUE(prove_kernel(NimFamily::NimK, 4, 4, k, nim_k_good_claim(k), AbsorbMode::Witness, nim_k_strategy(k)).proved) << k;
  EXPECT_TRUE(prove_kernel(NimFamily::NimK, 4, 4, 1, nim_k_good_claim(1), AbsorbMode::Quantified).proved);
}

TEST(Z3Kernel, WrongClaimsComeBackSat) {
  // Nim's P-set claimed for Nim-2: two heaps can be changed at once, so from a xor-0 position
  // there is a move to another xor-0 position.
  auto r = prove_kernel(NimFamily::NimK, 4, 4, 2, nim_p_claim(), AbsorbMode::Witness, nim_strategy());
  ASSERT_FALSE(r.proved);
  EXPECT_EQ(r.failed_condition, "independent");
  ASSERT_EQ(r.position.size(), 4u);
  unsigned long long xs = 0, ys = 0;
  int changed = 0;
  for (int i = 0; i < 4; ++i) {
    xs ^= r.position[static_cast<std::size_t>(i)];
    ys ^= r.successor[static_cast<std::size_t>(i)];
    EXPECT_LE(r.successor[static_cast<std::size_t>(i)], r.position[static_cast<std::size_t>(i)]);
    changed += r.successor[static_cast<std::size_t>(i)] != r.position[static_cast<std::size_t>(i)];
  }
  EXPECT_EQ(xs, 0u);
  EXPECT_EQ(ys, 0u);
  EXPECT_GE(changed, 1);
  EXPECT_LE(changed, 2);
  // "Only the empty board is a P-position" is independent but not absorbing: e.g. (1,1,0,0) has
  // no Nim move to the empty board.
  ClaimedSet empty = [](const std::vector<z3::expr>& h) {
    z3::expr e = h[0] == 0;
    for (std::size_t i = 1; i < h.size(); ++i) e = e && h[i] == 0;
    return e;
  };
  for (AbsorbMode mode : {AbsorbMode::Witness, AbsorbMode::Quantified}) {
    auto q = prove_kernel(NimFamily::Nim, 4, 4, 1, empty, mode, nim_strategy());
    ASSERT_FALSE(q.proved);
    EXPECT_EQ(q.failed_condition, "absorbing");
    int nonzero = 0;
    for (auto v : q.position) nonzero += v != 0;
    EXPECT_GE(nonzero, 2);  // with one non-empty heap, taking it all reaches the empty board
  }
}
