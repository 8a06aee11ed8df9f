// What the SAT search loop (sat_search.cpp) drives: one game's bounded play as CNF, frame by
// frame, for either carving game (000: tree_encoding, 001: hypergraph_encoding).
// Invariant: every implementation keeps the contract stated in tree_encoding.hpp -- the models
// of the turn clauses are the legal plays inside the scope, except that "stability only when
// ℛ = ∅" may be enforced lazily through add_stability_lemma with lemmas implied by the rules;
// exact() is true only if every collapse path the rules allow is encoded.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "rules/model/collapse_paths.hpp"
#include "rules/model/state.hpp"

namespace carve::encoder {

class FrameEncoding {
 public:
  virtual ~FrameEncoding() = default;
  virtual int turns() const = 0;
  virtual void add_turn() = 0;              // frame t -> t+1 for t = turns()
  virtual int victory(int frame) = 0;       // a literal that, assumed, demands a target component at the frame
  virtual int path_length(int turn) const = 0;
  virtual bool walk_sets() const = 0;
  virtual bool exact() const = 0;
  virtual std::vector<model::Move> decode(int turns) = 0;
  // "In a state with root path.vertices[0] in which this path's edges are present with the same
  // types and e_new is the path's new edge, the move is not stable" -- for every turn. `root`: the
  // root of the state the path was found in (a path that touches it starts there; one that does
  // not, legal only without Φ_root, needs no premise on the root).
  virtual void add_stability_lemma(const model::Game& game, const model::GraphView& view, const model::ViewPath& path,
                                   model::VertexId root) = 0;
  virtual std::size_t lemmas() const = 0;
  // Clauses that break symmetries (not implied by the rules; none in an encoding without them).
  virtual std::size_t symmetry_clauses() const { return 0; }
  // Empty when every legal play of fewer than `turns` turns inside the scope extends by legal
  // moves to `turns` turns (some e_new is always constructible and succession never blocks);
  // otherwise why that may fail. A formula that builds all `turns` turns and asks for a win at
  // *some* frame (certificates, carve export) misses a shorter win that cannot extend, so its
  // UNSAT proves the no-win only when this is empty.
  virtual std::string extension_gap(int turns) const = 0;

  // Where extension_gap(k) is not empty, makes a folded formula independent of it: from now
  // on turn t's clauses (its lemmas included) are built under the guard done_t, a literal with
  // done_t -> "some frame first..t is won" (frame_encoding.cpp gives the argument). Call before
  // the first add_turn, on a formula that will ask for victory at frames first..k (first = 1
  // under start-win=no, else 0). Returns whether it guards.
  bool cover_shorter_wins(const model::Game& game, int k);
  bool guarded() const { return guard_from_ >= 0; }

 protected:
  // The guard of turn t (0 when turns are unguarded); the first call for t makes it, asking
  // victory() of frames first..t, so it must come before turn t's clauses and under no guard.
  int turn_guard(Cnf& cnf, int t);

 private:
  int guard_from_ = -1;       // the first frame a guard reads; -1: turns are unguarded
  std::vector<int> guards_;   // per turn: done_t
};

// The shared half of extension_gap: with `candidates` choices of e_new that no state can make
// illegal except through duplicate=forbid (at most turns - 1 virtual edges are present before the
// last turn), every shorter play extends when there is one candidate (`turns` under forbid) and
// succession never blocks (model::succession_never_blocks). `what` names the candidates.
std::string extension_gap_of(const model::Game& game, int turns, std::size_t candidates, const char* what);

}  // namespace carve::encoder
