// Which collapse encoding (engines/sat/frames/turn_collapse.hpp) a 000 rules record gets, and the density
// automaton it reads. path=walk: WalkCollapse under the documents' pattern V T{2,} V; PhaseWalk
// where the automaton read from the root has no cycle but self-loops, or else where its bounce
// closure has none (DensityAutomaton::bounce_closure: a walk may bounce on the edge it has just
// walked, so the closure's walks have the same edge sets); PositionalPath otherwise. Trail,
// simple and simple-or-cycle: PositionalPath, split under the documents' pattern. A path-length
// override always selects PositionalPath, with that length.
// Invariant: without an override the route is exact for the rules (each route's file proves
// it); `dfa` is Φ_dense read from the root (DensityAutomaton::from_root(), minimal) -- for the
// documents' pattern its own automaton, so their formulas do not change.
#pragma once
#include <memory>

#include "engines/sat/paths/positional_path.hpp"
#include "engines/sat/frames/scope_pairs.hpp"
#include "engines/sat/frames/turn_collapse.hpp"
#include "rules/model/game.hpp"

namespace carve::encoder {

// The route without a path-length override, by name.
enum class Route { Shape, Phases, BouncePhases, Positions };
Route route_of(const model::Rules& rules);
// Φ_dense as the routes read it: from the root, minimal (the documents' own automaton for theirs).
model::DensityAutomaton rooted_density(const model::Rules& rules);

struct CollapseRoute {
  model::DensityAutomaton dfa;
  bool split = false;
  bool bounces = false;                  // the encoding reads dfa's bounce closure
  std::unique_ptr<TurnCollapse> collapse;
  PositionalPath* positional = nullptr;  // `collapse`, when the route is positional
};

// `fixed_root_and_inc`: Φ_root and Φ_inc hold in every model (no relaxation, no selector); the
// split of the positional route needs them.
CollapseRoute collapse_route(const model::Game& game, const ScopePairs& pairs, Cnf& cnf, int path_length = 0,
                             bool fixed_root_and_inc = true);

// A decoded collapse (a path from the root; `types` its steps' types) made the path the rules
// read: bounces inserted where the route reads the bounce closure, then oriented (model::orient).
void legalize(const CollapseRoute& route, const model::Rules& rules, std::vector<model::EdgeType> types,
              model::CollapsePath& path);

}  // namespace carve::encoder
