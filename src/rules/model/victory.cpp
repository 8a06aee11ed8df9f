// Union-find over present edges, then a size filter and a nauty comparison per component.
#include "rules/model/victory.hpp"

#include <algorithm>
#include <stdexcept>

#include "rules/model/union_find.hpp"

namespace carve::model {

std::vector<Component> components(const Game& game, const State& state) {
  const auto& u = game.universe;
  const std::size_t n = u.size();
  UnionFind uf(n);
  std::vector<bool> mentioned(n, false);
  std::vector<EdgeElement> all;
  std::vector<EdgeType> types;
  for (auto i = state.inherent.find_first(); i != boost::dynamic_bitset<>::npos; i = state.inherent.find_next(i)) {
    all.push_back(EdgeElement{u.inherent[i].op, u.inherent[i].slots, u.inherent[i].vertices});
    types.push_back(EdgeType::T);
  }
  for (const auto& e : state.virtuals) {
    all.push_back(e);
    types.push_back(EdgeType::V);
  }
  for (const auto& e : all) {
    for (auto v : e.vertices) mentioned[v] = true;
    uf.unite_all(e.vertices);
  }
  std::vector<int> index(n, -1);
  std::vector<Component> out;
  for (VertexId v = 0; v < n; ++v) {
    if (!u.in_universe[v] && !mentioned[v]) continue;
    auto r = uf.find(v);
    if (index[r] < 0) {
      index[r] = static_cast<int>(out.size());
      out.emplace_back();
    }
    auto& c = out[static_cast<std::size_t>(index[r])];
    c.vertices.push_back(v);
    if (u.frontier[v]) c.finite = false;
  }
  for (std::size_t i = 0; i < all.size(); ++i) {
    auto& c = out[static_cast<std::size_t>(index[uf.find(all[i].vertices[0])])];
    c.edges.push_back(std::move(all[i]));
    c.types.push_back(types[i]);
  }
  return out;
}

namespace {

// The component as a hypergraph on 0..|vertices|-1; edge colours are the types when typed.
ColouredHypergraph as_hypergraph(const std::vector<VertexId>& vertices, const std::vector<const std::vector<VertexId>*>& edges,
                                 const std::vector<EdgeType>* types) {
  ColouredHypergraph h;
  for (std::size_t i = 0; i < vertices.size(); ++i) h.add_vertex(0);
  for (std::size_t k = 0; k < edges.size(); ++k) {
    std::vector<int> ids;
    for (auto v : *edges[k]) ids.push_back(static_cast<int>(std::lower_bound(vertices.begin(), vertices.end(), v) - vertices.begin()));
    h.add_edge(ids, types ? static_cast<int>((*types)[k]) : 0);
  }
  return h;
}

// Subgraph isomorphism by backtracking over the target's edges: each is mapped to an unused
// edge of the host with as many vertices (and the same colour), extending an injective vertex
// map by every bijection of the new vertices. Targets are small; hyperedges have at most five.
struct Embedding {
  const ColouredHypergraph& pattern;
  const ColouredHypergraph& host;
  std::vector<int> map, inverse;
  std::vector<char> used;

  bool place(std::size_t k) {
    if (k == pattern.edges.size()) return place_isolated();
    const auto& pe = pattern.edges[k];
    for (std::size_t h = 0; h < host.edges.size(); ++h) {
      if (used[h] || host.edges[h].size() != pe.size() || host.edge_colour[h] != pattern.edge_colour[k]) continue;
      used[h] = 1;
      if (bind(pe, host.edges[h], 0, k)) return true;
      used[h] = 0;
    }
    return false;
  }
  // Binds pattern vertices pe[i..] to distinct vertices of he consistently, then places edge k + 1.
  bool bind(const std::vector<int>& pe, const std::vector<int>& he, std::size_t i, std::size_t k) {
    if (i == pe.size()) return place(k + 1);
    const int p = pe[i];
    if (map[static_cast<std::size_t>(p)] >= 0)
      return std::find(he.begin(), he.end(), map[static_cast<std::size_t>(p)]) != he.end() && bind(pe, he, i + 1, k);
    for (int h : he) {
      if (inverse[static_cast<std::size_t>(h)] >= 0) continue;
      map[static_cast<std::size_t>(p)] = h;
      inverse[static_cast<std::size_t>(h)] = p;
      if (bind(pe, he, i + 1, k)) return true;
      map[static_cast<std::size_t>(p)] = inverse[static_cast<std::size_t>(h)] = -1;
    }
    return false;
  }
  // Target vertices on no edge (only K1, the targets being connected) need some free vertex.
  bool place_isolated() {
    std::size_t free = 0, need = 0;
    for (int h : inverse) free += h < 0;
    for (int p : map) need += p < 0;
    return free >= need;
  }
};

}  // namespace

bool has_target_shape(const std::vector<VertexId>& vertices, const std::vector<const std::vector<VertexId>*>& edges,
                      const Target& target, const std::vector<EdgeType>* types) {
  if (vertices.size() != target.vertex_count() || edges.size() != target.edge_count()) return false;
  return canonical_form(as_hypergraph(vertices, edges, types)) == target.canon;
}

bool contains_target(const std::vector<VertexId>& vertices, const std::vector<const std::vector<VertexId>*>& edges,
                     const Target& target, const std::vector<EdgeType>* types) {
  if (vertices.size() < target.vertex_count() || edges.size() < target.edge_count()) return false;
  const auto host = as_hypergraph(vertices, edges, types);
  Embedding e{target.shape, host, std::vector<int>(target.vertex_count(), -1), std::vector<int>(vertices.size(), -1),
              std::vector<char>(host.edges.size(), 0)};
  return e.place(0);
}

bool documents_victory(const Game& game) {
  const auto& v = game.rules.victory;
  return v.scope == Victory::Scope::AnyComponent && v.relation == Victory::Relation::Iso && !game.rules.typed_isomorphism();
}

bool component_wins(const Game& game, const Component& c, const Target& target) {
  if (!c.finite) return false;
  std::vector<const std::vector<VertexId>*> edges;
  for (const auto& e : c.edges) edges.push_back(&e.vertices);
  const auto* types = game.rules.typed_isomorphism() ? &c.types : nullptr;
  if (game.rules.victory.relation == Victory::Relation::Contains) return contains_target(c.vertices, edges, target, types);
  return has_target_shape(c.vertices, edges, target, types);
}

bool is_target(const Component& c, const Target& target) {
  if (!c.finite) return false;
  std::vector<const std::vector<VertexId>*> edges;
  for (const auto& e : c.edges) edges.push_back(&e.vertices);
  return has_target_shape(c.vertices, edges, target);
}

namespace {
bool counts(const Game& game, const State& state, const Component& c) {
  if (game.rules.victory.scope == Victory::Scope::AnyComponent) return true;
  return std::binary_search(c.vertices.begin(), c.vertices.end(), state.root);
}
}  // namespace

std::optional<Component> winning_component(const Game& game, const State& state, const Target& target) {
  for (auto& c : components(game, state))
    if (counts(game, state, c) && component_wins(game, c, target)) return c;
  return std::nullopt;
}

bool is_winning_component(const Game& game, const State& state, const Target& target,
                          const std::vector<VertexId>& vertices) {
  std::vector<VertexId> want = vertices;
  std::sort(want.begin(), want.end());
  for (auto& c : components(game, state))
    if (c.vertices == want) return counts(game, state, c) && component_wins(game, c, target);
  return false;
}

}  // namespace carve::model

#include "rules/model/graph_view.hpp"

namespace carve::model {

namespace {

template <class Set>
std::optional<std::vector<VertexId>> winning_vertices_by(const Game& game, const GraphView& view, const Set* removed,
                                                         const Target& target) {
  if (!documents_victory(game)) throw std::logic_error("winning_vertices: the rules' victory is not the documents' own");
  const auto& u = game.universe;
  const std::size_t n = u.size();
  thread_local std::vector<std::uint32_t> vcount, ecount;
  thread_local std::vector<std::uint8_t> mentioned, infinite;
  mentioned.assign(n, 0);
  UnionFind uf(n);
  const auto& edges = view.edges();
  auto alive = [&](std::size_t i) { return !removed || !removed->test(i); };
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (!alive(i)) continue;
    const auto& vs = *edges[i].vertices;
    for (auto v : vs) mentioned[v] = 1;
    uf.unite_all(vs);
  }
  vcount.assign(n, 0);
  ecount.assign(n, 0);
  infinite.assign(n, 0);
  for (VertexId v = 0; v < n; ++v) {
    if (!u.in_universe[v] && !mentioned[v]) continue;
    auto r = uf.find(v);
    ++vcount[r];
    if (u.frontier[v]) infinite[r] = 1;
  }
  for (std::size_t i = 0; i < edges.size(); ++i)
    if (alive(i)) ++ecount[uf.find((*edges[i].vertices)[0])];
  for (VertexId r = 0; r < n; ++r) {
    if (uf.find(r) != r || infinite[r] || vcount[r] != target.vertex_count() || ecount[r] != target.edge_count()) continue;
    std::vector<VertexId> vs;
    for (VertexId v = 0; v < n; ++v)
      if ((u.in_universe[v] || mentioned[v]) && uf.find(v) == r) vs.push_back(v);
    std::vector<const std::vector<VertexId>*> es;
    for (std::size_t i = 0; i < edges.size(); ++i)
      if (alive(i) && uf.find((*edges[i].vertices)[0]) == r) es.push_back(edges[i].vertices);
    if (has_target_shape(vs, es, target)) return vs;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::vector<VertexId>> winning_vertices(const Game& game, const GraphView& view, const EdgeSet* removed,
                                                      const Target& target) {
  return winning_vertices_by(game, view, removed, target);
}

std::optional<std::vector<VertexId>> winning_vertices(const Game& game, const GraphView& view, const WideEdgeSet* removed,
                                                      const Target& target) {
  return winning_vertices_by(game, view, removed, target);
}

}  // namespace carve::model
