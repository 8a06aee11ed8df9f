// Union-find over present edges, then a size filter and a nauty comparison per component.
#include "model/victory.hpp"

#include <algorithm>
#include <numeric>

namespace carve::model {

std::vector<Component> components(const Game& game, const State& state) {
  const auto& u = game.universe;
  const std::size_t n = u.size();
  std::vector<VertexId> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](VertexId x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  std::vector<bool> mentioned(n, false);
  std::vector<EdgeElement> all;
  for (auto i = state.inherent.find_first(); i != boost::dynamic_bitset<>::npos; i = state.inherent.find_next(i))
    all.push_back(EdgeElement{u.inherent[i].op, u.inherent[i].slots, u.inherent[i].vertices});
  for (const auto& e : state.virtuals) all.push_back(e);
  for (const auto& e : all) {
    for (auto v : e.vertices) mentioned[v] = true;
    for (std::size_t i = 1; i < e.vertices.size(); ++i) parent[find(e.vertices[i])] = find(e.vertices[0]);
  }
  std::vector<int> index(n, -1);
  std::vector<Component> out;
  for (VertexId v = 0; v < n; ++v) {
    if (!u.in_universe[v] && !mentioned[v]) continue;
    auto r = find(v);
    if (index[r] < 0) {
      index[r] = static_cast<int>(out.size());
      out.emplace_back();
    }
    auto& c = out[static_cast<std::size_t>(index[r])];
    c.vertices.push_back(v);
    if (u.frontier[v]) c.finite = false;
  }
  for (auto& e : all) out[static_cast<std::size_t>(index[find(e.vertices[0])])].edges.push_back(std::move(e));
  return out;
}

namespace {
bool matches(const Component& c, const Target& target) {
  if (!c.finite || c.vertices.size() != target.vertex_count() || c.edges.size() != target.edge_count()) return false;
  ColouredHypergraph h;
  for (std::size_t i = 0; i < c.vertices.size(); ++i) h.add_vertex(0);
  for (const auto& e : c.edges) {
    std::vector<int> vs;
    for (auto v : e.vertices)
      vs.push_back(static_cast<int>(std::lower_bound(c.vertices.begin(), c.vertices.end(), v) - c.vertices.begin()));
    h.add_edge(vs, 0);
  }
  return canonical_form(h) == target.canon;
}
}  // namespace

std::optional<Component> winning_component(const Game& game, const State& state, const Target& target) {
  for (auto& c : components(game, state))
    if (matches(c, target)) return c;
  return std::nullopt;
}

bool is_winning_component(const Game& game, const State& state, const Target& target,
                          const std::vector<VertexId>& vertices) {
  std::vector<VertexId> want = vertices;
  std::sort(want.begin(), want.end());
  for (auto& c : components(game, state))
    if (c.vertices == want) return matches(c, target);
  return false;
}

}  // namespace carve::model

#include "model/graph_view.hpp"

namespace carve::model {

std::optional<std::vector<VertexId>> winning_vertices(const Game& game, const GraphView& view,
                                                      const EdgeSet* removed, const Target& target) {
  const auto& u = game.universe;
  const std::size_t n = u.size();
  thread_local std::vector<VertexId> parent;
  thread_local std::vector<std::uint32_t> vcount, ecount;
  thread_local std::vector<std::uint8_t> mentioned, infinite;
  parent.resize(n);
  std::iota(parent.begin(), parent.end(), 0);
  mentioned.assign(n, 0);
  auto find = [&](VertexId x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const auto& edges = view.edges();
  auto alive = [&](std::size_t i) { return !removed || !removed->test(i); };
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (!alive(i)) continue;
    const auto& vs = *edges[i].vertices;
    for (auto v : vs) mentioned[v] = 1;
    for (std::size_t j = 1; j < vs.size(); ++j) parent[find(vs[j])] = find(vs[0]);
  }
  vcount.assign(n, 0);
  ecount.assign(n, 0);
  infinite.assign(n, 0);
  for (VertexId v = 0; v < n; ++v) {
    if (!u.in_universe[v] && !mentioned[v]) continue;
    auto r = find(v);
    ++vcount[r];
    if (u.frontier[v]) infinite[r] = 1;
  }
  for (std::size_t i = 0; i < edges.size(); ++i)
    if (alive(i)) ++ecount[find((*edges[i].vertices)[0])];
  for (VertexId r = 0; r < n; ++r) {
    if (parent[r] != r || infinite[r] || vcount[r] != target.vertex_count() || ecount[r] != target.edge_count()) continue;
    std::vector<VertexId> vs;
    for (VertexId v = 0; v < n; ++v)
      if ((u.in_universe[v] || mentioned[v]) && find(v) == r) vs.push_back(v);
    ColouredHypergraph h;
    for (std::size_t i = 0; i < vs.size(); ++i) h.add_vertex(0);
    for (std::size_t i = 0; i < edges.size(); ++i) {
      if (!alive(i) || find((*edges[i].vertices)[0]) != r) continue;
      std::vector<int> ids;
      for (auto v : *edges[i].vertices)
        ids.push_back(static_cast<int>(std::lower_bound(vs.begin(), vs.end(), v) - vs.begin()));
      h.add_edge(ids, 0);
    }
    if (canonical_form(h) == target.canon) return vs;
  }
  return std::nullopt;
}

}  // namespace carve::model
