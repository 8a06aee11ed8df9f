// Closed sets and layered reach over the edges of one frame.
//
// closed_set. Per edge a literal h, forced true when the edge is present and a member lies in c
// (one clause per member), and h -> every member in c. A set C closed under the present edges
// satisfies every clause with h = "present and meets C"; conversely the clauses say exactly that
// an edge that is present and meets the set lies inside it. A disallowed vertex has no literal:
// the clauses then forbid it as a seed and as a member of an edge that meets the set.
//
// reaches. r_0 = from; a vertex is in r_d only if it is in r_{d-1} or a member of an edge z that
// is present and has a member in r_{d-1}. By induction every model's r_d lies within d present
// edges of `from`; the true balls satisfy every clause. The answer literal needs one vertex of
// r_steps with `to`.
#include "engines/sat/frames/component_reach.hpp"

namespace carve::encoder {

namespace {
// "member (v, m) of an edge and `value` at v": value itself for a fixed member, else a fresh q.
int member_and(Cnf& cnf, int membership, int value) {
  if (!membership) return value;
  const int q = cnf.var();
  cnf.clause({-q, membership});
  cnf.clause({-q, value});
  return q;
}
}  // namespace

std::vector<int> closed_set(Cnf& cnf, const std::vector<int>& seed, const std::vector<bool>& allowed,
                            const std::vector<FrameEdge>& edges) {
  const std::size_t n = seed.size();
  std::vector<int> c(n, 0);
  for (std::size_t v = 0; v < n; ++v) {
    if (allowed[v]) c[v] = cnf.var();
    if (seed[v]) cnf.clause(c[v] ? std::vector<int>{-seed[v], c[v]} : std::vector<int>{-seed[v]});
  }
  for (const auto& e : edges) {
    const int h = cnf.var();
    for (auto [u, m] : e.members) {
      if (!c[u]) continue;
      std::vector<int> in{-e.present, -c[u], h};
      if (m) in.push_back(-m);
      cnf.clause(in);
    }
    for (auto [v, m] : e.members) {
      std::vector<int> out{-h};
      if (m) out.push_back(-m);
      if (c[v]) out.push_back(c[v]);
      cnf.clause(out);
    }
  }
  return c;
}

int reaches(Cnf& cnf, const std::vector<int>& from, const std::vector<int>& to, const std::vector<FrameEdge>& edges,
            int steps) {
  const std::size_t n = from.size();
  std::vector<int> prev = from;
  for (int d = 1; d <= steps; ++d) {
    std::vector<std::vector<int>> support(n);
    for (std::size_t v = 0; v < n; ++v)
      if (prev[v]) support[v].push_back(prev[v]);
    for (const auto& e : edges) {
      std::vector<int> meets{};
      for (auto [u, m] : e.members)
        if (prev[u]) meets.push_back(member_and(cnf, m, prev[u]));
      if (meets.empty()) continue;
      const int z = cnf.var();
      cnf.clause({-z, e.present});
      meets.insert(meets.begin(), -z);
      cnf.clause(meets);
      for (auto [v, m] : e.members) support[v].push_back(member_and(cnf, m, z));
    }
    std::vector<int> next(n, 0);
    for (std::size_t v = 0; v < n; ++v) {
      if (support[v].empty()) continue;
      next[v] = cnf.var();
      std::vector<int> why{-next[v]};
      why.insert(why.end(), support[v].begin(), support[v].end());
      cnf.clause(why);
    }
    prev = std::move(next);
  }
  const int r = cnf.var();
  std::vector<int> some{-r};
  for (std::size_t v = 0; v < n; ++v)
    if (prev[v] && to[v]) some.push_back(member_and(cnf, to[v], prev[v]));
  cnf.clause(some);
  return r;
}

}  // namespace carve::encoder
