// The look of every kind of thing a picture draws, in one place: the frames (DOT attributes) and
// the legend (HTML-like table cells) take it from here, so the legend shows what the frames draw.
//  - present edges: tree (inherent) edges solid dark, virtual edges dashed blue, a kept e_new
//    dashed purple;
//  - removed edges are ghosts: the edges this turn's collapse removed in translucent red (with the
//    dash of their kind), each numbered with its step(s) along the path; tree edges removed by an
//    earlier turn faint, grey and dotted;
//  - vertices: the root gold with a double outline, the root before succession dashed orange, the
//    winning component green, a 000 frontier node grey with a ▽ (its subtree goes on);
//  - carve play's board: a pending e_new (chosen, its turn not yet played) thick dotted orange; a
//    000 node whose subtree the board does not draw grey with a ⋯.
#pragma once
#include <string>

namespace carve::render {

enum class EdgeKind { Tree, Virtual };
enum class EdgeLook { Present, KeptNew, RemovedNow, RemovedEarlier, Pending };

struct Stroke {
  std::string colour;  // #rrggbb or #rrggbbaa
  std::string dash;    // solid, dashed, dotted
  double width = 1;    // points
};
Stroke edge_stroke(EdgeKind kind, EdgeLook look);

// DOT attributes (without brackets) of a line drawn for an edge of this kind and look.
std::string edge_attrs(EdgeKind kind, EdgeLook look);
// DOT attributes of a 001 edge-node (a hyperedge's Θ/Ω box).
std::string edge_node_attrs(EdgeKind kind, EdgeLook look);

enum class VertexLook { Plain, Root, OldRoot, Frontier, Cut };
struct Fill {
  std::string fill, border, dash;
  double width = 1;
  bool double_outline = false;
};
Fill vertex_fill(VertexLook look, bool winning);
// DOT attributes of a vertex.
std::string vertex_attrs(bool word_tree, VertexLook look, bool winning);

constexpr const char* kStepColour = "#c62828";  // the step numbers along the collapse path
constexpr const char* kStubColour = "#90a4ae";  // the ▽ of a frontier node

}  // namespace carve::render
