// Node positions computed once per play, over the union of everything its frames draw (a layout
// of carve's own, not Graphviz's: the frames pin these positions with `pos="x,y!"` and Graphviz's
// neato only routes the edges).
//  - 000, a layered tree: every vertex on the row of its depth, the leaves of the drawn tree side
//    by side in the order of their words (children ordered by their letter, any number of them),
//    each parent centred over its children.
//  - 001, two rows: the formulas below, the hyperedges' edge-nodes above, each edge-node near the
//    mean of its formulas; the formulas ordered by a few barycentre sweeps to keep lines short.
// Invariant: positions depend only on the Scene's drawn sets and virtual edges (so on the play,
// not on a frame); the returned box holds every centre (min corner at 0, 0).
#pragma once
#include <map>
#include <string>

#include "questions/render/scene.hpp"

namespace carve::render {

struct Placed {
  std::map<std::string, Point> at;
  double width = 0, height = 0;  // every centre lies in [0, width] x [0, height]
};

Placed tree_layout(const model::Game& game, const Scene& scene);
Placed hypergraph_layout(const model::Game& game, const Scene& scene);

}  // namespace carve::render
