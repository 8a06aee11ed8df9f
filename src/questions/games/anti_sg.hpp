// questions/games/anti_sg.hpp — Anti-SG (misère play: the player unable to move WINS) on sums of impartial
// games given as DAGs, and the SJ theorem's prediction.
// Invariant: misere_sum_first_wins plays the actual sum exhaustively (no SG shortcut). With
// sj_end_rule the game also ends (and the player to move wins) as soon as every component has SG 0
// — the extra hypothesis of the SJ theorem that document 003 omits.
#pragma once

#include <vector>

#include "questions/games/kernel.hpp"

namespace carve::games {

// SG value of every position of a DAG game.
std::vector<unsigned> dag_sg(const Digraph& g);
// SJ theorem: first player wins iff (some component sg > 1 and xor != 0) or
// (every component sg <= 1 and xor == 0).
bool sj_predicts_first_wins(const std::vector<unsigned>& component_sg);
// Exhaustive misère outcome of the sum of the games, each starting at its root 0.
bool misere_sum_first_wins(const std::vector<Digraph>& games, bool sj_end_rule);

}  // namespace carve::games
