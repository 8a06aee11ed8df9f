// questions/games/takeaway.cpp — take-away rules and their moves (see takeaway.hpp).
#include "questions/games/takeaway.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "questions/games/interrupt.hpp"

namespace carve::games {

std::size_t TakeRule::moves() const {
  std::size_t n = 0;
  for (const auto& t : takes) n += t.size();
  return n;
}

const std::vector<unsigned>& TakeRule::at(unsigned m) const {
  if (m > max_heap())
    throw std::invalid_argument("a heap of " + std::to_string(m) + " stones is outside the take-away rule's range 0.." +
                                std::to_string(max_heap()));
  return takes[m];
}

std::vector<TakeRule> take_rules(int max_heap) {
  // Heap m chooses a subset of 1..m: the rules are the mixed-radix numbers with digit m in 0..2^m-1.
  std::vector<TakeRule> out{TakeRule{std::vector<std::vector<unsigned>>(static_cast<std::size_t>(max_heap) + 1)}};
  for (unsigned m = 1; m <= static_cast<unsigned>(max_heap); ++m) {
    std::vector<TakeRule> next;
    for (const auto& r : out)
      for (unsigned mask = 0; mask < (1u << m); ++mask) {
        interrupt_point();
        TakeRule n = r;
        for (unsigned s = 1; s <= m; ++s)
          if (mask >> (s - 1) & 1u) n.takes[m].push_back(s);
        next.push_back(std::move(n));
      }
    out = std::move(next);
  }
  std::stable_sort(out.begin(), out.end(), [](const TakeRule& a, const TakeRule& b) {
    return a.moves() != b.moves() ? a.moves() < b.moves() : a < b;
  });
  return out;
}

TakeRule subtraction_rule(const std::vector<unsigned>& set, unsigned max_heap) {
  TakeRule r{std::vector<std::vector<unsigned>>(max_heap + 1)};
  std::vector<unsigned> s = set;
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  for (unsigned m = 1; m <= max_heap; ++m)
    for (unsigned x : s)
      if (x >= 1 && x <= m) r.takes[m].push_back(x);
  return r;
}

bool is_subtraction_rule(const TakeRule& r) {
  for (unsigned m = 1; m <= r.max_heap(); ++m)
    for (unsigned s : r.takes[m])
      for (unsigned k = s; k <= r.max_heap(); ++k)
        if (!std::binary_search(r.takes[k].begin(), r.takes[k].end(), s)) return false;
  return true;
}

std::vector<Heaps> take_moves(const TakeRule& r, const Heaps& h) {
  std::vector<Heaps> out;
  for (std::size_t i = 0; i < h.size(); ++i)
    for (unsigned s : r.at(h[i])) {
      Heaps n = h;
      n[i] -= s;
      out.push_back(std::move(n));
    }
  return out;
}

}  // namespace carve::games
