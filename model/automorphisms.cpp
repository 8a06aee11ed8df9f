// densenauty with a user automorphism procedure: nauty reports a strong generating set of the
// group, one permutation per call, during its search.
#include "model/automorphisms.hpp"

#include <nauty.h>

namespace carve::model {

namespace {
// nauty's callback carries no user pointer; the collection lives for one call on this thread.
thread_local std::vector<std::vector<int>>* collected = nullptr;

void collect(int, int* perm, int*, int, int, int n) {
  collected->emplace_back(perm, perm + n);
}
}  // namespace

std::vector<std::vector<int>> automorphism_generators(int n, const std::vector<std::pair<int, int>>& edges) {
  std::vector<std::vector<int>> out;
  if (n <= 1) return out;
  const int m = SETWORDSNEEDED(n);
  nauty_check(WORDSIZE, m, n, NAUTYVERSIONID);
  std::vector<graph> g(static_cast<std::size_t>(m) * static_cast<std::size_t>(n), 0);
  for (auto [a, b] : edges) ADDONEEDGE(g.data(), a, b, m);
  std::vector<int> lab(static_cast<std::size_t>(n)), ptn(static_cast<std::size_t>(n)), orbits(static_cast<std::size_t>(n));
  DEFAULTOPTIONS_GRAPH(options);
  options.userautomproc = collect;
  statsblk stats;
  collected = &out;
  densenauty(g.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, m, n, nullptr);
  collected = nullptr;
  return out;
}

}  // namespace carve::model
