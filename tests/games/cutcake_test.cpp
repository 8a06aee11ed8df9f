// Cutcake: document 004's recurrence, the closed form, and exhaustive game evaluation.
#include <gtest/gtest.h>

#include "questions/games/cutcake.hpp"

using namespace carve::games;

TEST(Cutcake, DocumentBaseCasesAndExamples) {
  auto t = cutcake_table_recurrence(8, 8);
  EXPECT_EQ(t[1][1], 0);
  for (int n = 1; n <= 8; ++n) {
    EXPECT_EQ(t[1][static_cast<std::size_t>(n)], n - 1);   // 1×N: Left makes N-1 cuts, Right none
    EXPECT_EQ(t[static_cast<std::size_t>(n)][1], 1 - n);
  }
  EXPECT_EQ(t[3][2], 0);   // {2·SR(3×1) | SR(2×2)+SR(1×2)} = {-4 | 1} = 0
  EXPECT_EQ(t[4][2], -1);  // {2·SR(4×1) | min(0+1, 0+0)} = {-6 | 0} = -1
}

TEST(Cutcake, ExhaustiveGameEqualsRecurrenceOnSmallBoards) {
  auto t = cutcake_table_recurrence(5, 5);
  CutcakeExhaustive ex;
  for (int a = 1; a <= 5; ++a)
    for (int b = 1; b <= 5; ++b)
      if (a * b <= 16) {
        EXPECT_EQ(ex.value({{a, b}}), Dyadic(t[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)])) << a << "x" << b;
      }
  // Values of a sum of pieces add (numbers): 3×2 + 1×3 + 4×1 = 0 + 2 - 3.
  EXPECT_EQ(ex.value({{3, 2}, {1, 3}, {4, 1}}), Dyadic(-1));
}

TEST(Cutcake, ClosedFormEqualsRecurrenceOnFullTable) {
  auto rec = cutcake_table_recurrence(300, 300);
  auto fast = cutcake_table_fast(300, 300);
  EXPECT_EQ(rec, fast);
  for (int a = 1; a <= 300; ++a)
    for (int b = 1; b <= 300; ++b) EXPECT_EQ(rec[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)], -rec[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)]);
}
