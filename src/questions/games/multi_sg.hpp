// questions/games/multi_sg.hpp — Multi-SG: a move replaces one component by several components.
// Invariant: sg(c) = mex over options {c1..cm} of sg(c1) xor ... xor sg(cm) (the empty option is 0),
// valid whenever the split relation is well-founded. Lasker's Nim is the worked instance: a heap
// loses some stones or splits into two non-empty heaps; its values follow the period-4 formula.
#pragma once

#include <functional>
#include <unordered_map>
#include <vector>

#include "questions/games/nim.hpp"
#include "questions/games/sg.hpp"

namespace carve::games {

template <class C, class Hash = std::hash<C>>
class MultiSg {
 public:
  using SplitFn = std::function<std::vector<std::vector<C>>(const C&)>;
  explicit MultiSg(SplitFn options) : options_(std::move(options)) {}

  unsigned sg(const C& c) {
    if (auto it = memo_.find(c); it != memo_.end()) return it->second;
    interrupt_point();
    std::vector<unsigned> vals;
    for (const auto& parts : options_(c)) {
      unsigned x = 0;
      for (const C& p : parts) x ^= sg(p);
      vals.push_back(x);
    }
    unsigned v = mex(std::move(vals));
    memo_.emplace(c, v);
    return v;
  }
  unsigned sg_sum(const std::vector<C>& cs) {
    unsigned x = 0;
    for (const C& c : cs) x ^= sg(c);
    return x;
  }
  // Moves of a whole sum (a sorted multiset of components), for exhaustive cross-checks.
  std::vector<std::vector<C>> sum_moves(const std::vector<C>& cs) const {
    std::vector<std::vector<C>> out;
    for (std::size_t i = 0; i < cs.size(); ++i)
      for (const auto& parts : options_(cs[i])) {
        std::vector<C> n;
        for (std::size_t j = 0; j < cs.size(); ++j)
          if (j != i) n.push_back(cs[j]);
        n.insert(n.end(), parts.begin(), parts.end());
        std::sort(n.begin(), n.end());
        out.push_back(std::move(n));
      }
    return out;
  }

 private:
  SplitFn options_;
  std::unordered_map<C, unsigned, Hash> memo_;
};

// Lasker's Nim options of a heap of n: take 1..n stones, or split into a + (n - a), 1 <= a <= n/2.
std::vector<std::vector<unsigned>> lasker_options(const unsigned& n);
// Closed form: n = 4k+1, 4k+2 -> n; 4k+3 -> n+1; 4k+4 -> n-1; 0 -> 0.
unsigned lasker_sg_formula(unsigned n);

}  // namespace carve::games
