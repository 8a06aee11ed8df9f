// The covering check of a split plan: the parts of `solve --split` together cover every play of
// the question, checked by carve rather than trusted from the planner.
// What it checks: every representative a part names is a first move of S_0 (the construction
// rule of the reference semantics) and is named once in the whole plan; every first move of S_0
// lies in the orbit of exactly one representative; each part's recorded orbit sizes are the
// sizes of its representatives' orbits. Orbits are recomputed here by their closed form, not by
// the planner's closure (questions/atlas/first_move_orbits.hpp): under the automorphisms of the full word
// tree that fix λ, {a, b} and {c, d} lie in one orbit exactly when the unordered pairs of depths
// and the depth of the lowest common ancestor agree (the group is transitive on each level, and
// the stabiliser of a node permutes freely the subtrees that branch off its path to λ).
// Why this covers every play: the reference semantics is invariant under these automorphisms
// (they keep types, parent and child roles, the frontier and λ, the root of S_0; docs/sat-encoding.md,
// symmetry breaking), so a play whose first e_new is m maps onto a play, winning where it wins,
// whose first e_new is the representative of m's orbit; a part that admits no play wins nothing.
// Invariant: `ok` only when every check above passed; `problems` names each one that failed.
#pragma once
#include <string>
#include <tuple>
#include <vector>

#include "questions/atlas/plan.hpp"
#include "rules/model/game.hpp"

namespace carve::atlas {

// The orbit's closed form: (smaller depth, larger depth, depth of the lowest common ancestor).
std::tuple<int, int, int> orbit_invariant(const model::Game& game, model::VertexId a, model::VertexId b);

struct Covering {
  bool ok = false;
  std::size_t first_moves = 0, orbits = 0, representatives = 0;
  std::vector<std::string> problems;
};

// The parts of one question (the plan's questions, each with its SplitPart), against `game`.
Covering check_covering(const model::Game& game, const std::vector<SplitPart>& parts);

}  // namespace carve::atlas
