// nauty on the incidence graph: vertex nodes, edge nodes, and one node per marked incidence
// (edge - mark - vertex), each class split into cells by colour; dense for small graphs, sparse
// for large ones.
#include "rules/model/canonical.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <tuple>

#include "rules/model/nauty_arrays.hpp"

#include <nauty.h>
#include <nausparse.h>
// traces.h (through gtools.h) declares thread-locals with C11's _Thread_local, which C++ spells
// thread_local; nauty.h chose the attribute already and is not read again.
#undef TLS_ATTR
#define TLS_ATTR thread_local
#include <traces.h>

namespace carve::model {

namespace {

// Up to this many nodes dense nauty (fastest on the small graphs states and components make);
// above, Traces on the sparse graph: a target of 10^4 edges is an incidence graph of 2*10^4
// nodes, 50 MB of adjacency bits and minutes of dense refinement (sparse nauty: 0.3 s, and 25 s
// at 10^5 edges, its refinement quadratic on a path); Traces refines in O(m log n).
// Isomorphic hypergraphs have the same node count, so both sides of every comparison take the
// same branch.
constexpr int kDenseUpTo = 1024;

std::string dense_canon(int n, const std::vector<std::pair<int, int>>& links, std::vector<int>& lab, std::vector<int>& ptn) {
  free_nauty_arrays_at_thread_exit();
  const int m = SETWORDSNEEDED(n);
  nauty_check(WORDSIZE, m, n, NAUTYVERSIONID);
  std::vector<graph> g(static_cast<std::size_t>(m) * static_cast<std::size_t>(n), 0);
  std::vector<graph> canon(g.size(), 0);
  for (auto [a, b] : links) ADDONEEDGE(g.data(), a, b, m);
  std::vector<int> orbits(static_cast<std::size_t>(n));
  DEFAULTOPTIONS_GRAPH(options);
  options.getcanon = TRUE;
  options.defaultptn = FALSE;
  statsblk stats;
  densenauty(g.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, m, n, canon.data());
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (auto w : canon)
    for (int s = static_cast<int>(sizeof(graph) * 8) - 4; s >= 0; s -= 4) out += hex[(w >> s) & 0xf];
  return out;
}

// Traces' canonical graph as its sorted adjacency lists, "s" first (never equal to a dense form).
std::string sparse_canon(int n, const std::vector<std::pair<int, int>>& links, std::vector<int>& lab, std::vector<int>& ptn) {
  free_nauty_arrays_at_thread_exit();
  const auto un = static_cast<std::size_t>(n);
  std::vector<int> degree(un, 0);
  for (auto [a, b] : links) ++degree[static_cast<std::size_t>(a)], ++degree[static_cast<std::size_t>(b)];
  std::vector<std::size_t> start(un, 0);
  for (std::size_t i = 1; i < un; ++i) start[i] = start[i - 1] + static_cast<std::size_t>(degree[i - 1]);
  std::vector<int> next(un, 0), ends(2 * links.size());
  for (auto [a, b] : links) {
    ends[start[static_cast<std::size_t>(a)] + static_cast<std::size_t>(next[static_cast<std::size_t>(a)]++)] = b;
    ends[start[static_cast<std::size_t>(b)] + static_cast<std::size_t>(next[static_cast<std::size_t>(b)]++)] = a;
  }
  // nauty reads and writes these arrays through the structs; its own allocation is never used
  // (the lengths given are enough), so the vectors own every byte.
  sparsegraph g{ends.size(), start.data(), n, degree.data(), ends.data(), nullptr, un, un, ends.size(), 0};
  std::vector<std::size_t> cstart(un);
  std::vector<int> cdegree(un), cends(ends.size());
  sparsegraph canon{0, cstart.data(), 0, cdegree.data(), cends.data(), nullptr, un, un, cends.size(), 0};
  std::vector<int> orbits(un);
  DEFAULTOPTIONS_TRACES(options);
  options.getcanon = TRUE;
  options.defaultptn = FALSE;
  TracesStats stats;
  Traces(&g, lab.data(), ptn.data(), orbits.data(), &options, &stats, &canon);
  sortlists_sg(&canon);
  std::string out = "s";
  for (std::size_t v = 0; v < un; ++v) {
    out += std::to_string(v) + ":";
    for (int k = 0; k < cdegree[v]; ++k) out += std::to_string(cends[cstart[v] + static_cast<std::size_t>(k)]) + ",";
    out += ";";
  }
  return out;
}

}  // namespace

std::string canonical_form(const ColouredHypergraph& h) {
  const int nv = static_cast<int>(h.vertex_colour.size());
  const int ne = static_cast<int>(h.edges.size());
  const int nm = static_cast<int>(h.marks.size());
  const int n = nv + ne + nm;
  std::string out = "n" + std::to_string(nv) + "e" + std::to_string(ne) + "m" + std::to_string(nm) + ":";
  if (n == 0) return out;
  // The incidence graph's edges, each once (a vertex listed twice in an edge is one incidence).
  std::vector<std::pair<int, int>> links;
  for (int e = 0; e < ne; ++e) {
    std::vector<int> vs = h.edges[static_cast<std::size_t>(e)];
    std::sort(vs.begin(), vs.end());
    vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
    for (int v : vs) links.emplace_back(nv + e, v);
  }
  for (int i = 0; i < nm; ++i) {
    links.emplace_back(nv + ne + i, nv + h.marks[static_cast<std::size_t>(i)].first);
    links.emplace_back(nv + ne + i, h.marks[static_cast<std::size_t>(i)].second);
  }
  // Cells: (class, colour); classes 0 vertices, 1 edges, 2 marks.
  std::vector<std::tuple<int, int, int>> order;
  for (int v = 0; v < nv; ++v) order.emplace_back(0, h.vertex_colour[static_cast<std::size_t>(v)], v);
  for (int e = 0; e < ne; ++e) order.emplace_back(1, h.edge_colour[static_cast<std::size_t>(e)], nv + e);
  for (int i = 0; i < nm; ++i) order.emplace_back(2, 0, nv + ne + i);
  std::sort(order.begin(), order.end());
  std::vector<int> lab(static_cast<std::size_t>(n)), ptn(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    auto [cls, col, node] = order[static_cast<std::size_t>(i)];
    lab[static_cast<std::size_t>(i)] = node;
    bool last = i + 1 == n || std::get<0>(order[static_cast<std::size_t>(i + 1)]) != cls ||
                std::get<1>(order[static_cast<std::size_t>(i + 1)]) != col;
    ptn[static_cast<std::size_t>(i)] = last ? 0 : 1;
    out += std::to_string(cls) + "." + std::to_string(col) + (last ? "|" : ",");
  }
  return out + (n <= kDenseUpTo ? dense_canon(n, links, lab, ptn) : sparse_canon(n, links, lab, ptn));
}

}  // namespace carve::model
