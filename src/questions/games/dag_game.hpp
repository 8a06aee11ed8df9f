// questions/games/dag_game.hpp — impartial games given as DAGs (root 0): sums played exhaustively and
// games restarted at another vertex.
// Invariant: sum_sg never uses the xor rule — it plays the product game (a move changes one
// component) with the generic SgEvaluator — so it can check "SG of a sum = xor of the SGs".
#pragma once

#include <vector>

#include "questions/games/kernel.hpp"

namespace carve::games {

// The moves of a sum at position p (p[i] = the current vertex of component i): one component moves.
std::vector<std::vector<int>> sum_moves(const std::vector<Digraph>& games, const std::vector<int>& p);
// SG value of the sum of the games, each starting at its vertex 0, by exhaustive play.
unsigned sum_sg(const std::vector<Digraph>& games);
// The game started at v: the vertices reachable from v, relabelled so that v = 0 (BFS order).
Digraph reroot(const Digraph& g, int v);

}  // namespace carve::games
