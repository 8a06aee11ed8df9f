// Touching, reachability by levels, and covering walks over sets of pairs and slots.
#include "engines/sat/paths/walk_parts.hpp"

#include <map>
#include <set>
#include <stdexcept>

#include "engines/sat/paths/tree_path.hpp"

namespace carve::encoder {

using model::VertexId;

std::vector<int> touching(Cnf& cnf, const ScopePairs& pairs, const std::vector<SlotInTurn>& slots,
                          const std::vector<int>& chosen) {
  const std::size_t n = pairs.vertices();
  std::vector<int> on(n);
  for (VertexId v = 0; v < n; ++v) {
    on[v] = cnf.var();
    std::vector<int> why{-on[v]};
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      const auto& sl = slots[i].slot;
      cnf.clause({-chosen[i], -sl.a[v], on[v]});
      cnf.clause({-chosen[i], -sl.b[v], on[v]});
      const int z = cnf.var();
      cnf.clause({-z, chosen[i]});
      cnf.clause({-z, sl.a[v], sl.b[v]});
      why.push_back(z);
    }
    cnf.clause(why);
  }
  return on;
}

// A vertex is reached at level l + 1 if it was at level l, or a chosen tree pair joins it to a
// reached vertex, or it is an endpoint of a chosen slot one of whose endpoints is reached (the
// other endpoint, or itself -- already reached).
void reachable(Cnf& cnf, const ScopePairs& pairs, const std::vector<SlotInTurn>& slots, const std::vector<int>& source,
               const std::vector<int>& tree, const std::vector<int>& slot, const std::vector<int>& must, int levels) {
  const std::size_t n = pairs.vertices();
  std::vector<int> cur = source;
  for (int l = 1; l <= levels; ++l) {
    std::vector<int> hit(slot.size(), 0);
    for (std::size_t i = 0; i < slot.size(); ++i) {
      if (!slot[i]) continue;
      const auto& sl = slots[i].slot;
      const int ra = cnf.var(), rb = cnf.var();
      implies_at_end(cnf, {ra}, sl.a, cur);
      implies_at_end(cnf, {rb}, sl.b, cur);
      hit[i] = cnf.var();
      cnf.clause({-hit[i], slot[i]});
      cnf.clause({-hit[i], ra, rb});
    }
    std::vector<int> nx(n);
    for (VertexId v = 0; v < n; ++v) nx[v] = cnf.var();
    for (VertexId v = 0; v < n; ++v) {
      std::vector<int> why{-nx[v], cur[v]};
      for (int p : pairs.pairs_at(v)) {
        const int e = tree.empty() ? 0 : tree[static_cast<std::size_t>(p)];
        const VertexId u = pairs.other(static_cast<std::size_t>(p), v);
        if (!e || u == v) continue;
        const int z = cnf.var();
        cnf.clause({-z, e});
        cnf.clause({-z, cur[u]});
        why.push_back(z);
      }
      for (std::size_t i = 0; i < slot.size(); ++i) {
        if (!hit[i]) continue;
        const auto& sl = slots[i].slot;
        const int z = cnf.var();
        cnf.clause({-z, hit[i]});
        cnf.clause({-z, sl.a[v], sl.b[v]});
        why.push_back(z);
      }
      cnf.clause(why);
    }
    cur = std::move(nx);
  }
  for (VertexId v = 0; v < n; ++v) cnf.clause({-must[v], cur[v]});
}

std::vector<int> chosen_slots(const ScopePairs& pairs, const std::vector<SlotInTurn>& slots, const std::vector<int>& chosen,
                              SatBackend& m) {
  std::vector<int> out;
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (chosen[i] && m.value(chosen[i])) out.push_back(decode_slot(pairs, slots[i].slot, m));
  return out;
}

std::vector<VertexId> cover_walk(const ScopePairs& pairs, const std::vector<int>& edges, VertexId start, VertexId end) {
  std::map<VertexId, std::vector<int>> adj;
  for (int p : edges) {
    adj[pairs[static_cast<std::size_t>(p)].a].push_back(p);
    if (pairs[static_cast<std::size_t>(p)].b != pairs[static_cast<std::size_t>(p)].a) adj[pairs[static_cast<std::size_t>(p)].b].push_back(p);
  }
  std::vector<VertexId> walk{start};
  if (edges.empty()) {
    if (start != end) throw std::logic_error("walk collapse: an empty part joins two different vertices");
    return walk;
  }
  if (!adj.count(start)) throw std::logic_error("walk collapse: a part does not touch its start");
  std::set<int> used;
  std::set<VertexId> visited;
  auto dfs = [&](auto&& self, VertexId v) -> void {
    visited.insert(v);
    for (int p : adj[v]) {
      if (!used.insert(p).second) continue;
      const VertexId w = pairs.other(static_cast<std::size_t>(p), v);
      walk.push_back(w);
      if (w != v) {
        if (!visited.count(w)) self(self, w);
        walk.push_back(v);
      }
    }
  };
  dfs(dfs, start);
  if (used.size() != edges.size()) throw std::logic_error("walk collapse: a part is not connected");
  const auto way = path_within(pairs, edges, start, end);
  walk.insert(walk.end(), way.begin() + 1, way.end());
  return walk;
}

void append(std::vector<VertexId>& walk, const std::vector<VertexId>& more) {
  if (walk.back() != more.front()) throw std::logic_error("walk collapse: parts do not meet");
  walk.insert(walk.end(), more.begin() + 1, more.end());
}

}  // namespace carve::encoder
