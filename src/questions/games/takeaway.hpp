// questions/games/takeaway.hpp — take-away games: a heap of m stones from which a rule allows taking any
// amount s in T(m) ⊆ {1..m}. Every finite impartial game whose positions are heap sizes and
// whose moves lower them is such a rule, so "all rules up to N stones" is the general bounded
// class document 003's staircase sentence ("每级阶梯上有一个单个游戏") quantifies over: a stair
// holds one such game, and the amount taken is "what the move loses".
// Invariant: takes[m] is sorted, duplicate-free and within 1..m for every m <= max_heap(); a heap
// beyond max_heap() has no defined moves and is rejected (std::invalid_argument), never guessed.
#pragma once

#include <vector>

#include "questions/games/nim.hpp"

namespace carve::games {

struct TakeRule {
  std::vector<std::vector<unsigned>> takes;  // takes[m]: the amounts a heap of m may lose; takes[0] empty
  unsigned max_heap() const { return takes.empty() ? 0 : static_cast<unsigned>(takes.size() - 1); }
  std::size_t moves() const;                 // the number of (m, s) pairs: the family's size order
  // The amounts a heap of m may lose (throws std::invalid_argument beyond max_heap()).
  const std::vector<unsigned>& at(unsigned m) const;
  bool operator==(const TakeRule&) const = default;
  auto operator<=>(const TakeRule&) const = default;
};

// Every rule on heaps of at most max_heap stones, by number of moves, then lexicographically.
std::vector<TakeRule> take_rules(int max_heap);
// The rule of subtraction set S restricted to heaps of at most max_heap stones.
TakeRule subtraction_rule(const std::vector<unsigned>& set, unsigned max_heap);
// The rule depends only on the amount: s allowed somewhere implies s allowed at every heap >= s.
bool is_subtraction_rule(const TakeRule& r);
// Moves of a sum of heaps under one rule (one heap loses an allowed amount).
std::vector<Heaps> take_moves(const TakeRule& r, const Heaps& h);

}  // namespace carve::games
