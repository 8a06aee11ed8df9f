// Ancestor images and tree paths over a solver-chosen shape, and paths inside decoded edge sets.
#include "encoder/shape_collapse.hpp"

#include <deque>
#include <map>
#include <stdexcept>

namespace carve::encoder {

std::vector<int> ancestors_or_self(Cnf& cnf, const ShapeTree& shape, const std::vector<int>& x) {
  const std::size_t m = shape.nodes();
  std::vector<int> out(m);
  for (std::size_t j = 0; j < m; ++j) {
    out[j] = cnf.var();
    cnf.clause({-x[j], out[j]});
    for (std::size_t v = 0; v < m; ++v) {
      if (v == j) continue;
      const int a = shape.ancestor(j, v);
      if (a) {
        cnf.clause({-x[v], -a, out[j]});
        cnf.clause({-out[j], -x[v], a});
      } else {
        cnf.clause({-out[j], -x[v]});
      }
    }
  }
  return out;
}

// The edge of j lies on the path between x and y exactly when j is an ancestor-or-self of one of
// them and not of the other.
std::vector<int> shape_tree_path(Cnf& cnf, const ShapeTree& shape, int guard, const std::vector<int>& x,
                                 const std::vector<int>& y, const std::vector<int>& te) {
  const std::size_t m = shape.nodes();
  const auto ax = ancestors_or_self(cnf, shape, x), ay = ancestors_or_self(cnf, shape, y);
  std::vector<int> set(m, 0);
  for (std::size_t j = 1; j < m; ++j) {
    const int s = set[j] = cnf.var();
    cnf.clause({-s, guard});
    cnf.clause({-s, ax[j], ay[j]});
    cnf.clause({-s, -ax[j], -ay[j]});
    cnf.clause({s, -guard, -ax[j], ay[j]});
    cnf.clause({s, -guard, ax[j], -ay[j]});
    cnf.clause({-s, te[j]});
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
