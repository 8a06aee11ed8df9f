// Generic SG, coin turning, Multi-SG, tree deletion, Anti-SG / SJ.
#include <gtest/gtest.h>

#include "questions/games/anti_sg.hpp"
#include "questions/games/coin_turning.hpp"
#include "questions/games/enumerate.hpp"
#include "questions/games/multi_sg.hpp"
#include "questions/games/tree_deletion.hpp"

using namespace carve::games;

TEST(Sg, MexAndCycleDetection) {
  EXPECT_EQ(mex({}), 0u);
  EXPECT_EQ(mex({0, 1, 3}), 2u);
  EXPECT_EQ(mex({1, 2}), 0u);
  SgEvaluator<int> cyc([](const int& v) { return std::vector<int>{(v + 1) % 3}; });
  EXPECT_THROW(cyc.sg(0), std::logic_error);
  // Subtraction game {1,2}: sg(n) = n mod 3 (hand-derivable).
  SgEvaluator<int> sub([](const int& n) {
    std::vector<int> out;
    for (int t : {1, 2})
      if (n >= t) out.push_back(n - t);
    return out;
  });
  for (int n = 0; n < 50; ++n) EXPECT_EQ(sub.sg(n), static_cast<unsigned>(n % 3));
  EXPECT_EQ(sub.sg(200000), 200000u % 3);  // deep chain: iterative evaluation
}

TEST(CoinTurning, XorOfSingleCoins) {
  for (auto rule : {flip_one_or_two(), flip_run_up_to(2), flip_run_up_to(3), ruler_like_up_to_three()}) {
    CoinTurning ct(9, rule);
    for (std::uint64_t p = 0; p < (1u << 9); ++p) EXPECT_EQ(ct.sg(p), ct.sg_by_theorem(p)) << rule.name << " " << p;
  }
  // Flip one or two: a single heads coin at index i (0-based) can go to any single coin l < i or
  // to nothing, so its value is mex{0, 1, ..., i} ... = i + 1 (like a Nim heap of i+1).
  CoinTurning ct(6, flip_one_or_two());
  for (int i = 0; i < 6; ++i) EXPECT_EQ(ct.single_coin_sg(i), static_cast<unsigned>(i + 1));
}

TEST(MultiSg, LaskersNim) {
  MultiSg<unsigned> m(lasker_options);
  for (unsigned n = 0; n <= 120; ++n) EXPECT_EQ(m.sg(n), lasker_sg_formula(n)) << n;
  // Hand check: heap 3 -> {0,1,2 by removal} ∪ {1 xor 2 = 3 by split} = {0,1,2,3}: mex 4.
  EXPECT_EQ(m.sg(3), 4u);
  SgEvaluator<Heaps, VectorHash> ev([&](const Heaps& h) { return m.sum_moves(h); });
  for (Heaps h : heap_vectors(3, 7)) {
    std::sort(h.begin(), h.end());
    EXPECT_EQ(ev.sg(h), m.sg_sum(h));
  }
}

TEST(TreeDeletion, FormulaEqualsExhaustiveUpTo10Edges) {
  auto trees = rooted_trees(10);
  // Number of rooted unlabelled trees with 1..11 vertices (OEIS A000081), cumulative.
  const int a81[] = {1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842};
  int total = 0;
  for (int x : a81) total += x;
  EXPECT_EQ(static_cast<int>(trees.size()), total);
  TreeDeletionExhaustive ex;
  for (const RootedTree& t : trees) ASSERT_EQ(ex.sg(t), tree_sg_formula(t)) << ahu_canonical(t);
  // A stalk of n edges is a Nim heap of n.
  RootedTree stalk;
  for (int i = 0; i < 7; ++i) stalk.add_child(i);
  EXPECT_EQ(tree_sg_formula(stalk), 7u);
}

TEST(AntiSg, SjTheoremNeedsItsEndRule) {
  // G -> *2 (*2 -> *1 -> 0, *2 -> 0): sg(G) = mex{2} = 0. Misère: the player at G must move to
  // *2, from which the opponent moves to *1 and wins. So G is a misère P-position, while the SJ
  // condition "all sg <= 1 and xor = 0" predicts a first-player win.
  Digraph g{{{1}, {2, 3}, {3}, {}}};
  EXPECT_EQ(dag_sg(g)[0], 0u);
  EXPECT_FALSE(misere_sum_first_wins({g}, false));
  EXPECT_TRUE(sj_predicts_first_wins({0}));
  // With the SJ end rule (stop when every component has SG 0) the prediction holds.
  EXPECT_TRUE(misere_sum_first_wins({g}, true));
  for (const Digraph& a : dag_games(4))
    for (const Digraph& b : dag_games(3)) {
      std::vector<unsigned> s{dag_sg(a)[0], dag_sg(b)[0]};
      EXPECT_EQ(misere_sum_first_wins({a, b}, true), sj_predicts_first_wins(s));
    }
}
