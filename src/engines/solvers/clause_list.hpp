// A recorded formula's clauses, stored flat: each clause's literals followed by 0 (as DIMACS
// writes them), in chunks of about a million literals.
// Invariant: size() clauses, visited by for_each in the order they were added, each as its
// literals without the 0. A clause costs 4 bytes per literal and 4 more -- a vector per clause
// cost 40 bytes and an allocation more, and freeing millions of them took seconds after a limit
// -- and the store grows a chunk at a time, never by doubling one array (which would need twice
// its memory at once, past a memory ceiling that polls between clauses).
#pragma once
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

namespace carve::encoder {

class ClauseList {
 public:
  void add(std::span<const int> lits) {
    if (chunks_.empty() || chunks_.back().size() + lits.size() + 1 > chunks_.back().capacity()) {
      chunks_.emplace_back();
      chunks_.back().reserve(std::max(kChunk, lits.size() + 1));
    }
    auto& c = chunks_.back();
    c.insert(c.end(), lits.begin(), lits.end());
    c.push_back(0);
    ++count_;
  }
  std::size_t size() const { return count_; }
  // f(std::span<const int>) per clause, in order.
  template <class F>
  void for_each(F&& f) const {
    for (const auto& c : chunks_)
      for (std::size_t i = 0; i < c.size();) {
        std::size_t j = i;
        while (c[j] != 0) ++j;
        f(std::span<const int>(c.data() + i, j - i));
        i = j + 1;
      }
  }

 private:
  static constexpr std::size_t kChunk = std::size_t{1} << 20;
  std::vector<std::vector<int>> chunks_;
  std::size_t count_ = 0;
};

}  // namespace carve::encoder
