// The last turn of a play decided goal-first: the placements of the target (engines/explicit/
// placements.hpp) say which edges must go and which must stay, so a turn wins exactly when its
// removal covers one placement's required edges and misses its kept ones. Under path=walk the
// removals are not even listed (a single turn of the literal reading has ~10^5 of them at depth
// 3, ~10^10 at depth 4); under the other path kinds they are listed and tested against the
// placements by bit masks instead of a component computation and a nauty call each.
//
// Walks:
// Why this is exact. Under walks a legal collapse path is a T-only prefix from the root, a
// middle from the first to the last V edge, and a T-only suffix. The density pattern starts and
// ends with V, so the prefix and the suffix never change the automaton's verdict, and a walk
// may wander and come back: the prefix can remove any connected set of tree edges containing
// the root and the middle's start, the suffix any connected set containing the middle's end.
// For the last turn only the winning component C = (W, F) matters: every edge at W other than
// F must go, F must stay, and removing anything else is harmless. So some move wins with C iff
// some middle M (containing e_new, avoiding F) covers the required edges together with the
// *whole* tree component of the root and of M's end in E_t \ F. A middle is searched over
// (vertex, automaton state, required edges covered), which is finite and small.
// Succession after the largest removal is always possible (λ has no parent edge; in 001 the
// root itself has Gen(ρ) = ∅ once it is due).
// Any other density pattern: no prefix or suffix is free, so the search runs over whole walks
// from the root, (vertex, automaton state read from the root, required edges covered, e_new
// used), avoiding the kept edges: a walk reaching full coverage with e_new used is a winning
// collapse, and every winning collapse is such a walk. Still finite and small.
// Invariant: every win returned is a move apply_turn accepts (checked here; a mismatch throws
// std::logic_error, an internal error, never a win), and a false answer means no move wins.
#pragma once
#include <optional>
#include <vector>

#include "rules/model/semantics.hpp"
#include "rules/model/target.hpp"

namespace carve::search {

// nullopt when the shortcut does not apply (too many required edges for the walk search, or no
// eligible new root after the largest removal); the caller then lists removals the ordinary way.
std::optional<bool> goal_directed_final_turn_win(const model::Game& game, const model::State& state,
                                        const model::Target& target, model::Budget& budget, model::Move& move,
                                        std::vector<model::VertexId>& component);

}  // namespace carve::search
