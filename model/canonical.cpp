// Dense nauty on the incidence graph: vertex nodes, edge nodes, and one node per marked
// incidence (edge - mark - vertex), each class split into cells by colour.
#include "model/canonical.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <tuple>

#include <nauty.h>

namespace carve::model {

std::string canonical_form(const ColouredHypergraph& h) {
  const int nv = static_cast<int>(h.vertex_colour.size());
  const int ne = static_cast<int>(h.edges.size());
  const int nm = static_cast<int>(h.marks.size());
  const int n = nv + ne + nm;
  std::string out = "n" + std::to_string(nv) + "e" + std::to_string(ne) + "m" + std::to_string(nm) + ":";
  if (n == 0) return out;
  const int m = SETWORDSNEEDED(n);
  nauty_check(WORDSIZE, m, n, NAUTYVERSIONID);
  std::vector<graph> g(static_cast<std::size_t>(m) * static_cast<std::size_t>(n), 0);
  std::vector<graph> canon(g.size(), 0);
  auto link = [&](int a, int b) {
    ADDONEEDGE(g.data(), a, b, m);
  };
  for (int e = 0; e < ne; ++e)
    for (int v : h.edges[static_cast<std::size_t>(e)]) link(nv + e, v);
  for (int i = 0; i < nm; ++i) {
    link(nv + ne + i, nv + h.marks[static_cast<std::size_t>(i)].first);
    link(nv + ne + i, h.marks[static_cast<std::size_t>(i)].second);
  }
  // Cells: (class, colour); classes 0 vertices, 1 edges, 2 marks.
  std::vector<std::tuple<int, int, int>> order;
  for (int v = 0; v < nv; ++v) order.emplace_back(0, h.vertex_colour[static_cast<std::size_t>(v)], v);
  for (int e = 0; e < ne; ++e) order.emplace_back(1, h.edge_colour[static_cast<std::size_t>(e)], nv + e);
  for (int i = 0; i < nm; ++i) order.emplace_back(2, 0, nv + ne + i);
  std::sort(order.begin(), order.end());
  std::vector<int> lab(static_cast<std::size_t>(n)), ptn(static_cast<std::size_t>(n)), orbits(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    auto [cls, col, node] = order[static_cast<std::size_t>(i)];
    lab[static_cast<std::size_t>(i)] = node;
    bool last = i + 1 == n || std::get<0>(order[static_cast<std::size_t>(i + 1)]) != cls ||
                std::get<1>(order[static_cast<std::size_t>(i + 1)]) != col;
    ptn[static_cast<std::size_t>(i)] = last ? 0 : 1;
    out += std::to_string(cls) + "." + std::to_string(col) + (last ? "|" : ",");
  }
  DEFAULTOPTIONS_GRAPH(options);
  options.getcanon = TRUE;
  options.defaultptn = FALSE;
  statsblk stats;
  densenauty(g.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, m, n, canon.data());
  static const char* hex = "0123456789abcdef";
  for (auto w : canon)
    for (int s = static_cast<int>(sizeof(graph) * 8) - 4; s >= 0; s -= 4) out += hex[(w >> s) & 0xf];
  return out;
}

}  // namespace carve::model
