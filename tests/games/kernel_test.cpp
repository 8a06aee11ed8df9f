// Kernels of hand-built digraphs.
#include <gtest/gtest.h>

#include "questions/games/enumerate.hpp"
#include "questions/games/kernel.hpp"

using namespace carve::games;

TEST(Kernel, PathAndCycles) {
  // Path 0 -> 1 -> 2: sink 2 in, 1 out, 0 in.
  Digraph path{{{1}, {2}, {}}};
  auto k = dag_kernel(path);
  ASSERT_TRUE(k);
  EXPECT_EQ(*k, (VertexSet{true, false, true}));
  EXPECT_TRUE(is_kernel(path, *k));
  EXPECT_FALSE(is_kernel(path, {true, true, true}));    // not independent
  EXPECT_FALSE(is_kernel(path, {false, false, true}));  // 0 is not absorbed
  // 2-cycle: two kernels {0} and {1}, both positions are draws.
  Digraph two{{{1}, {0}}};
  EXPECT_FALSE(dag_kernel(two));
  EXPECT_EQ(all_kernels(two).size(), 2u);
  EXPECT_EQ(retrograde(two)[0], Result::Draw);
  // 3-cycle: no kernel.
  Digraph three{{{1}, {2}, {0}}};
  EXPECT_TRUE(all_kernels(three).empty());
}

TEST(Kernel, DagKernelIsUniqueAndIsTheLosingSet) {
  for (const Digraph& g : digraphs(4)) {
    auto ks = all_kernels(g);
    if (!is_acyclic(g)) continue;
    ASSERT_EQ(ks.size(), 1u);
    EXPECT_EQ(ks[0], *dag_kernel(g));
    auto r = retrograde(g);
    for (int v = 0; v < g.size(); ++v) EXPECT_EQ(ks[0][static_cast<std::size_t>(v)], r[static_cast<std::size_t>(v)] == Result::Lose);
  }
}

TEST(Kernel, EnumeratorCounts) {
  // Unlabelled loopless digraphs on 1, 2, 3 vertices: 1, 3, 16 (OEIS A000273).
  std::vector<int> count(5, 0);
  for (const Digraph& g : digraphs(3)) ++count[static_cast<std::size_t>(g.size())];
  EXPECT_EQ(count[1], 1);
  EXPECT_EQ(count[2], 3);
  EXPECT_EQ(count[3], 16);
}
