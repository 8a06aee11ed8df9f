// Components(G_t) and the victory test of the rules record (000 §4, 001 §V): some component that
// counts -- any finite component, or the root's -- is isomorphic to the target, or contains a
// subgraph isomorphic to it; the isomorphism keeps incidence, and edge types too when typed.
// Invariant: a component counts only if it is finite: it contains no frontier vertex (000: a
// node at the depth bound, still joined to its untouched infinite subtree), and a formula
// outside F* counts as a vertex only while a present edge mentions it.
#pragma once
#include <optional>
#include <vector>

#include "rules/model/edge_set.hpp"

#include "rules/model/state.hpp"
#include "rules/model/target.hpp"

namespace carve::model {

struct Component {
  std::vector<VertexId> vertices;
  std::vector<EdgeElement> edges;
  std::vector<EdgeType> types;  // per edge: T (an inherent edge) or V (a virtual edge)
  bool finite = true;
};

std::vector<Component> components(const Game& game, const State& state);
// Whether the hypergraph on these vertices (sorted) with these edges (each V(e)) is isomorphic to
// the target by incidence (types, when given, must match the typed target's edge colours).
bool has_target_shape(const std::vector<VertexId>& vertices, const std::vector<const std::vector<VertexId>*>& edges,
                      const Target& target, const std::vector<EdgeType>* types = nullptr);
// Whether it contains a subgraph isomorphic to the target (an injective map of the target's
// vertices and edges keeping incidence, and types when given).
bool contains_target(const std::vector<VertexId>& vertices, const std::vector<const std::vector<VertexId>*>& edges,
                     const Target& target, const std::vector<EdgeType>* types = nullptr);
// Whether a finite component relates to the target as the rules' victory says.
bool component_wins(const Game& game, const Component& c, const Target& target);
// Whether a component is finite and isomorphic to the target by incidence (the documents' test).
bool is_target(const Component& c, const Target& target);
// The first (lowest-vertex) component that wins under the rules' victory, if any.
std::optional<Component> winning_component(const Game& game, const State& state, const Target& target);
// Whether the given vertex set is exactly a component that wins.
bool is_winning_component(const Game& game, const State& state, const Target& target,
                          const std::vector<VertexId>& vertices);
// Whether the rules' victory is the documents' own: any finite component, isomorphic by
// incidence. Engine shortcuts that test targets by shape alone apply only then.
bool documents_victory(const Game& game);

}  // namespace carve::model

namespace carve::model {
class GraphView;
// The documents' victory test (documents_victory) on E'' = (view edges) \ removed without
// building the successor state: the final turn of a search only needs to know whether it wins.
// `removed` may be null (stability). Returns the winning vertex set, if any.
std::optional<std::vector<VertexId>> winning_vertices(const Game& game, const GraphView& view,
                                                      const EdgeSet* removed, const Target& target);
std::optional<std::vector<VertexId>> winning_vertices(const Game& game, const GraphView& view,
                                                      const WideEdgeSet* removed, const Target& target);
}  // namespace carve::model
