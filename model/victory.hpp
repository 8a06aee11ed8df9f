// Components(G_t) and the victory test ∃ C ∈ Components : C ≅ target.
// Invariant: a component counts only if it is finite: it contains no frontier vertex (000: a
// node at the depth bound, still joined to its untouched infinite subtree), and a formula
// outside F* counts as a vertex only while a present edge mentions it.
#pragma once
#include <optional>
#include <vector>

#include "model/edge_set.hpp"

#include "model/state.hpp"
#include "model/target.hpp"

namespace carve::model {

struct Component {
  std::vector<VertexId> vertices;
  std::vector<EdgeElement> edges;
  bool finite = true;
};

std::vector<Component> components(const Game& game, const State& state);
// Whether the hypergraph on these vertices (sorted) with these edges (each V(e)) is isomorphic to
// the target: the one comparison every victory test makes.
bool has_target_shape(const std::vector<VertexId>& vertices, const std::vector<const std::vector<VertexId>*>& edges,
                      const Target& target);
// Whether a component is finite and isomorphic to the target.
bool is_target(const Component& c, const Target& target);
// The first (lowest-vertex) finite component isomorphic to the target, if any.
std::optional<Component> winning_component(const Game& game, const State& state, const Target& target);
// Whether the given vertex set is exactly a finite component isomorphic to the target.
bool is_winning_component(const Game& game, const State& state, const Target& target,
                          const std::vector<VertexId>& vertices);

}  // namespace carve::model

namespace carve::model {
class GraphView;
// The same test as winning_component, on E'' = (view edges) \ removed without building the
// successor state: the final turn of a search only needs to know whether it wins.
// `removed` may be null (stability). Returns the winning vertex set, if any.
std::optional<std::vector<VertexId>> winning_vertices(const Game& game, const GraphView& view,
                                                      const EdgeSet* removed, const Target& target);
}  // namespace carve::model
