// Disjoint sets over 0..n-1 with path halving: the components of edge sets (victory, targets,
// goal-directed search).
// Invariant: find(x) is the representative of x's set; unite merges two sets.
#pragma once
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace carve::model {

class UnionFind {
 public:
  explicit UnionFind(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), std::uint32_t{0}); }
  std::uint32_t find(std::uint32_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void unite(std::uint32_t a, std::uint32_t b) { parent_[find(a)] = find(b); }
  // Every member of `members` (V(e) of an edge) in one set.
  template <class Range>
  void unite_all(const Range& members) {
    auto it = std::begin(members);
    if (it == std::end(members)) return;
    const auto first = static_cast<std::uint32_t>(*it);
    for (++it; it != std::end(members); ++it) unite(static_cast<std::uint32_t>(*it), first);
  }

 private:
  std::vector<std::uint32_t> parent_;
};

}  // namespace carve::model
