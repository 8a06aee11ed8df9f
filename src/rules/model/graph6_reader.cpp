// nauty's graph6 reader behind a plain interface: nauty.h's macros and typedefs (set, graph,
// TRUE) stay in this file.
#include "rules/model/graph6_reader.hpp"

#include <nauty.h>

// gtools.h, which declares it, uses C11's _Thread_local and cannot be read by a C++ compiler.
extern "C" void stringtograph(char* s, graph* g, int m);

namespace carve::model {

std::vector<std::pair<int, int>> graph6_edges(const std::string& checked, int vertices) {
  std::vector<std::pair<int, int>> edges;
  if (vertices <= 1) return edges;
  const int m = SETWORDSNEEDED(vertices);
  nauty_check(WORDSIZE, m, vertices, NAUTYVERSIONID);
  std::vector<graph> g(static_cast<std::size_t>(m) * static_cast<std::size_t>(vertices), 0);
  std::string line = checked + "\n";  // stringtograph reads a line as gtools' readers return it
  stringtograph(line.data(), g.data(), m);
  for (int j = 1; j < vertices; ++j)
    for (int i = 0; i < j; ++i)
      if (ISELEMENT(GRAPHROW(g.data(), i, m), j)) edges.emplace_back(i, j);
  return edges;
}

}  // namespace carve::model
