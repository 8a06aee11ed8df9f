// One turn's collapse as clauses over the turn's literals: what a collapse encoding reads
// (TurnLiterals), what it gives back (Removal), and the interface the 000 collapse encodings
// share -- by edge sets under path=walk: WalkCollapse (the documents' pattern V T{2,} V, by the
// shape of its walks) and PhaseWalk (any pattern whose automaton read from the root has no
// cycle but self-loops); by positions: PositionalPath (every path kind and pattern, with a
// length bound proved sufficient).
// Invariant: under the turn's literals, the removal sets an encoding's clauses allow when
// `collapse` holds are exactly the sets E(P) of the legal collapse paths P ∈ ℛ(S_t, e_new) (as
// the reference semantics decides them; PositionalPath: of at most its length bound, which is
// every legal path unless an override cuts it), and the empty set when it does not; decode()
// returns, for a model, a path from its start (ρ_t under Φ_root) whose edge set is the model's
// removal set and whose types, read from the start, DensityAutomaton::from_root() accepts
// (model::orient turns it the way the rules read it). Φ_root is the start row, Φ_inc the switch
// `inc` (TurnLiterals): an encoding honours both as rule_switch.hpp says.
#pragma once
#include <cstddef>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/rule_switch.hpp"
#include "engines/sat/frames/virtual_slots.hpp"
#include "rules/model/state.hpp"

namespace carve::encoder {

// A virtual edge of G' as the collapse sees it: its slot, whether it is in G' (present, or
// e_new), and whether it is e_new.
struct SlotInTurn {
  VirtualSlot slot;
  int present = 0;
  int is_new = 0;
};

// The literals of one turn that a collapse encoding reads (0: the pair can never carry it).
struct TurnLiterals {
  std::vector<int> root;          // per vertex: ρ_t
  // Per vertex: where the path starts -- ρ_t itself (the same literals) while Φ_root holds
  // fixed, else a row with exactly one true literal when `collapse` holds (rule_switch.hpp: any
  // vertex when Φ_root is off; ρ_t again while its selector holds).
  std::vector<int> start;
  std::vector<int> tree;          // per pair: its tree edge is in E_t
  std::vector<SlotInTurn> slots;  // the virtual edges G' may hold; exactly one is e_new
  int collapse = 0;               // the player collapses (else the removal set is empty)
  int virtual_bound = 1;          // G' holds at most this many virtual edges
  RuleSwitch inc;                 // Φ_inc: the path uses e_new (off: any path of at least one step)
};

// `in` with its start row filled: ρ_t's own literals when the caller gave none (Φ_root fixed on,
// as every caller but TreeEncoding under carve explain's relaxations).
inline TurnLiterals with_start(TurnLiterals in) {
  if (in.start.empty()) in.start = in.root;
  return in;
}

// What a collapse removes: per tree pair (0 off the tree) and per slot of TurnLiterals.
struct Removal {
  std::vector<int> tree;
  std::vector<int> slot;
};

class TurnCollapse {
 public:
  virtual ~TurnCollapse() = default;
  // Adds the clauses of one collapse (call once per turn, in order); returns what it removes
  // (the constant false literal where nothing can be removed).
  virtual Removal encode(const TurnLiterals& in) = 0;
  // The path of collapse number `which` in the current model (requires its collapse literal true).
  virtual model::CollapsePath decode(std::size_t which, SatBackend& model) const = 0;
};

}  // namespace carve::encoder
