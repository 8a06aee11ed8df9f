// questions/games/multi_dag.cpp — enumeration and moves of multi-DAGs (see multi_dag.hpp).
#include "questions/games/multi_dag.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "questions/games/interrupt.hpp"

namespace carve::games {

std::size_t MultiDag::option_count() const {
  std::size_t n = 0;
  for (const auto& o : options) n += o.size();
  return n;
}

namespace {

// Every sorted multiset of 0..max_parts elements drawn from 0..below-1, by size then lexicographic.
std::vector<std::vector<int>> multisets_below(int below, int max_parts) {
  std::vector<std::vector<int>> out{{}};
  std::vector<std::vector<int>> layer{{}};
  for (int k = 1; k <= max_parts; ++k) {
    std::vector<std::vector<int>> next;
    for (const auto& m : layer)
      for (int x = m.empty() ? 0 : m.back(); x < below; ++x) {
        auto n = m;
        n.push_back(x);
        next.push_back(std::move(n));
      }
    out.insert(out.end(), next.begin(), next.end());
    layer = std::move(next);
  }
  return out;
}

// The code of g relabelled by perm (perm[v] = new label), or empty when some option would point
// upwards under the new labels.
std::vector<std::vector<std::vector<int>>> relabel(const MultiDag& g, const std::vector<int>& perm) {
  std::vector<std::vector<std::vector<int>>> out(g.options.size());
  for (std::size_t v = 0; v < g.options.size(); ++v) {
    auto& dst = out[static_cast<std::size_t>(perm[v])];
    for (const auto& o : g.options[v]) {
      std::vector<int> m;
      for (int x : o) {
        if (perm[static_cast<std::size_t>(x)] >= perm[v]) return {};
        m.push_back(perm[static_cast<std::size_t>(x)]);
      }
      std::sort(m.begin(), m.end());
      dst.push_back(std::move(m));
    }
    std::sort(dst.begin(), dst.end());
  }
  return out;
}

bool is_canonical(const MultiDag& g) {
  std::vector<int> perm(g.options.size());
  std::iota(perm.begin(), perm.end(), 0);
  while (std::next_permutation(perm.begin(), perm.end())) {
    auto c = relabel(g, perm);
    if (!c.empty() && c < g.options) return false;
  }
  return true;
}

}  // namespace

std::vector<MultiDag> multi_dags(int max_positions, int max_parts) {
  std::vector<MultiDag> out;
  std::vector<MultiDag> prefixes{MultiDag{}};  // every labelled multi-DAG on n - 1 positions
  for (int n = 1; n <= max_positions; ++n) {
    auto choices = multisets_below(n - 1, max_parts);
    if (choices.size() > 20) throw std::invalid_argument("multi_dags: too many options per position");
    const bool last = n == max_positions;  // the labelled layer is kept only as the next prefixes
    std::vector<MultiDag> next;
    for (const auto& g : prefixes)
      for (unsigned long mask = 0; mask < (1ul << choices.size()); ++mask) {
        interrupt_point();
        MultiDag h = g;
        h.options.emplace_back();
        for (std::size_t i = 0; i < choices.size(); ++i)
          if (mask >> i & 1ul) h.options.back().push_back(choices[i]);
        std::sort(h.options.back().begin(), h.options.back().end());
        if (is_canonical(h)) out.push_back(h);
        if (!last) next.push_back(std::move(h));
      }
    prefixes = std::move(next);
  }
  std::stable_sort(out.begin(), out.end(), [](const MultiDag& a, const MultiDag& b) {
    auto sa = static_cast<std::size_t>(a.size()) + a.option_count(), sb = static_cast<std::size_t>(b.size()) + b.option_count();
    if (sa != sb) return sa < sb;
    if (a.size() != b.size()) return a.size() < b.size();
    return a.options < b.options;
  });
  return out;
}

std::vector<Components> multi_dag_sum_moves(const MultiDag& g, const Components& c) {
  std::vector<Components> out;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (i > 0 && c[i] == c[i - 1]) continue;  // equal components give equal moves
    for (const auto& o : g.options.at(static_cast<std::size_t>(c[i]))) {
      Components n;
      for (std::size_t j = 0; j < c.size(); ++j)
        if (j != i) n.push_back(c[j]);
      n.insert(n.end(), o.begin(), o.end());
      std::sort(n.begin(), n.end());
      out.push_back(std::move(n));
    }
  }
  return out;
}

void check_multi_dag(const MultiDag& g) {
  for (int v = 0; v < g.size(); ++v)
    for (const auto& o : g.options[static_cast<std::size_t>(v)]) {
      if (!std::is_sorted(o.begin(), o.end())) throw std::invalid_argument("a multi-DAG option must be sorted");
      for (int x : o)
        if (x < 0 || x >= v)
          throw std::invalid_argument("position " + std::to_string(v) + " has an option naming " + std::to_string(x) +
                                      " (options name positions below their owner)");
    }
}

}  // namespace carve::games
