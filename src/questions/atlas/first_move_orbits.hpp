// The first moves of document 000's S_0 -- every e_new the construction rule allows in the
// initial state -- and their orbits under the word tree's automorphisms that fix λ (every
// permutation of each node's children, subtrees carried along). `solve --split` cuts a question
// into parts by these orbits (questions/atlas/split_plan.hpp).
// Invariant: the orbits partition first_moves(game); each is closed under every letter swap at
// every inner node (the generators of the group: Symmetry.AdjacentChildSwapsGenerateEvery...),
// listed smallest pair first, and the orbits are ordered by their first pair. This is the
// planner's computation; the covering check (questions/atlas/split_covering.hpp) recomputes the orbits by
// another route and does not trust these.
#pragma once
#include <optional>
#include <utility>
#include <vector>

#include "rules/model/game.hpp"
#include "rules/model/refusal.hpp"

namespace carve::atlas {

using FirstMove = std::pair<model::VertexId, model::VertexId>;  // e_new = {first, second}, first <= second

// Why `solve --split` does not cut this game (document 001's tuples, a root other than λ), if so.
std::optional<model::Refusal> split_refusal(const model::Game& game);

// Every e_new that model::construction_allowed accepts in S_0, in pair order.
std::vector<FirstMove> first_moves(const model::Game& game);

// The orbits of first_moves(game) under the group, by closure under letter swaps.
std::vector<std::vector<FirstMove>> first_move_orbits(const model::Game& game);

// The vertex's word ("" for λ).
std::string vertex_word(const model::Game& game, model::VertexId v);
// "u v": a first move by its vertices' names, as plans and records write it.
std::string first_move_text(const model::Game& game, const FirstMove& m);

}  // namespace carve::atlas
