// Nim, staircase Nim, Nim-k, misère Nim: formulas against exhaustive SG search.
#include <gtest/gtest.h>

#include "questions/games/claims.hpp"
#include "questions/games/enumerate.hpp"
#include "questions/games/nim_k.hpp"
#include "questions/games/sg.hpp"
#include "questions/games/staircase_nim.hpp"

using namespace carve::games;

TEST(Nim, BoutonAgainstExhaustive) {
  SgEvaluator<Heaps, VectorHash> ev(nim_moves);
  for (const Heaps& h : heap_vectors(3, 8)) EXPECT_EQ(ev.sg(h), nim_value(h));
  // Misère Nim: {1} -> next player must take the last stone and loses; {1,1}: next wins.
  EXPECT_EQ(ev.misere_outcome({1}), Outcome::P);
  EXPECT_EQ(ev.misere_outcome({1, 1}), Outcome::N);
  EXPECT_EQ(ev.misere_outcome({}), Outcome::N);  // cannot move = win
  for (const Heaps& h : heap_vectors(4, 6)) EXPECT_EQ(ev.misere_outcome(h) == Outcome::N, misere_nim_first_player_wins(h));
}

TEST(Nim, HeapVectorsAreInSizeOrder) {
  auto hs = heap_vectors(2, 3);
  EXPECT_EQ(hs.size(), 3u + 9u);
  EXPECT_EQ(hs.front(), Heaps{0});
  EXPECT_EQ(hs[1], (Heaps{0, 0}));
  EXPECT_EQ(hs.back(), (Heaps{2, 2}));
}

TEST(StaircaseNim, OddPositionsTheorem) {
  SgEvaluator<Heaps, VectorHash> ev(staircase_moves);
  // a = (0, 0, 1): one stone on step 2. Next player must move it to step 1, then the other
  // player moves it to step 0 and wins: a P-position, and xor of odd steps (a_1) is 0.
  EXPECT_EQ(ev.normal_outcome({0, 0, 1}), Outcome::P);
  for (const Heaps& a : heap_vectors(4, 4, 2)) EXPECT_EQ(ev.sg(a) != 0, staircase_first_player_wins(a));
}

TEST(NimK, GoodConditionIsExactlyThePPositions) {
  for (int k = 1; k <= 3; ++k) {
    SgEvaluator<Heaps, VectorHash> ev([k](const Heaps& h) { return nim_k_moves(h, k); });
    auto r = check_equivalence(heap_vectors(4, 6), [&](const Heaps& h) { return ev.sg(h) == 0; },
                               [k](const Heaps& h) { return nim_k_good_condition(h, k); });
    EXPECT_TRUE(r.holds()) << k;
    // Document 002's direction ("first player wins iff good") fails already at the empty board.
    auto wrong = check_equivalence(heap_vectors(4, 6), [&](const Heaps& h) { return ev.sg(h) != 0; },
                                   [k](const Heaps& h) { return nim_k_good_condition(h, k); });
    ASSERT_FALSE(wrong.holds());
    EXPECT_EQ(*wrong.counterexample, Heaps{0});
  }
  // Hand check, k = 2: heaps (1,1,1) have three 1s in bit 0, 3 % 3 == 0 -> P (a move touches at
  // most 2 heaps, the opponent empties the rest). (1,1) -> N (take both).
  EXPECT_TRUE(nim_k_good_condition({1, 1, 1}, 2));
  EXPECT_FALSE(nim_k_good_condition({1, 1}, 2));
}
