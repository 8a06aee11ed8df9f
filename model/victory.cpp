// Union-find over present edges, then a size filter and a nauty comparison per component.
#include "model/victory.hpp"

#include <algorithm>

#include "model/union_find.hpp"

namespace carve::model {

std::vector<Component> components(const Game& game, const State& state) {
  const auto& u = game.universe;
  const std::size_t n = u.size();
  UnionFind uf(n);
  std::vector<bool> mentioned(n, false);
  std::vector<EdgeElement> all;
  for (auto i = state.inherent.find_first(); i != boost::dynamic_bitset<>::npos; i = state.inherent.find_next(i))
    all.push_back(EdgeElement{u.inherent[i].op, u.inherent[i].slots, u.inherent[i].vertices});
  for (const auto& e : state.virtuals) all.push_back(e);
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
  for (auto& e : all) out[static_cast<std::size_t>(index[uf.find(e.vertices[0])])].edges.push_back(std::move(e));
  return out;
}

bool has_target_shape(const std::vector<VertexId>& vertices, const std::vector<const std::vector<VertexId>*>& edges,
                      const Target& target) {
  if (vertices.size() != target.vertex_count() || edges.size() != target.edge_count()) return false;
  ColouredHypergraph h;
  for (std::size_t i = 0; i < vertices.size(); ++i) h.add_vertex(0);
  for (const auto* e : edges) {
    std::vector<int> ids;
    for (auto v : *e) ids.push_back(static_cast<int>(std::lower_bound(vertices.begin(), vertices.end(), v) - vertices.begin()));
    h.add_edge(ids, 0);
  }
  return canonical_form(h) == target.canon;
}

bool is_target(const Component& c, const Target& target) {
  if (!c.finite) return false;
  std::vector<const std::vector<VertexId>*> edges;
  for (const auto& e : c.edges) edges.push_back(&e.vertices);
  return has_target_shape(c.vertices, edges, target);
}

std::optional<Component> winning_component(const Game& game, const State& state, const Target& target) {
  for (auto& c : components(game, state))
    if (is_target(c, target)) return c;
  return std::nullopt;
}

bool is_winning_component(const Game& game, const State& state, const Target& target,
                          const std::vector<VertexId>& vertices) {
  std::vector<VertexId> want = vertices;
  std::sort(want.begin(), want.end());
  for (auto& c : components(game, state))
    if (c.vertices == want) return is_target(c, target);
  return false;
}

}  // namespace carve::model

#include "model/graph_view.hpp"

namespace carve::model {

std::optional<std::vector<VertexId>> winning_vertices(const Game& game, const GraphView& view,
                                                      const EdgeSet* removed, const Target& target) {
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

}  // namespace carve::model
