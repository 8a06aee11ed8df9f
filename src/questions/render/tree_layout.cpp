// 000's layered tree: leaves left to right in word order, parents centred, rows by depth.
#include <algorithm>

#include "questions/render/layout.hpp"

namespace carve::render {

namespace {

constexpr double kDepthRowGap = 76;   // points between depth rows: room for the step numbers on edges
constexpr double kColumnGap = 22;  // points between neighbouring leaves' circles

struct TreePlacer {
  const Scene& scene;
  Placed& out;
  double column = 0;
  double dx;

  // Places v's drawn subtree; returns v's x.
  double place(model::VertexId v) {
    std::vector<double> xs;
    for (auto c : scene.children[v])
      if (scene.drawn[c]) xs.push_back(place(c));
    double x;
    if (xs.empty()) {
      x = column;
      column += dx;
    } else {
      x = (xs.front() + xs.back()) / 2;
    }
    out.at[vertex_node(v)] = {x, (scene.drawn_depth - scene.depth[v]) * kDepthRowGap};
    return x;
  }
};

}  // namespace

Placed tree_layout(const model::Game&, const Scene& scene) {
  Placed out;
  TreePlacer placer{scene, out, 0, scene.node_width * 72 + kColumnGap};
  placer.place(scene.tree_root);
  out.width = std::max(0.0, placer.column - placer.dx);
  out.height = scene.drawn_depth * kDepthRowGap;
  return out;
}

}  // namespace carve::render
