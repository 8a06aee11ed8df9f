// Graphviz DOT for one frame of a carving game. Tree (inherent) and virtual edges are styled
// apart (class "tree" / "virtual"), the root is a filled double circle (class "root"), the
// collapse path of the turn is drawn in red over the edges it removed (class "collapse"), the
// winning component is outlined by a cluster (class "winning"); in 001 every hyperedge is a
// small edge-node joined to the vertices it mentions; in 000 the nodes at the drawn depth that
// stay joined to the infinite subtree carry a frontier stub (class "frontier", the stub "infinite").
// Invariant: a Scene is computed once per play, so every frame of a play draws the same vertices
// and the same (possibly invisible) tree edges, and dot lays the frames out alike.
#pragma once
#include <string>
#include <vector>

#include "render/frames.hpp"

namespace carve::render {

struct Scene {
  std::vector<bool> drawn;     // per universe vertex
  std::vector<bool> frontier;  // 000: drawn, and joined to an infinite subtree below the picture
  int drawn_depth = -1;        // 000: the deepest drawn level (<= the scope depth)
  std::string title;
  std::string target;
};

Scene make_scene(const model::Game& game, const Play& play);
std::string frame_dot(const model::Game& game, const Scene& scene, const Frame& frame);

}  // namespace carve::render
