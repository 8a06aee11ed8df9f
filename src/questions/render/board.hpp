// carve play's board: the picture of a live session, drawn again after every request with the
// layout and legend of `carve render` (render/scene, dot_writer, legend) on one Scene made from the
// game and its scope alone (make_board_scene), so that nothing moves from turn to turn.
//  - 000: the word tree to the scope's depth (or to the deepest level of at most kBoardRowMax
//    nodes, the rest named in the caption), frontier nodes marked "its subtree goes on";
//  - 001: the hypergraph of F*; a virtual edge met for the first time takes the free slot nearest
//    its formulas in the rows kept for them above the inherent edge-nodes, a formula outside F*
//    the free slot nearest its edge's formulas in the row kept below F*.
// Every vertex and edge carries a stable SVG id (questions/render/dot_writer.hpp: board_vertex_id, ...), so
// the page can make vertices clickable and light a collapse path's edges.
// Invariant: a node once placed never moves and the canvas never changes size; the legend lists
// every kind of thing a turn can show, whether or not this one shows it.
#pragma once
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "questions/render/frames.hpp"
#include "questions/render/scene.hpp"

namespace carve::render {

class Board {
 public:
  Board(const model::Game& game, const std::string& title, const std::string& target);

  // The frame's DOT text, placing first any virtual edge or formula it shows that the board has not
  // placed yet (the game may be another reading of the same universe: a profile switched).
  std::string dot(const model::Game& game, const Frame& frame);
  // The same through Graphviz's dot (questions/render/graphviz.hpp: throws GraphvizError).
  std::string svg(const model::Game& game, const Frame& frame);

  const Scene& scene() const { return scene_; }

 private:
  void place(const model::Game& game, const model::EdgeElement& e);
  void place_formula(model::VertexId v, double wanted_x);
  // The free slot of the spare rows nearest `wanted_x` (rows in order, nearest row first); when
  // every slot is taken, the nearest slot of the first row (a shared slot rather than a move).
  Point free_slot(const std::vector<double>& rows, double gap, double wanted_x);

  Scene scene_;
  std::set<std::pair<double, long>> taken_;  // (a spare row's y, a column of it)
};

}  // namespace carve::render
