// The board: the Scene of make_board_scene, and the slots of its spare rows handed out as a
// session meets virtual edges (001) and formulas outside F*.
#include "questions/render/board.hpp"

#include <algorithm>
#include <cmath>

#include "questions/render/dot_writer.hpp"
#include "questions/render/graphviz.hpp"

namespace carve::render {

namespace {
constexpr double kEdgeNodeGap = 52;  // points between neighbouring edge-nodes, as hypergraph_layout has them
constexpr double kFormulaGap = 22;   // points between neighbouring formula boxes
}  // namespace

Board::Board(const model::Game& game, const std::string& title, const std::string& target)
    : scene_(make_board_scene(game, title, target)) {}

Point Board::free_slot(const std::vector<double>& rows, double gap, double wanted_x) {
  const auto columns = static_cast<long>(std::max(1.0, std::floor((scene_.spare_right - scene_.spare_left) / gap) + 1));
  const long wanted = std::clamp(std::lround((wanted_x - scene_.spare_left) / gap), 0L, columns - 1);
  for (double y : rows)
    for (long d = 0; d < columns; ++d)
      for (long c : {wanted - d, wanted + d})
        if (c >= 0 && c < columns && taken_.insert({y, c}).second) return {scene_.spare_left + static_cast<double>(c) * gap, y};
  return {scene_.spare_left + static_cast<double>(wanted) * gap, rows.front()};
}

void Board::place_formula(model::VertexId v, double wanted_x) {
  if (!scene_.spare_formula_row) return;  // the universe has no formula outside F*
  scene_.at[vertex_node(v)] = free_slot({*scene_.spare_formula_row}, scene_.node_width * 72 + kFormulaGap, wanted_x);
  scene_.drawn[v] = true;
  ++scene_.outside;
}

void Board::place(const model::Game& game, const model::EdgeElement& e) {
  if (std::find(scene_.virtuals.begin(), scene_.virtuals.end(), e) != scene_.virtuals.end()) return;
  scene_.virtuals.push_back(e);
  if (scene_.word_tree) return;  // a line between two placed nodes
  auto mean_x = [&] {
    double sum = 0, n = 0;
    for (auto v : e.vertices)
      if (scene_.drawn[v]) sum += scene_.at.at(vertex_node(v)).x, n += 1;
    return n > 0 ? sum / n : (scene_.spare_left + scene_.spare_right) / 2;
  };
  for (auto v : e.vertices)
    if (!scene_.drawn[v] && !game.universe.in_universe[v]) place_formula(v, mean_x());
  scene_.at[virtual_node(scene_.virtuals.size() - 1)] = free_slot(scene_.spare_edge_rows, kEdgeNodeGap, mean_x());
}

std::string Board::dot(const model::Game& game, const Frame& frame) {
  for (const auto& e : frame.state.virtuals) place(game, e);
  for (const auto& e : frame.path_edges)
    if (!e.inherent) place(game, model::EdgeElement::make(e.op, e.slots));
  if (frame.pending) place(game, *frame.pending);
  return frame_dot(game, scene_, frame);
}

std::string Board::svg(const model::Game& game, const Frame& frame) { return run_dot(dot(game, frame), "svg"); }

}  // namespace carve::render
