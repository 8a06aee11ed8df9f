// questions/games/graph_canon.cpp — pruning and nauty canonical labelling of grounded graphs.
#include "questions/games/graph_canon.hpp"

#include <fmt/format.h>
#include <nauty/nauty.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace carve::games {

GroundedGraph prune_to_ground(const GroundedGraph& g) {
  std::vector<std::vector<std::pair<int, int>>> adj(static_cast<std::size_t>(g.num_vertices));
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    adj[static_cast<std::size_t>(g.edges[i].u)].push_back({g.edges[i].v, static_cast<int>(i)});
    adj[static_cast<std::size_t>(g.edges[i].v)].push_back({g.edges[i].u, static_cast<int>(i)});
  }
  std::vector<int> label(static_cast<std::size_t>(g.num_vertices), -1);
  std::vector<int> stack{g.ground};
  label[static_cast<std::size_t>(g.ground)] = 0;
  int next = 1;
  std::vector<int> order{g.ground};
  while (!stack.empty()) {
    int u = stack.back();
    stack.pop_back();
    for (auto [v, e] : adj[static_cast<std::size_t>(u)]) {
      (void)e;
      if (label[static_cast<std::size_t>(v)] < 0) {
        label[static_cast<std::size_t>(v)] = next++;
        stack.push_back(v);
      }
    }
  }
  GroundedGraph out;
  out.num_vertices = next;
  out.ground = 0;
  for (const Edge& e : g.edges) {
    if (label[static_cast<std::size_t>(e.u)] >= 0)
      out.edges.push_back({label[static_cast<std::size_t>(e.u)], label[static_cast<std::size_t>(e.v)], e.colour});
  }
  return out;
}

GroundedGraph delete_edge(const GroundedGraph& g, std::size_t e) {
  GroundedGraph h = g;
  h.edges.erase(h.edges.begin() + static_cast<std::ptrdiff_t>(e));
  return prune_to_ground(h);
}

namespace {
// Dense nauty run on an n-vertex (di)graph with an ordered list of colour cells.
std::string nauty_key(int n, const std::vector<std::pair<int, int>>& arcs, bool digraph,
                      const std::vector<std::vector<int>>& cells) {
  int m = SETWORDSNEEDED(n);
  nauty_check(WORDSIZE, m, n, NAUTYVERSIONID);
  std::vector<graph> gr(static_cast<std::size_t>(m) * static_cast<std::size_t>(n), 0);
  std::vector<graph> canon(gr.size(), 0);
  for (auto [a, b] : arcs) {
    ADDELEMENT(GRAPHROW(gr.data(), a, m), b);
    if (!digraph) ADDELEMENT(GRAPHROW(gr.data(), b, m), a);
  }
  std::vector<int> lab, ptn, orbits(static_cast<std::size_t>(n));
  std::string key;
  for (const auto& cell : cells) {
    key += fmt::format("{},", cell.size());
    if (cell.empty()) continue;
    for (std::size_t i = 0; i < cell.size(); ++i) {
      lab.push_back(cell[i]);
      ptn.push_back(i + 1 == cell.size() ? 0 : 1);
    }
  }
  static DEFAULTOPTIONS_GRAPH(gopts);
  optionblk options = gopts;
  options.digraph = digraph ? TRUE : FALSE;  // correct for digraphs without a vertex invariant
  options.getcanon = TRUE;
  options.defaultptn = FALSE;
  statsblk stats;
  densenauty(gr.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, m, n, canon.data());
  key += '|';
  key.append(reinterpret_cast<const char*>(canon.data()), canon.size() * sizeof(graph));
  return key;
}
}  // namespace

std::string canonical_key(const GroundedGraph& g) {
  int nv = g.num_vertices;
  int n = nv + static_cast<int>(g.edges.size());
  if (n == 1) return "ground";
  std::vector<std::pair<int, int>> arcs;
  std::vector<std::vector<int>> cells(5);
  cells[0].push_back(g.ground);
  for (int v = 0; v < nv; ++v)
    if (v != g.ground) cells[1].push_back(v);
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    int x = nv + static_cast<int>(i);
    arcs.push_back({x, g.edges[i].u});
    if (g.edges[i].v != g.edges[i].u) arcs.push_back({x, g.edges[i].v});
    cells[2 + static_cast<int>(g.edges[i].colour)].push_back(x);
  }
  return nauty_key(n, arcs, false, cells);
}

std::string canonical_digraph_key(const std::vector<std::vector<int>>& succ, int root) {
  int n = static_cast<int>(succ.size());
  std::vector<std::pair<int, int>> arcs;
  for (int u = 0; u < n; ++u)
    for (int v : succ[static_cast<std::size_t>(u)]) arcs.push_back({u, v});
  std::vector<std::vector<int>> cells(2);
  if (root >= 0) cells[0].push_back(root);
  for (int v = 0; v < n; ++v)
    if (v != root) cells[1].push_back(v);
  return nauty_key(n, arcs, true, cells);
}

std::string to_string(const GroundedGraph& g) {
  std::string s = fmt::format("V={} ground={} [", g.num_vertices, g.ground);
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    const char* c = e.colour == EdgeColour::Blue ? "b" : (e.colour == EdgeColour::Red ? "r" : "");
    s += fmt::format("{}{}-{}{}", i ? " " : "", e.u, e.v, c);
  }
  return s + "]";
}

GroundedGraph parse_grounded(const std::string& text) {
  GroundedGraph g;
  std::size_t i = 0;
  auto number = [&]() {
    std::size_t start = i;
    int v = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - start < 6) v = v * 10 + (text[i++] - '0');
    if (i == start) throw std::invalid_argument("graph \"" + text + "\": expected a vertex number at offset " + std::to_string(i));
    return v;
  };
  while (i < text.size()) {
    int u = number();
    if (i >= text.size() || text[i] != '-')
      throw std::invalid_argument("graph \"" + text + "\": expected '-' at offset " + std::to_string(i));
    ++i;
    int v = number();
    EdgeColour c = EdgeColour::Green;
    if (i < text.size() && (text[i] == 'b' || text[i] == 'r')) c = text[i++] == 'b' ? EdgeColour::Blue : EdgeColour::Red;
    g.num_vertices = std::max({g.num_vertices, u + 1, v + 1});
    g.add_edge(u, v, c);
    if (i < text.size() && text[i] != ',')
      throw std::invalid_argument("graph \"" + text + "\": expected ',' at offset " + std::to_string(i));
    if (i < text.size()) ++i;
  }
  return g;
}

GroundedGraph ground_union(const GroundedGraph& a, const GroundedGraph& b) {
  GroundedGraph out = a;
  std::vector<int> map(static_cast<std::size_t>(b.num_vertices));
  for (int v = 0; v < b.num_vertices; ++v) map[static_cast<std::size_t>(v)] = v == b.ground ? a.ground : out.add_vertex();
  for (const Edge& e : b.edges) out.add_edge(map[static_cast<std::size_t>(e.u)], map[static_cast<std::size_t>(e.v)], e.colour);
  return out;
}

GroundedGraph swap_colours(const GroundedGraph& g) {
  GroundedGraph out = g;
  for (Edge& e : out.edges)
    if (e.colour != EdgeColour::Green) e.colour = e.colour == EdgeColour::Blue ? EdgeColour::Red : EdgeColour::Blue;
  return out;
}

bool is_tree(const GroundedGraph& g) {
  GroundedGraph p = prune_to_ground(g);
  if (p.edges.size() != g.edges.size()) return false;
  for (const Edge& e : p.edges)
    if (e.u == e.v) return false;
  return static_cast<int>(p.edges.size()) == p.num_vertices - 1;
}

}  // namespace carve::games
