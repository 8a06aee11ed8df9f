// Ancestor images and tree paths over a solver-chosen shape, and paths inside decoded edge sets.
#include "engines/sat/shape/shape_collapse.hpp"

#include <deque>
#include <map>
#include <stdexcept>

namespace carve::encoder {

// The tree path between x and y as a set of present edges with a top node t (each edge's upper
// end is t or has its own edge in the set: connected), at most one child edge of a node other
// than t in the set and at most two of t (children are consecutive in the numbering, so "two" is
// two neighbours), and every node of degree one -- a node whose edge is in the set but none of its
// children's, or t with at most one child edge -- is x or y, both of which are in the set's nodes.
// Such a set is a path whose ends are x and y: the tree path (empty, t = x, when x = y).
std::vector<int> shape_tree_path(Cnf& cnf, const ShapeTree& shape, int guard, const std::vector<int>& x,
                                 const std::vector<int>& y, const std::vector<int>& te) {
  const std::size_t m = shape.nodes();
  std::vector<int> set(m, 0);
  for (std::size_t j = 1; j < m; ++j) {
    set[j] = cnf.var();
    cnf.clause({-set[j], guard});
    cnf.clause({-set[j], te[j]});
  }
  const std::vector<int> top = cnf.one_if(guard, m);
  for (std::size_t v = 0; v < m; ++v) {
    for (const auto* end : {&x, &y}) {
      std::vector<int> c{-guard, -(*end)[v], top[v]};
      if (set[v]) c.push_back(set[v]);
      cnf.clause(c);
    }
    if (set[v]) cnf.clause({-top[v], -set[v]});
  }
  for (std::size_t j = 1; j < m; ++j)
    for (std::size_t i = 0; i < j; ++i) {
      std::vector<int> c{-set[j], -shape.parent(j, i), top[i]};
      if (set[i]) c.push_back(set[i]);
      cnf.clause(c);
    }
  for (std::size_t v = 0; v < m; ++v) {
    std::vector<int> kids, twos;
    for (std::size_t c = v + 1; c < m; ++c) {
      const int k = cnf.var();  // c is a child of v with its edge in the set
      cnf.clause({-k, set[c]});
      cnf.clause({-k, shape.parent(c, v)});
      cnf.clause({k, -set[c], -shape.parent(c, v)});
      kids.push_back(k);
      if (c + 1 == m) continue;
      const int t = cnf.var();  // c and c + 1 both
      cnf.clause({-t, set[c]});
      cnf.clause({-t, set[c + 1]});
      cnf.clause({-t, shape.parent(c, v)});
      cnf.clause({-t, shape.parent(c + 1, v)});
      cnf.clause({t, -set[c], -set[c + 1], -shape.parent(c, v), -shape.parent(c + 1, v)});
      cnf.clause({-t, top[v]});  // two child edges only at the top
      twos.push_back(t);
    }
    const int has_kid = kids.empty() ? cnf.false_lit() : cnf.define_or(kids);
    const int two = twos.empty() ? cnf.false_lit() : cnf.define_or(twos);
    if (set[v]) cnf.clause({-set[v], has_kid, x[v], y[v]});
    cnf.clause({-top[v], two, x[v], y[v]});
  }
  return set;
}

std::vector<int> shape_path_within(const std::vector<std::pair<int, int>>& edges, int from, int to) {
  std::map<int, std::vector<int>> adj;
  for (auto [u, w] : edges) {
    adj[u].push_back(w);
    adj[w].push_back(u);
  }
  std::map<int, int> via{{from, from}};
  std::deque<int> q{from};
  while (!q.empty()) {
    const int v = q.front();
    q.pop_front();
    for (int w : adj[v])
      if (via.emplace(w, v).second) q.push_back(w);
  }
  if (!via.count(to)) throw std::logic_error("shape collapse: no path between the decoded ends");
  std::vector<int> out{to};
  while (out.back() != from) out.push_back(via.at(out.back()));
  return {out.rbegin(), out.rend()};
}

}  // namespace carve::encoder
