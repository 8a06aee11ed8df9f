// questions/games/rule_staircase.hpp — document 003's staircase in general: "有若干级阶梯, 每级阶梯上有一个
// 单个游戏; 每次可以对一个阶梯操作并将操作中失去的东西丢到下一级阶梯上". Stair i (0 = the ground)
// holds a heap of a_i stones played under one take-away rule; a move takes an allowed amount s
// from a stair i >= 1 and drops those s stones onto stair i - 1. With the rule "take any amount"
// this is staircase Nim (questions/games/staircase_nim.hpp).
// Invariant: moves are generated from the rule alone — no SG value is consulted — so the whole
// position can be played exhaustively against the document's "xor of the odd stairs" conclusion.
#pragma once

#include "questions/games/takeaway.hpp"

namespace carve::games {

// Moves of stairs a[0..n] under rule r (throws std::invalid_argument when a stair would exceed the
// rule's range: keep the total number of stones within r.max_heap()).
std::vector<Heaps> rule_staircase_moves(const TakeRule& r, const Heaps& a);

}  // namespace carve::games
