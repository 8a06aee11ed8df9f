// questions/games/rule_staircase.cpp — moves of the general staircase (see rule_staircase.hpp).
#include "questions/games/rule_staircase.hpp"

namespace carve::games {

std::vector<Heaps> rule_staircase_moves(const TakeRule& r, const Heaps& a) {
  std::vector<Heaps> out;
  for (std::size_t i = 1; i < a.size(); ++i)
    for (unsigned s : r.at(a[i])) {
      Heaps n = a;
      n[i] -= s;
      n[i - 1] += s;
      r.at(n[i - 1]);  // the receiving stair must stay a position of the rule
      out.push_back(std::move(n));
    }
  return out;
}

}  // namespace carve::games
