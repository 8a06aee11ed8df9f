// Tree closures and tree paths. A set of tree edges that is connected, holds `from`, touches
// `to` and has only edges separating the two is the tree path between them: connected and
// holding both, it contains that (unique) path; with only separating edges it is no more.
#include "encoder/tree_path.hpp"

#include <deque>
#include <map>
#include <stdexcept>

namespace carve::encoder {

using model::VertexId;

void tree_closure(Cnf& cnf, const ScopePairs& pairs, const std::vector<int>& anchor, const std::vector<int>& set) {
  for (VertexId r = 0; r < pairs.vertices(); ++r)
    for (std::size_t p = 0; p < pairs.size(); ++p) {
      if (!set[p] || !anchor[r]) continue;
      const int nx = pairs.toward(r, p);
      if (nx < 0) continue;
      const int lit = set[static_cast<std::size_t>(nx)];
      if (lit)
        cnf.clause({-anchor[r], -set[p], lit});
      else
        cnf.clause({-anchor[r], -set[p]});
    }
}

void tree_path(Cnf& cnf, const ScopePairs& pairs, const std::vector<int>& from, const std::vector<int>& to,
               const std::vector<int>& set) {
  tree_closure(cnf, pairs, from, set);
  for (VertexId v = 0; v < pairs.vertices(); ++v) {
    std::vector<int> touch{-to[v], from[v]};
    for (int p : pairs.pairs_at(v))
      if (set[static_cast<std::size_t>(p)]) touch.push_back(set[static_cast<std::size_t>(p)]);
    cnf.clause(touch);
  }
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    if (!set[p]) continue;
    for (VertexId r = 0; r < pairs.vertices(); ++r) {
      std::vector<int> across{-set[p], -from[r]};
      for (VertexId v = 0; v < pairs.vertices(); ++v)
        if (pairs.separates(p, r, v)) across.push_back(to[v]);
      cnf.clause(across);
    }
  }
}

std::vector<VertexId> path_within(const ScopePairs& pairs, const std::vector<int>& edges, VertexId from, VertexId to) {
  std::map<VertexId, std::vector<int>> adj;
  for (int p : edges) {
    adj[pairs[static_cast<std::size_t>(p)].a].push_back(p);
    adj[pairs[static_cast<std::size_t>(p)].b].push_back(p);
  }
  std::map<VertexId, VertexId> back{{from, from}};
  std::deque<VertexId> q{from};
  while (!q.empty()) {
    const VertexId v = q.front();
    q.pop_front();
    for (int p : adj[v]) {
      const VertexId w = pairs.other(static_cast<std::size_t>(p), v);
      if (back.emplace(w, v).second) q.push_back(w);
    }
  }
  if (!back.count(to)) throw std::logic_error("no path inside the chosen pairs");
  std::vector<VertexId> way;
  for (VertexId v = to; v != from; v = back[v]) way.push_back(v);
  way.push_back(from);
  return {way.rbegin(), way.rend()};
}

}  // namespace carve::encoder
