// questions/games/green_hackenbush.cpp — exhaustive and fusion evaluation of Green Hackenbush.
#include "questions/games/green_hackenbush.hpp"

#include <algorithm>
#include <numeric>

#include "questions/games/interrupt.hpp"
#include "questions/games/sg.hpp"

namespace carve::games {

unsigned GreenExhaustive::sg(const GroundedGraph& g) { return solve(prune_to_ground(g)); }

unsigned GreenExhaustive::solve(const GroundedGraph& g) {
  std::string key = canonical_key(g);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  interrupt_point();
  std::vector<unsigned> vals;
  vals.reserve(g.edges.size());
  for (std::size_t e = 0; e < g.edges.size(); ++e) vals.push_back(solve(delete_edge(g, e)));
  unsigned r = mex(std::move(vals));
  memo_.emplace(std::move(key), r);
  return r;
}

unsigned green_sg_fusion(const GroundedGraph& g) {
  const int n = g.num_vertices;
  const std::size_t m = g.edges.size();
  // CSR adjacency with edge ids (loops appear once).
  std::vector<int> deg(static_cast<std::size_t>(n) + 1, 0);
  for (const Edge& e : g.edges) {
    ++deg[static_cast<std::size_t>(e.u)];
    if (e.v != e.u) ++deg[static_cast<std::size_t>(e.v)];
  }
  std::vector<int> start(static_cast<std::size_t>(n) + 1, 0);
  for (int v = 0; v < n; ++v) start[static_cast<std::size_t>(v) + 1] = start[static_cast<std::size_t>(v)] + deg[static_cast<std::size_t>(v)];
  std::vector<int> adj_v(static_cast<std::size_t>(start[static_cast<std::size_t>(n)]));
  std::vector<int> adj_e(adj_v.size());
  std::vector<int> fill(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < m; ++i) {
    const Edge& e = g.edges[i];
    auto put = [&](int a, int b) {
      int p = fill[static_cast<std::size_t>(a)]++;
      adj_v[static_cast<std::size_t>(p)] = b;
      adj_e[static_cast<std::size_t>(p)] = static_cast<int>(i);
    };
    put(e.u, e.v);
    if (e.v != e.u) put(e.v, e.u);
  }
  // Iterative Tarjan bridge search from the ground (only the ground's component matters).
  std::vector<int> disc(static_cast<std::size_t>(n), -1), low(static_cast<std::size_t>(n), 0);
  std::vector<int> parent_edge(static_cast<std::size_t>(n), -1), it(static_cast<std::size_t>(n), 0);
  std::vector<char> bridge(m, 0);
  int timer = 0;
  std::vector<int> stack{g.ground};
  disc[static_cast<std::size_t>(g.ground)] = low[static_cast<std::size_t>(g.ground)] = timer++;
  it[static_cast<std::size_t>(g.ground)] = start[static_cast<std::size_t>(g.ground)];
  while (!stack.empty()) {
    int u = stack.back();
    auto uu = static_cast<std::size_t>(u);
    if (it[uu] < start[uu + 1]) {
      int p = it[uu]++;
      int v = adj_v[static_cast<std::size_t>(p)];
      int e = adj_e[static_cast<std::size_t>(p)];
      if (e == parent_edge[uu]) continue;
      auto vv = static_cast<std::size_t>(v);
      if (disc[vv] < 0) {
        disc[vv] = low[vv] = timer++;
        parent_edge[vv] = e;
        it[vv] = start[vv];
        stack.push_back(v);
      } else {
        low[uu] = std::min(low[uu], disc[vv]);
      }
    } else {
      stack.pop_back();
      if (parent_edge[uu] >= 0) {
        const Edge& pe = g.edges[static_cast<std::size_t>(parent_edge[uu])];
        auto pp = static_cast<std::size_t>(pe.u == u ? pe.v : pe.u);
        low[pp] = std::min(low[pp], low[uu]);
        if (low[uu] > disc[pp]) bridge[static_cast<std::size_t>(parent_edge[uu])] = 1;
      }
    }
  }
  // 2-edge-connected pieces = components over non-bridge edges (union-find).
  std::vector<int> uf(static_cast<std::size_t>(n));
  std::iota(uf.begin(), uf.end(), 0);
  auto find = [&](int x) {
    while (uf[static_cast<std::size_t>(x)] != x) {
      uf[static_cast<std::size_t>(x)] = uf[static_cast<std::size_t>(uf[static_cast<std::size_t>(x)])];
      x = uf[static_cast<std::size_t>(x)];
    }
    return x;
  };
  for (std::size_t i = 0; i < m; ++i) {
    const Edge& e = g.edges[i];
    if (bridge[i] || disc[static_cast<std::size_t>(e.u)] < 0) continue;
    int a = find(e.u), b = find(e.v);
    if (a != b) uf[static_cast<std::size_t>(a)] = b;
  }
  std::vector<unsigned> loops(static_cast<std::size_t>(n), 0);
  std::vector<std::vector<int>> tree(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < m; ++i) {
    const Edge& e = g.edges[i];
    if (disc[static_cast<std::size_t>(e.u)] < 0) continue;  // not connected to the ground
    int a = find(e.u), b = find(e.v);
    if (!bridge[i]) {
      loops[static_cast<std::size_t>(a)] ^= 1u;
    } else {
      tree[static_cast<std::size_t>(a)].push_back(b);
      tree[static_cast<std::size_t>(b)].push_back(a);
    }
  }
  // Colon principle on the bridge tree rooted at the ground's piece.
  int root = find(g.ground);
  std::vector<int> order{root}, par(static_cast<std::size_t>(n), -1);
  par[static_cast<std::size_t>(root)] = root;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int c : tree[static_cast<std::size_t>(order[i])])
      if (par[static_cast<std::size_t>(c)] < 0) {
        par[static_cast<std::size_t>(c)] = order[i];
        order.push_back(c);
      }
  std::vector<unsigned> sg(static_cast<std::size_t>(n), 0);
  for (auto p = order.rbegin(); p != order.rend(); ++p) {
    auto c = static_cast<std::size_t>(*p);
    sg[c] ^= loops[c];
    if (*p != root) sg[static_cast<std::size_t>(par[c])] ^= sg[c] + 1;
  }
  return sg[static_cast<std::size_t>(root)];
}

GroundedGraph fuse_cycle_doc003(const GroundedGraph& g, const std::vector<int>& cycle_vertices,
                                const std::vector<std::size_t>& cycle_edges) {
  std::vector<int> map(static_cast<std::size_t>(g.num_vertices));
  std::iota(map.begin(), map.end(), 0);
  int target = cycle_vertices.front();
  for (int v : cycle_vertices) map[static_cast<std::size_t>(v)] = target;
  if (std::find(cycle_vertices.begin(), cycle_vertices.end(), g.ground) != cycle_vertices.end())
    for (int v : cycle_vertices) map[static_cast<std::size_t>(v)] = g.ground;
  GroundedGraph out;
  out.num_vertices = g.num_vertices + 1;
  out.ground = g.ground;
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    if (std::find(cycle_edges.begin(), cycle_edges.end(), i) != cycle_edges.end()) continue;
    const Edge& e = g.edges[i];
    out.add_edge(map[static_cast<std::size_t>(e.u)], map[static_cast<std::size_t>(e.v)], e.colour);
  }
  if (cycle_edges.size() % 2 == 1) out.add_edge(map[static_cast<std::size_t>(target)], g.num_vertices);
  return prune_to_ground(out);
}

std::vector<std::pair<std::vector<int>, std::vector<std::size_t>>> shortest_cycles(const GroundedGraph& g) {
  std::vector<std::pair<std::vector<int>, std::vector<std::size_t>>> out;
  for (std::size_t e0 = 0; e0 < g.edges.size(); ++e0) {
    int a = g.edges[e0].u, b = g.edges[e0].v;
    // BFS from b to a avoiding e0: with e0 it closes a shortest cycle through e0.
    std::vector<int> pe(static_cast<std::size_t>(g.num_vertices), -2);
    std::vector<int> q{b};
    pe[static_cast<std::size_t>(b)] = -1;
    for (std::size_t i = 0; i < q.size(); ++i)
      for (std::size_t e = 0; e < g.edges.size(); ++e) {
        if (e == e0) continue;
        int x = g.edges[e].u, y = g.edges[e].v;
        if (y == q[i]) std::swap(x, y);
        if (x != q[i] || pe[static_cast<std::size_t>(y)] != -2) continue;
        pe[static_cast<std::size_t>(y)] = static_cast<int>(e);
        q.push_back(y);
      }
    if (a != b && pe[static_cast<std::size_t>(a)] == -2) continue;  // a bridge
    std::vector<int> cv{a};
    std::vector<std::size_t> ce{e0};
    for (int v = a; v != b;) {
      auto e = static_cast<std::size_t>(pe[static_cast<std::size_t>(v)]);
      ce.push_back(e);
      v = g.edges[e].u == v ? g.edges[e].v : g.edges[e].u;
      cv.push_back(v);
    }
    out.emplace_back(std::move(cv), std::move(ce));
  }
  return out;
}

GroundedGraph cycle_on_ground(int n) {
  GroundedGraph g;
  int prev = 0;
  for (int i = 1; i < n; ++i) {
    int v = g.add_vertex();
    g.add_edge(prev, v);
    prev = v;
  }
  g.add_edge(prev, 0);
  return g;
}

}  // namespace carve::games
