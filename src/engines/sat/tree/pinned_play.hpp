// A play so far pinned in document 000's encoding (carve play's certified hints): turns 1..t of a
// formula of t + K turns fixed by unit clauses -- each turn's e_new (TreeEncoding::fresh_lit),
// whether it collapses (collapse_lit), which edge of G' it removes and which it keeps
// (removed_lit), and the root after it (root_lit) -- and victory asked only at frames t+1..t+K.
// Why that is exact. The encoding's frame t+1 is a function of frame t, e_new's pair, the removal
// of each pair of G' and the root chosen (tree_encoding.hpp's invariant: its models are the legal
// plays); pinning all of them for turns 1..t leaves exactly the models whose first t turns are the
// play's, which reaches S_t (the states apply_turn gave, checked before pinning). Nothing else is
// added: the pins are implied by "the play starts with these moves", so a refutation of the
// formula proves "no legal continuation of this play wins within K more turns".
// Invariant: pin() never pins a move the reference semantics did not accept from that state (it
// replays the play first; a refused or mismatched turn is std::logic_error).
#pragma once
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/tree/tree_encoding.hpp"
#include "rules/model/semantics.hpp"

namespace carve::encoder {

struct PinnedPlay {
  std::vector<model::Move> moves;    // turns 1..t
  std::vector<model::State> states;  // S_0 .. S_t, as apply_turn gave them
  int turns() const { return static_cast<int>(moves.size()); }
  bool empty() const { return moves.empty(); }
};

// The play replayed through apply_turn (std::logic_error when a turn is refused).
PinnedPlay pinned_play(const model::Game& game, const std::vector<model::Move>& moves);

// Unit clauses fixing turn `turn` (0-based, < play.turns()) of `enc` to the play's move; the turn
// must be built. Clauses go through `cnf`, which must be `enc`'s.
void pin_turn(TreeEncoding& enc, Cnf& cnf, const model::Game& game, const PinnedPlay& play, int turn);

// "Some frame from + 1 .. to is won": the certified question of a hint from S_from.
void require_some_frame_won_after(Cnf& cnf, TreeEncoding& enc, int from, int to);

}  // namespace carve::encoder
