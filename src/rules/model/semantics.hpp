// The reference semantics of one turn: construction, collapse, succession (000 §3, 001 §IV).
// This is the one executable reading of the rules; every engine's answer is replayed through it.
// Invariant: apply_turn returns the successor state exactly when the move obeys every rule of
// the game under its interpretation, and otherwise names the first rule the move breaks.
#pragma once
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "rules/model/collapse_paths.hpp"

namespace carve::model {

struct Violation {
  std::string rule;     // the document's definition number, e.g. "3.2"
  std::string message;
};

// Phase 1: is e_new a legal candidate in this state?
std::optional<Violation> check_construction(const Game& game, const State& state, const EdgeElement& e_new);
// The same rule without the explanation (for enumerating candidates).
bool construction_allowed(const Game& game, const State& state, const EdgeElement& e_new);

// Phase 2 applied: E'' = E' \ removed (removed: a bitset over the view's edges, or null when stable;
// WideEdgeSet for a view of more than EdgeSet::kCapacity edges).
State after_collapse(const Game& game, const State& state, const GraphView& view,
                     const EdgeSet* removed);
State after_collapse(const Game& game, const State& state, const GraphView& view, const WideEdgeSet* removed);

// Phase 3: `after` carries E'' and still ρ_t.
bool succession_due(const Game& game, const State& after);
bool eligible_root(const Game& game, const State& after, VertexId v);
std::vector<VertexId> eligible_roots(const Game& game, const State& after);
// Succession never lacks an eligible new root: either the trigger and eligibility read the same
// edges (the old root, which just lost them, is eligible itself), or some vertex is eligible in
// S_0 (inherent edges are only ever removed, so it stays eligible in every state).
bool succession_never_blocks(const Game& game);

// A player's collapse path resolved against the view (000 paths may name only vertices).
std::variant<ViewPath, Violation> resolve_path(const Game& game, const GraphView& view, const CollapsePath& p);

// A turn phase by phase, as apply_turn composes them (a player building a turn by hand meets each
// rule as it comes). Phase 2, for an e_new that passed phase 1: the chosen collapse path, or none
// (the claim ℛ = ∅), applied to G' -- E'' with the root still ρ_t.
std::variant<State, Violation> collapse_phase(const Game& game, const State& state, const EdgeElement& added,
                                              const std::optional<CollapsePath>& collapse, Budget& budget);
// Phase 3 on E'' (`after`, its root still that of `before`): the new root named, or none to keep ρ_t.
std::variant<State, Violation> succession_phase(const Game& game, const State& before, State after,
                                                std::optional<VertexId> new_root);

// The whole turn: phase 1, then 2, then 3; the first rule broken is the answer.
std::variant<State, Violation> apply_turn(const Game& game, const State& state, const Move& move, Budget& budget);

}  // namespace carve::model
