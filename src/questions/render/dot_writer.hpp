// Graphviz DOT for one frame of a carving game, every node pinned where the play's Scene put it
// (`pos="x,y!"`, laid out by neato, which then only routes the edges; `dot -Tsvg` on the file
// gives the same picture since the graph says layout=neato). The frame holds: a caption box (the
// title and the turn in one line, its full text as the box's tooltip), the vertices, the edges
// (render/styles: present, kept e_new, removed by this turn -- a translucent ghost numbered with
// its steps along the collapse path --, removed earlier), in 000 a ▽ under each frontier node's
// name, the legend, and two invisible corner points that fix the canvas.
// Classes in the SVG: vertex (root, oldroot, frontier, cut, onpath, winning), tree / virtual / new /
// pending / collapse / ghost on edges and edge-nodes, hyperedge on 001's edge-nodes, caption, legend.
// Invariant: the same Scene gives every frame the same node positions and the same canvas.
#pragma once
#include <string>

#include "questions/render/frames.hpp"
#include "questions/render/scene.hpp"

namespace carve::render {

std::string frame_dot(const model::Game& game, const Scene& scene, const Frame& frame);

// The id (in DOT and SVG) of the element drawn for the collapse path's distinct edge k of a frame.
std::string path_edge_id(const Frame& frame, std::size_t k);

// On carve play's board (Scene::board) every element keeps one id from turn to turn: a vertex
// "v<id>" (its universe id), an inherent edge "t<i>" (its index in E_Ω), a virtual edge "x" and
// its slots joined by "_" ("x3_9"), a pending e_new "enew" (in 001 the edge-node's id). Every part
// drawn for an edge (001: the edge-node and its lines) also has the class "key_<op>_<slots>"
// ("key_T_0_1", "key_Theta_4_1_1_1_2"): an edge's key in carve play's API (questions/play/describe.hpp:
// "T:0,1") with ':' and ',' made '_', by which the page lights a collapse path.
std::string board_vertex_id(model::VertexId v);
std::string board_inherent_id(std::size_t i);
std::string board_virtual_id(const model::EdgeElement& e);
std::string board_edge_class(const model::EdgeElement& e);
constexpr const char* kBoardPendingId = "enew";

}  // namespace carve::render
