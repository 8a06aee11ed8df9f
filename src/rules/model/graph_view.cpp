// Builds G' for a state; candidates are swapped in and out without rebuilding the base.
#include "rules/model/graph_view.hpp"

namespace carve::model {

std::uint32_t GraphView::add(const std::vector<VertexId>* slots, const std::vector<VertexId>* vertices,
                             EdgeType t, std::int32_t inherent, std::int32_t virtual_index) {
  auto id = static_cast<std::uint32_t>(edges_.size());
  edges_.push_back(ViewEdge{slots, vertices, t, inherent, virtual_index, false});
  for (auto v : *vertices) incident_[v].push_back(id);
  return id;
}

GraphView::GraphView(const Game& game, const State& state) {
  const auto& u = game.universe;
  incident_.resize(u.size());
  for (auto i = state.inherent.find_first(); i != boost::dynamic_bitset<>::npos; i = state.inherent.find_next(i))
    add(&u.inherent[i].slots, &u.inherent[i].vertices, EdgeType::T, static_cast<std::int32_t>(i), -1);
  for (std::size_t i = 0; i < state.virtuals.size(); ++i)
    add(&state.virtuals[i].slots, &state.virtuals[i].vertices, EdgeType::V, -1, static_cast<std::int32_t>(i));
  base_edges_ = edges_.size();
}

void GraphView::remove_fresh() {
  if (fresh_added_) {
    for (auto v : fresh_.vertices) incident_[v].pop_back();
    edges_.pop_back();
    fresh_added_ = false;
  }
  if (new_edge_ < edges_.size()) edges_[new_edge_].is_new = false;
}

void GraphView::set_candidate(const EdgeElement& e_new) {
  remove_fresh();
  fresh_ = e_new;
  for (std::uint32_t i = 0; i < base_edges_; ++i)
    if (edges_[i].virtual_index >= 0 && *edges_[i].slots == e_new.slots) {
      new_edge_ = i;
      edges_[i].is_new = true;
      return;
    }
  new_edge_ = add(&fresh_.slots, &fresh_.vertices, EdgeType::V, -1, -1);
  fresh_added_ = true;
  edges_[new_edge_].is_new = true;
}

std::optional<std::uint32_t> GraphView::find(const std::vector<VertexId>& slots) const {
  for (std::uint32_t i = 0; i < edges_.size(); ++i)
    if (*edges_[i].slots == slots) return i;
  return std::nullopt;
}

}  // namespace carve::model
