// questions/games/staircase_nim.hpp — staircase Nim as document 002 states it: positions 0..n with a_i
// stones; a move takes 1..a_i stones from a position i >= 1 down to position i-1.
// Invariant: the game equals Nim on the odd positions, so the first player wins iff
// xor_{i odd} a_i != 0 (position 0 never moves).
#pragma once

#include "questions/games/nim.hpp"

namespace carve::games {

std::vector<Heaps> staircase_moves(const Heaps& a);  // a[0..n]
unsigned staircase_odd_xor(const Heaps& a);          // xor of a_i over odd i
bool staircase_first_player_wins(const Heaps& a);    // the theorem's prediction

}  // namespace carve::games
