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

namespace {

// A vertex, edge or row number as an index.
std::size_t ix(int i) { return static_cast<std::size_t>(i); }

// The edges at each vertex, as compressed rows: vertex v's neighbours are other[start[v] ..
// start[v + 1]) through the edges edge[...] (a loop appears once).
struct Incidence {
  std::vector<int> start, other, edge;
};

Incidence incidence_of(const GroundedGraph& g) {
  const int n = g.num_vertices;
  std::vector<int> deg(ix(n) + 1, 0);
  for (const Edge& e : g.edges) {
    ++deg[ix(e.u)];
    if (e.v != e.u) ++deg[ix(e.v)];
  }
  Incidence inc;
  inc.start.assign(ix(n) + 1, 0);
  for (int v = 0; v < n; ++v) inc.start[ix(v) + 1] = inc.start[ix(v)] + deg[ix(v)];
  inc.other.resize(ix(inc.start[ix(n)]));
  inc.edge.resize(inc.other.size());
  std::vector<int> fill(inc.start.begin(), inc.start.end() - 1);
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    auto put = [&](int a, int b) {
      int p = fill[ix(a)]++;
      inc.other[ix(p)] = b;
      inc.edge[ix(p)] = static_cast<int>(i);
    };
    put(e.u, e.v);
    if (e.v != e.u) put(e.v, e.u);
  }
  return inc;
}

// The bridges of the ground's component (Tarjan's bridge search, iterative) and which vertices
// the ground reaches; the rest of the graph is no longer connected to the ground and plays no part.
struct Bridges {
  std::vector<char> bridge;   // by edge
  std::vector<char> reached;  // by vertex
};

Bridges bridges_from_ground(const GroundedGraph& g, const Incidence& inc) {
  const int n = g.num_vertices;
  std::vector<int> disc(ix(n), -1), low(ix(n), 0), parent_edge(ix(n), -1), next(ix(n), 0);
  Bridges out{std::vector<char>(g.edges.size(), 0), {}};
  int timer = 0;
  std::vector<int> stack{g.ground};
  disc[ix(g.ground)] = low[ix(g.ground)] = timer++;
  next[ix(g.ground)] = inc.start[ix(g.ground)];
  while (!stack.empty()) {
    int u = stack.back();
    auto uu = ix(u);
    if (next[uu] < inc.start[uu + 1]) {
      int p = next[uu]++;
      int v = inc.other[ix(p)];
      int e = inc.edge[ix(p)];
      if (e == parent_edge[uu]) continue;
      auto vv = ix(v);
      if (disc[vv] < 0) {
        disc[vv] = low[vv] = timer++;
        parent_edge[vv] = e;
        next[vv] = inc.start[vv];
        stack.push_back(v);
      } else {
        low[uu] = std::min(low[uu], disc[vv]);
      }
    } else {
      stack.pop_back();
      if (parent_edge[uu] >= 0) {
        const Edge& pe = g.edges[ix(parent_edge[uu])];
        auto pp = ix(pe.u == u ? pe.v : pe.u);
        low[pp] = std::min(low[pp], low[uu]);
        if (low[uu] > disc[pp]) out.bridge[ix(parent_edge[uu])] = 1;
      }
    }
  }
  for (int d : disc) out.reached.push_back(d >= 0);
  return out;
}

// The 2-edge-connected pieces of the ground's component: the components over its non-bridge
// edges (union-find), each vertex mapped to its piece's representative.
std::vector<int> pieces_of(const GroundedGraph& g, const Bridges& b) {
  std::vector<int> uf(ix(g.num_vertices));
  std::iota(uf.begin(), uf.end(), 0);
  auto find = [&](int x) {
    while (uf[ix(x)] != x) {
      uf[ix(x)] = uf[ix(uf[ix(x)])];
      x = uf[ix(x)];
    }
    return x;
  };
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (b.bridge[i] || !b.reached[ix(e.u)]) continue;
    int x = find(e.u), y = find(e.v);
    if (x != y) uf[ix(x)] = y;
  }
  std::vector<int> piece(uf.size());
  for (int v = 0; v < g.num_vertices; ++v) piece[ix(v)] = find(v);
  return piece;
}

}  // namespace

unsigned green_sg_fusion(const GroundedGraph& g) {
  const int n = g.num_vertices;
  Bridges b = bridges_from_ground(g, incidence_of(g));
  std::vector<int> piece = pieces_of(g, b);
  // Fusion: a piece becomes one vertex whose edges are loops, worth *(loops mod 2); the bridges
  // between pieces form a tree.
  std::vector<unsigned> loops(ix(n), 0);
  std::vector<std::vector<int>> tree(ix(n));
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (!b.reached[ix(e.u)]) continue;  // not connected to the ground
    int x = piece[ix(e.u)], y = piece[ix(e.v)];
    if (!b.bridge[i]) {
      loops[ix(x)] ^= 1u;
    } else {
      tree[ix(x)].push_back(y);
      tree[ix(y)].push_back(x);
    }
  }
  // Colon principle on the bridge tree rooted at the ground's piece, leaves first:
  // sg(c) = (loops(c) mod 2) xor  xor_{children d} (sg(d) + 1).
  int root = piece[ix(g.ground)];
  std::vector<int> order{root}, par(ix(n), -1);
  par[ix(root)] = root;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int c : tree[ix(order[i])])
      if (par[ix(c)] < 0) {
        par[ix(c)] = order[i];
        order.push_back(c);
      }
  std::vector<unsigned> sg(ix(n), 0);
  for (auto p = order.rbegin(); p != order.rend(); ++p) {
    auto c = ix(*p);
    sg[c] ^= loops[c];
    if (*p != root) sg[ix(par[c])] ^= sg[c] + 1;
  }
  return sg[ix(root)];
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
