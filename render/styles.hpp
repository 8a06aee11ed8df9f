// The look of every kind of thing a picture draws, in one place: the frames and the legend take
// their attributes from here, so the legend always shows exactly what the frames draw.
//  - present edges: tree (inherent) edges solid dark, virtual edges dashed blue, a kept e_new
//    dashed purple;
//  - removed edges are ghosts: the edges this turn's collapse removed in translucent red (same
//    dash as their kind), each numbered with its step(s) along the path; tree edges removed by
//    an earlier turn faint grey and dotted;
//  - vertices: the root a gold double circle, the root before succession dashed orange, the
//    winning component green, a 000 frontier node grey with a ▽ stub for its subtree.
#pragma once
#include <string>

namespace carve::render {

enum class EdgeKind { Tree, Virtual };
enum class EdgeLook { Present, KeptNew, RemovedNow, RemovedEarlier };

// DOT attributes (without brackets) of a line drawn for an edge of this kind and look.
std::string edge_attrs(EdgeKind kind, EdgeLook look);
// DOT attributes of a 001 edge-node (a hyperedge's Θ/Ω box).
std::string edge_node_attrs(EdgeKind kind, EdgeLook look);

enum class VertexLook { Plain, Root, OldRoot, Frontier };
// DOT attributes of a vertex; `winning` adds the winning component's green.
std::string vertex_attrs(bool word_tree, VertexLook look, bool winning);

constexpr const char* kStepColour = "#c62828";  // the step numbers along the collapse path
constexpr const char* kStubColour = "#90a4ae";

}  // namespace carve::render
