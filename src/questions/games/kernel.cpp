// questions/games/kernel.cpp — kernel checks and constructions (see kernel.hpp).
#include "questions/games/kernel.hpp"

#include <stdexcept>

#include "questions/games/interrupt.hpp"

namespace carve::games {

bool is_independent(const Digraph& g, const VertexSet& s) {
  for (int u = 0; u < g.size(); ++u)
    if (s[static_cast<std::size_t>(u)])
      for (int v : g.succ[static_cast<std::size_t>(u)])
        if (s[static_cast<std::size_t>(v)]) return false;
  return true;
}

bool is_absorbing(const Digraph& g, const VertexSet& s) {
  for (int u = 0; u < g.size(); ++u) {
    if (s[static_cast<std::size_t>(u)]) continue;
    bool ok = false;
    for (int v : g.succ[static_cast<std::size_t>(u)]) ok = ok || s[static_cast<std::size_t>(v)];
    if (!ok) return false;
  }
  return true;
}

bool is_kernel(const Digraph& g, const VertexSet& s) { return is_independent(g, s) && is_absorbing(g, s); }

namespace {
std::optional<std::vector<int>> topo_order(const Digraph& g) {  // sinks first
  int n = g.size();
  std::vector<int> outdeg(static_cast<std::size_t>(n));
  std::vector<std::vector<int>> pred(static_cast<std::size_t>(n));
  for (int u = 0; u < n; ++u) {
    outdeg[static_cast<std::size_t>(u)] = static_cast<int>(g.succ[static_cast<std::size_t>(u)].size());
    for (int v : g.succ[static_cast<std::size_t>(u)]) pred[static_cast<std::size_t>(v)].push_back(u);
  }
  std::vector<int> order;
  for (int u = 0; u < n; ++u)
    if (outdeg[static_cast<std::size_t>(u)] == 0) order.push_back(u);
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int p : pred[static_cast<std::size_t>(order[i])])
      if (--outdeg[static_cast<std::size_t>(p)] == 0) order.push_back(p);
  if (static_cast<int>(order.size()) != n) return std::nullopt;
  return order;
}
}  // namespace

bool is_acyclic(const Digraph& g) { return topo_order(g).has_value(); }

std::optional<VertexSet> dag_kernel(const Digraph& g) {
  auto order = topo_order(g);
  if (!order) return std::nullopt;
  VertexSet k(static_cast<std::size_t>(g.size()), false);
  for (int u : *order) {
    bool any = false;
    for (int v : g.succ[static_cast<std::size_t>(u)]) any = any || k[static_cast<std::size_t>(v)];
    k[static_cast<std::size_t>(u)] = !any;
  }
  return k;
}

std::vector<VertexSet> all_kernels(const Digraph& g) {
  int n = g.size();
  if (n > 24) throw std::invalid_argument("all_kernels: too many vertices");
  std::vector<VertexSet> out;
  for (unsigned long mask = 0; mask < (1ul << n); ++mask) {
    interrupt_point();
    VertexSet s(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)] = (mask >> i) & 1;
    if (is_kernel(g, s)) out.push_back(s);
  }
  return out;
}

std::vector<Result> retrograde(const Digraph& g) {
  int n = g.size();
  std::vector<Result> res(static_cast<std::size_t>(n), Result::Draw);
  std::vector<int> remaining(static_cast<std::size_t>(n));
  std::vector<std::vector<int>> pred(static_cast<std::size_t>(n));
  std::vector<int> queue;
  for (int u = 0; u < n; ++u) {
    remaining[static_cast<std::size_t>(u)] = static_cast<int>(g.succ[static_cast<std::size_t>(u)].size());
    for (int v : g.succ[static_cast<std::size_t>(u)]) pred[static_cast<std::size_t>(v)].push_back(u);
    if (remaining[static_cast<std::size_t>(u)] == 0) {
      res[static_cast<std::size_t>(u)] = Result::Lose;
      queue.push_back(u);
    }
  }
  for (std::size_t i = 0; i < queue.size(); ++i) {
    int v = queue[i];
    for (int u : pred[static_cast<std::size_t>(v)]) {
      if (res[static_cast<std::size_t>(u)] != Result::Draw) continue;
      if (res[static_cast<std::size_t>(v)] == Result::Lose) {
        res[static_cast<std::size_t>(u)] = Result::Win;
        queue.push_back(u);
      } else if (--remaining[static_cast<std::size_t>(u)] == 0) {
        res[static_cast<std::size_t>(u)] = Result::Lose;
        queue.push_back(u);
      }
    }
  }
  return res;
}

}  // namespace carve::games
