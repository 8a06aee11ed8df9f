// questions/games/cutcake.hpp — Cutcake, document 004's chocolate game. A piece A×B: Left (小直, vertical
// cuts) splits B into b1 + b2, Right (小橫) splits A into a1 + a2; SR(1×N) = N-1, SR(N×1) = 1-N.
// Invariant: all values are integers; the recurrence SR(A×B) = {max_b SR(A×b)+SR(A×(B-b)) |
// min_a SR(a×B)+SR((A-a)×B)} (the document's O(n^3) method) agrees with the exhaustive game-tree
// evaluation of sums of pieces and with the closed form
//   A <= B: SR = floor(B / 2^floor(log2 A)) - 1;  A > B: SR = -(floor(A / 2^floor(log2 B)) - 1).
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "questions/games/dyadic.hpp"

namespace carve::games {

using CutcakeTable = std::vector<std::vector<int>>;  // t[A][B], 1-based, row/col 0 unused

CutcakeTable cutcake_table_recurrence(int max_a, int max_b);  // O(n^3), document 004
int cutcake_closed_form(int a, int b);                         // O(1)
CutcakeTable cutcake_table_fast(int max_a, int max_b);         // O(n^2) via the closed form

// Exhaustive game-tree value of a sum of pieces (A, B), using only the simplest-number rule.
class CutcakeExhaustive {
 public:
  Dyadic value(std::vector<std::pair<int, int>> pieces);
  std::size_t memo_size() const { return memo_.size(); }

 private:
  std::map<std::vector<std::pair<int, int>>, Dyadic> memo_;
};

}  // namespace carve::games
