// questions/games/nim_k.hpp — Nim-k (Moore's Nim): a move removes a positive number of stones from each of
// between 1 and k heaps (amounts may differ).
// Invariant: the P-positions are exactly the "good condition" positions: for every binary digit,
// the number of heaps with a 1 in that digit is divisible by k + 1.
#pragma once

#include "questions/games/nim.hpp"

namespace carve::games {

std::vector<Heaps> nim_k_moves(const Heaps& h, int k);
bool nim_k_good_condition(const Heaps& h, int k);

}  // namespace carve::games
