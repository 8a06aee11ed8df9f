// densenauty with a user automorphism procedure: nauty reports a strong generating set of the
// group, one permutation per call, during its search. Edge colours become one node per edge in
// a cell of its colour: an automorphism of that graph keeps the cells, so its restriction to the
// vertices keeps every edge's colour, and every colour-keeping automorphism of the vertices
// extends to the edge nodes (each edge node is fixed by its two ends).
#include "rules/model/automorphisms.hpp"

#include <algorithm>
#include <numeric>

#include <nauty.h>

#include "rules/model/nauty_arrays.hpp"

namespace carve::model {

namespace {
// nauty's callback carries no user pointer; the collection lives for one call on this thread.
thread_local std::vector<std::vector<int>>* collected = nullptr;

void collect(int, int* perm, int*, int, int, int n) {
  collected->emplace_back(perm, perm + n);
}
}  // namespace

std::vector<std::vector<int>> automorphism_generators(int n, const std::vector<std::pair<int, int>>& edges,
                                                      const std::vector<int>& colours) {
  std::vector<std::vector<int>> out;
  if (n <= 1) return out;
  const bool coloured = !colours.empty();
  const int total = n + (coloured ? static_cast<int>(edges.size()) : 0);
  const int m = SETWORDSNEEDED(total);
  nauty_check(WORDSIZE, m, total, NAUTYVERSIONID);
  std::vector<graph> g(static_cast<std::size_t>(m) * static_cast<std::size_t>(total), 0);
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const auto [a, b] = edges[k];
    if (!coloured) {
      ADDONEEDGE(g.data(), a, b, m);
      continue;
    }
    const int node = n + static_cast<int>(k);
    ADDONEEDGE(g.data(), a, node, m);
    ADDONEEDGE(g.data(), b, node, m);
  }
  // Cells: the vertices, then the edge nodes of each colour.
  std::vector<int> lab(static_cast<std::size_t>(total)), ptn(static_cast<std::size_t>(total)),
      orbits(static_cast<std::size_t>(total));
  std::iota(lab.begin(), lab.end(), 0);
  std::stable_sort(lab.begin() + n, lab.end(), [&](int a, int b) {
    return colours[static_cast<std::size_t>(a - n)] < colours[static_cast<std::size_t>(b - n)];
  });
  for (int i = 0; i < total; ++i) {
    const bool last = i + 1 == total || i + 1 == n ||
                      (i >= n && colours[static_cast<std::size_t>(lab[static_cast<std::size_t>(i)] - n)] !=
                                     colours[static_cast<std::size_t>(lab[static_cast<std::size_t>(i) + 1] - n)]);
    ptn[static_cast<std::size_t>(i)] = last ? 0 : 1;
  }
  DEFAULTOPTIONS_GRAPH(options);
  options.userautomproc = collect;
  options.defaultptn = FALSE;
  statsblk stats;
  std::vector<std::vector<int>> all;
  collected = &all;
  free_nauty_arrays_at_thread_exit();
  densenauty(g.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, m, total, nullptr);
  collected = nullptr;
  for (auto& perm : all) {
    perm.resize(static_cast<std::size_t>(n));
    bool identity = true;
    for (int i = 0; i < n; ++i) identity = identity && perm[static_cast<std::size_t>(i)] == i;
    if (!identity) out.push_back(std::move(perm));
  }
  return out;
}

}  // namespace carve::model
