// G' = (V, E_t ∪ {e_new}): the edges a collapse path may use, with incidence lists.
// Invariant: edges are unique as elements (a candidate equal to a present virtual edge *is* that
// edge, flagged `is_new`), and incident[v] lists exactly the edges whose V(e) contains v.
// The view points into the state and the universe it was built from; both must outlive it.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/model/state.hpp"

namespace carve::model {

struct ViewEdge {
  const std::vector<VertexId>* slots;
  const std::vector<VertexId>* vertices;
  EdgeType type;
  std::int32_t inherent = -1;       // id in the universe, or -1
  std::int32_t virtual_index = -1;  // index in State::virtuals, or -1 for a fresh e_new
  bool is_new = false;
};

class GraphView {
 public:
  GraphView(const Game& game, const State& state);
  GraphView(const GraphView&) = delete;
  GraphView& operator=(const GraphView&) = delete;

  // Adds e_new (or marks the present virtual edge equal to it); replaces any previous candidate.
  void set_candidate(const EdgeElement& e_new);

  const std::vector<ViewEdge>& edges() const { return edges_; }
  const std::vector<std::uint32_t>& incident(VertexId v) const { return incident_[v]; }
  std::uint32_t new_edge() const { return new_edge_; }
  const EdgeElement& candidate() const { return fresh_; }
  std::size_t vertex_count() const { return incident_.size(); }
  std::optional<std::uint32_t> find(const std::vector<VertexId>& slots) const;

 private:
  std::uint32_t add(const std::vector<VertexId>* slots, const std::vector<VertexId>* vertices, EdgeType t,
                    std::int32_t inherent, std::int32_t virtual_index);
  void remove_fresh();

  std::vector<ViewEdge> edges_;
  std::vector<std::vector<std::uint32_t>> incident_;
  std::uint32_t new_edge_ = 0;
  bool fresh_added_ = false;
  std::size_t base_edges_ = 0;
  EdgeElement fresh_;
};

}  // namespace carve::model
