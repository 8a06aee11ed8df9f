// questions/games/enumerate.cpp — bounded family enumerators (see enumerate.hpp).
#include "questions/games/enumerate.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_set>

#include "questions/games/interrupt.hpp"

namespace carve::games {

std::vector<Heaps> heap_vectors(int max_count, unsigned size_bound, int min_count) {
  std::vector<Heaps> out;
  for (int c = min_count; c <= max_count; ++c) {
    Heaps h(static_cast<std::size_t>(c), 0);
    while (true) {
      out.push_back(h);
      int i = c - 1;
      while (i >= 0 && h[static_cast<std::size_t>(i)] + 1 >= size_bound) h[static_cast<std::size_t>(i--)] = 0;
      if (i < 0) break;
      ++h[static_cast<std::size_t>(i)];
    }
  }
  auto total = [](const Heaps& h) {
    unsigned long s = 0;
    for (unsigned v : h) s += v;
    return s;
  };
  std::stable_sort(out.begin(), out.end(), [&](const Heaps& a, const Heaps& b) {
    auto ta = total(a), tb = total(b);
    if (ta != tb) return ta < tb;
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
  });
  return out;
}

std::vector<RootedTree> rooted_trees(int max_edges) {
  std::vector<RootedTree> out{RootedTree{}};
  std::size_t layer_begin = 0;
  for (int e = 1; e <= max_edges; ++e) {
    std::size_t layer_end = out.size();
    std::unordered_set<std::string> seen;
    for (std::size_t i = layer_begin; i < layer_end; ++i)
      for (int p = 0; p < out[i].size(); ++p) {
        interrupt_point();
        RootedTree t = out[i];
        t.add_child(p);
        if (seen.insert(ahu_canonical(t)).second) out.push_back(std::move(t));
      }
    layer_begin = layer_end;
  }
  return out;
}

std::vector<GroundedGraph> grounded_graphs(int max_edges, bool multigraph) {
  std::vector<GroundedGraph> out{GroundedGraph{}};
  std::size_t layer_begin = 0;
  for (int e = 1; e <= max_edges; ++e) {
    std::size_t layer_end = out.size();
    std::unordered_set<std::string> seen;
    for (std::size_t i = layer_begin; i < layer_end; ++i) {
      const GroundedGraph g = out[i];  // copy: out grows below
      for (int u = 0; u < g.num_vertices; ++u) {
        interrupt_point();
        {  // edge to a new vertex
          GroundedGraph h = g;
          h.add_edge(u, h.add_vertex());
          if (seen.insert(canonical_key(h)).second) out.push_back(std::move(h));
        }
        for (int v = u; v < g.num_vertices; ++v) {
          if (!multigraph) {
            if (u == v) continue;
            bool exists = false;
            for (const Edge& x : g.edges) exists = exists || (std::min(x.u, x.v) == u && std::max(x.u, x.v) == v);
            if (exists) continue;
          }
          GroundedGraph h = g;
          h.add_edge(u, v);
          if (seen.insert(canonical_key(h)).second) out.push_back(std::move(h));
        }
      }
    }
    layer_begin = layer_end;
  }
  return out;
}

std::vector<std::vector<EdgeColour>> bicoloured_stalks(int max_edges) {
  std::vector<std::vector<EdgeColour>> out;
  for (int n = 0; n <= max_edges; ++n)
    for (unsigned long mask = 0; mask < (1ul << n); ++mask) {
      std::vector<EdgeColour> s;
      for (int i = 0; i < n; ++i) s.push_back(((mask >> (n - 1 - i)) & 1) ? EdgeColour::Red : EdgeColour::Blue);
      out.push_back(std::move(s));
    }
  return out;
}

namespace {
std::vector<GroundedGraph> colourings(const std::vector<GroundedGraph>& shapes) {
  std::vector<GroundedGraph> out;
  std::unordered_set<std::string> seen;
  for (const GroundedGraph& g : shapes) {
    std::size_t m = g.edges.size();
    for (unsigned long mask = 0; mask < (1ul << m); ++mask) {
      interrupt_point();
      GroundedGraph h = g;
      for (std::size_t i = 0; i < m; ++i) h.edges[i].colour = ((mask >> i) & 1) ? EdgeColour::Red : EdgeColour::Blue;
      if (seen.insert(canonical_key(h)).second) out.push_back(std::move(h));
    }
  }
  return out;
}
}  // namespace

std::vector<GroundedGraph> bicoloured_trees(int max_edges) {
  std::vector<GroundedGraph> shapes;
  for (const RootedTree& t : rooted_trees(max_edges)) shapes.push_back(to_grounded(t));
  return colourings(shapes);
}

std::vector<GroundedGraph> bicoloured_graphs(int max_edges) { return colourings(grounded_graphs(max_edges)); }

namespace {
std::vector<Digraph> digraph_family(int max_vertices, bool dag_rooted) {
  std::vector<Digraph> out;
  for (int n = 1; n <= max_vertices; ++n) {
    std::vector<std::pair<int, int>> slots;
    for (int u = 0; u < n; ++u)
      for (int v = 0; v < n; ++v)
        if (dag_rooted ? u < v : u != v) slots.push_back({u, v});
    std::vector<std::pair<std::size_t, Digraph>> layer;
    std::unordered_set<std::string> seen;
    for (unsigned long mask = 0; mask < (1ul << slots.size()); ++mask) {
      interrupt_point();
      Digraph g;
      g.succ.assign(static_cast<std::size_t>(n), {});
      for (std::size_t i = 0; i < slots.size(); ++i)
        if ((mask >> i) & 1) g.succ[static_cast<std::size_t>(slots[i].first)].push_back(slots[i].second);
      if (dag_rooted) {  // every position reachable from the root 0 (arcs go up in index)
        std::vector<bool> reach(static_cast<std::size_t>(n), false);
        reach[0] = true;
        for (int u = 0; u < n; ++u)
          if (reach[static_cast<std::size_t>(u)])
            for (int v : g.succ[static_cast<std::size_t>(u)]) reach[static_cast<std::size_t>(v)] = true;
        if (std::find(reach.begin(), reach.end(), false) != reach.end()) continue;
      }
      if (!seen.insert(canonical_digraph_key(g.succ, dag_rooted ? 0 : -1)).second) continue;
      layer.push_back({static_cast<std::size_t>(__builtin_popcountl(mask)), std::move(g)});
    }
    std::stable_sort(layer.begin(), layer.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [arcs, g] : layer) out.push_back(std::move(g));
  }
  return out;
}
}  // namespace

std::vector<Digraph> dag_games(int max_positions) { return digraph_family(max_positions, true); }
std::vector<Digraph> digraphs(int max_vertices) { return digraph_family(max_vertices, false); }

}  // namespace carve::games
