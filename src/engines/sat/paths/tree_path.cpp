// Tree closures and tree paths. A set of tree edges that is connected, holds `from`, touches
// `to` and has only edges separating the two is the tree path between them: connected and
// holding both, it contains that (unique) path; with only separating edges it is no more.
//
// Both are stated through "the chosen vertex lies in the subtree of u" (below[u], one literal per
// vertex), so they take a few clauses per tree pair rather than one per pair and vertex: the next
// pair from p = {x, y} (y the child) towards the anchor is the pair from y down to the child of y
// that holds the anchor below it, if the anchor is below y and not y; else the pair from x down
// to such a sibling of y, if the anchor is below x and not x; else x's parent pair (none when
// the anchor is x, or p contains it). And p separates `from` and `to` exactly when one of them
// lies below y and the other does not.
#include "engines/sat/paths/tree_path.hpp"

#include <deque>
#include <map>
#include <stdexcept>

namespace carve::encoder {

using model::VertexId;

namespace {

// below[u] <-> the vertex `chosen` picks (one-hot) lies in the subtree of u.
std::vector<int> subtree_holds(Cnf& cnf, const ScopePairs& pairs, const std::vector<int>& chosen) {
  std::vector<int> below(pairs.vertices(), 0);
  const auto& order = pairs.preorder();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const VertexId u = *it;
    std::vector<int> parts;
    if (chosen[u]) parts.push_back(chosen[u]);
    for (int p : pairs.child_pairs(u)) parts.push_back(below[pairs.child_of(static_cast<std::size_t>(p))]);
    below[u] = parts.empty() ? cnf.false_lit() : parts.size() == 1 ? parts[0] : cnf.define_or(parts);
  }
  return below;
}

// tree_closure with below = subtree_holds(anchor).
void closure_below(Cnf& cnf, const ScopePairs& pairs, const std::vector<int>& below, const std::vector<int>& set) {
  // set[p] and the anchor below the child c of `via` -> set[{via, c}], for the children c of `via` but `skip`.
  auto down = [&](std::size_t p, VertexId via, int skip) {
    for (int q : pairs.child_pairs(via)) {
      if (q == skip) continue;
      const int lit = set[static_cast<std::size_t>(q)];
      const int there = below[pairs.child_of(static_cast<std::size_t>(q))];
      if (lit) cnf.clause({-set[p], -there, lit});
      else cnf.clause({-set[p], -there});
    }
  };
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    if (!set[p]) continue;
    const VertexId y = pairs.child_of(p), x = pairs.parent_of(p);
    down(p, y, -1);
    down(p, x, static_cast<int>(p));
    const int up = pairs.parent_pair(x);
    if (up < 0) continue;  // x is λ: every anchor lies below it
    const int lit = set[static_cast<std::size_t>(up)];
    if (lit) cnf.clause({-set[p], below[x], lit});
    else cnf.clause({-set[p], below[x]});
  }
}

}  // namespace

void tree_closure(Cnf& cnf, const ScopePairs& pairs, const std::vector<int>& anchor, const std::vector<int>& set) {
  closure_below(cnf, pairs, subtree_holds(cnf, pairs, anchor), set);
}

void tree_path(Cnf& cnf, const ScopePairs& pairs, const std::vector<int>& from, const std::vector<int>& to,
               const std::vector<int>& set) {
  const std::vector<int> from_below = subtree_holds(cnf, pairs, from), to_below = subtree_holds(cnf, pairs, to);
  closure_below(cnf, pairs, from_below, set);
  for (VertexId v = 0; v < pairs.vertices(); ++v) {
    std::vector<int> touch{-to[v], from[v]};
    for (int p : pairs.pairs_at(v))
      if (set[static_cast<std::size_t>(p)]) touch.push_back(set[static_cast<std::size_t>(p)]);
    cnf.clause(touch);
  }
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    if (!set[p]) continue;
    const VertexId y = pairs.child_of(p);
    cnf.clause({-set[p], from_below[y], to_below[y]});
    cnf.clause({-set[p], -from_below[y], -to_below[y]});
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
