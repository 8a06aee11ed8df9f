// Placements of the victory target on a configuration: every (W, F) where F is a set of present
// edges forming a connected hypergraph isomorphic to the target and W = V(F) (for K1, a single
// vertex and F = ∅), with no vertex of W on the frontier — the components a turn could leave
// behind by removing every other edge at W.
// Invariant: each placement is listed once (edge sets are enumerated by ESU, each connected set
// exactly once), `required` is exactly the present edges meeting W that are not in F.
#pragma once
#include <cstdint>
#include <vector>

#include "rules/model/graph_view.hpp"
#include "rules/model/target.hpp"

namespace carve::search {

struct Placement {
  std::vector<model::VertexId> vertices;   // W, sorted
  std::vector<std::uint32_t> kept;          // F, view edge ids
  std::vector<std::uint32_t> required;      // the other view edges meeting W
};

// Over the first `edge_count` edges of the view (the present edges, before a candidate is set).
std::vector<Placement> target_placements(const model::Game& game, const model::GraphView& view,
                                         std::size_t edge_count, const model::Target& target);

}  // namespace carve::search
