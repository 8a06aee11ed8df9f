// The one route to small connected graphs (nauty's geng compiled in): counted against the known
// sequence, each connected, no two isomorphic; and diff's family built from it holds the same
// classes, ordered smallest first.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "questions/diff/family.hpp"
#include "rules/model/connected_graphs.hpp"
#include "rules/model/target.hpp"

namespace {

using namespace carve;

TEST(ConnectedGraphs, CountsAreTheKnownOnesAndClassesAreDistinct) {
  // Connected graphs on n unlabelled vertices, n = 1..6: OEIS A001349.
  const std::vector<int> known = {1, 1, 2, 6, 21, 112};
  const auto graphs = model::connected_graphs(6);
  std::map<std::size_t, int> by_order;
  std::set<std::string> canon;
  for (const auto& g6 : graphs) {
    const auto t = model::parse_target(model::TargetSyntax::Graph6, g6);  // throws unless connected (Target invariant)
    ++by_order[t.vertex_count()];
    EXPECT_TRUE(canon.insert(t.canon).second) << g6 << " repeats an isomorphism class";
  }
  for (std::size_t n = 1; n <= known.size(); ++n) EXPECT_EQ(by_order[n], known[n - 1]) << "n = " << n;
  EXPECT_THROW(model::connected_graphs(0), std::invalid_argument);
  EXPECT_THROW(model::connected_graphs(model::kMaxConnectedVertices + 1), std::invalid_argument);
}

// Diff's --connected family and the atlas's --max-vertices targets are the same classes.
TEST(ConnectedGraphs, DiffFamilyIsTheSameClassesOrderedBySize) {
  std::set<std::string> atlas;
  for (const auto& g6 : model::connected_graphs(5)) atlas.insert(model::parse_target(model::TargetSyntax::Graph6, g6).canon);
  const auto family = diff::connected_graphs(5);
  std::set<std::string> diff;
  for (std::size_t i = 0; i < family.size(); ++i) {
    diff.insert(family[i].canon);
    if (i > 0) {
      const auto& a = family[i - 1];
      const auto& b = family[i];
      EXPECT_TRUE(a.vertex_count() < b.vertex_count() || (a.vertex_count() == b.vertex_count() && a.edge_count() <= b.edge_count()));
    }
  }
  EXPECT_EQ(family.size(), 31u);  // 1 + 1 + 2 + 6 + 21
  EXPECT_EQ(diff, atlas);
}

}  // namespace
