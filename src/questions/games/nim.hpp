// questions/games/nim.hpp — Nim: heaps of stones, a move removes a positive number of stones from one heap.
// Invariant (Bouton): sg(heaps) = xor of the heap sizes; the P-positions are exactly xor == 0.
// Misère Nim (Anti-SG for Nim): the next player wins iff (every heap <= 1 and xor == 0) or
// (some heap > 1 and xor != 0).
#pragma once

#include <vector>

namespace carve::games {

using Heaps = std::vector<unsigned>;

std::vector<Heaps> nim_moves(const Heaps& h);
unsigned nim_value(const Heaps& h);  // xor of the heaps
bool nim_first_player_wins(const Heaps& h);
bool misere_nim_first_player_wins(const Heaps& h);

}  // namespace carve::games
