// Green and Blue-Red Hackenbush: fast paths against exhaustive nauty-memoised search.
#include <gtest/gtest.h>

#include "questions/games/blue_red_hackenbush.hpp"
#include "questions/games/enumerate.hpp"
#include "questions/games/green_hackenbush.hpp"

using namespace carve::games;

TEST(GraphCanon, IsomorphismInvariance) {
  // The same path ground-a-b labelled two ways, and a non-isomorphic rooting.
  GroundedGraph g1{3, 0, {{0, 1}, {1, 2}}};
  GroundedGraph g2{3, 0, {{2, 1}, {0, 2}}};
  GroundedGraph g3{3, 1, {{0, 1}, {1, 2}}};  // ground in the middle
  EXPECT_EQ(canonical_key(g1), canonical_key(g2));
  EXPECT_NE(canonical_key(g1), canonical_key(g3));
  GroundedGraph loop{1, 0, {{0, 0}}}, edge{2, 0, {{0, 1}}};
  EXPECT_NE(canonical_key(loop), canonical_key(edge));
  GroundedGraph blue{2, 0, {{0, 1, EdgeColour::Blue}}}, red{2, 0, {{0, 1, EdgeColour::Red}}};
  EXPECT_NE(canonical_key(blue), canonical_key(red));
  // Pruning removes parts cut off from the ground.
  GroundedGraph cut{4, 0, {{0, 1}, {2, 3}}};
  EXPECT_EQ(prune_to_ground(cut).edges.size(), 1u);
}

TEST(GreenHackenbush, CyclesAndHandValues) {
  GreenExhaustive ex;
  // A cycle of n edges through the ground: cutting one edge leaves stalks a, b with a + b = n-1;
  // for odd n, a = b is possible (option 0) and all options a^b are even, so sg = 1; for even n,
  // a and b differ in parity, a^b is odd, never 0, so sg = 0.
  for (int n = 1; n <= 9; ++n) {
    EXPECT_EQ(ex.sg(cycle_on_ground(n)), static_cast<unsigned>(n % 2)) << n;
    EXPECT_EQ(green_sg_fusion(cycle_on_ground(n)), static_cast<unsigned>(n % 2)) << n;
  }
  // Triangle hanging from a stalk of 1: fuse triangle -> vertex with one loop (*1), then the
  // colon principle: 1 + 1 = 2.
  GroundedGraph g{4, 0, {{0, 1}, {1, 2}, {2, 3}, {3, 1}}};
  EXPECT_EQ(ex.sg(g), 2u);
  EXPECT_EQ(green_sg_fusion(g), 2u);
}

TEST(GreenHackenbush, FusionEqualsExhaustiveAllGraphsUpTo8Edges) {
  GreenExhaustive ex;
  auto gs = grounded_graphs(8);
  EXPECT_GT(gs.size(), 1000u);
  for (const GroundedGraph& g : gs) ASSERT_EQ(green_sg_fusion(g), ex.sg(g)) << to_string(g);
  for (const GroundedGraph& g : grounded_graphs(6, true)) ASSERT_EQ(green_sg_fusion(g), ex.sg(g)) << to_string(g);
}

TEST(GreenHackenbush, FusionOnBigInputsMatchesTreeFormulaShape) {
  // Long stalk of 10^5 edges = heap of 10^5; a 10^5-edge cycle through the ground is even -> 0.
  GroundedGraph s;
  for (int i = 0; i < 100000; ++i) s.add_edge(i, s.add_vertex());
  EXPECT_EQ(green_sg_fusion(s), 100000u);
  EXPECT_EQ(green_sg_fusion(cycle_on_ground(100000)), 0u);
}

TEST(BlueRedHackenbush, HandValues) {
  BlueRedExhaustive ex;
  using C = EdgeColour;
  EXPECT_EQ(ex.value(make_stalk({C::Blue, C::Red})), Dyadic::make(1, 1));  // {0|1} = 1/2
  EXPECT_EQ(ex.value(make_stalk({C::Red, C::Red, C::Red})), Dyadic(-3));
  // Two blue-red stalks and one red edge: 1/2 + 1/2 - 1 = 0 (document 004, figure 4c).
  GroundedGraph g = make_stalk({C::Blue, C::Red});
  int a = g.add_vertex(), b = g.add_vertex(), c = g.add_vertex();
  g.add_edge(0, a, C::Blue);
  g.add_edge(a, b, C::Red);
  g.add_edge(0, c, C::Red);
  EXPECT_EQ(ex.value(g), Dyadic(0));
  EXPECT_EQ(outcome_of(ex.value(g)), Outcome::P);
  // A blue loop on a red edge: Blue's option (delete loop) = -1; Red's option = 0. {-1|0} = -1/2.
  GroundedGraph h{2, 0, {{0, 1, C::Red}, {1, 1, C::Blue}}};
  EXPECT_EQ(ex.value(h), Dyadic::make(-1, 1));
}

TEST(BlueRedHackenbush, StalksAndTreesFastPathEqualsExhaustive) {
  BlueRedExhaustive ex;
  for (const auto& s : bicoloured_stalks(8)) ASSERT_EQ(stalk_value(s), ex.value(make_stalk(s)));
  auto trees = bicoloured_trees(8);
  EXPECT_GT(trees.size(), 10000u);
  for (const GroundedGraph& t : trees) ASSERT_EQ(tree_value(t), ex.value(t)) << to_string(t);
}
