// The collapse of one turn under path=walk, encoded by the edge set it removes (not by
// positions): E(P) = A ∪ E(M) ∪ B, with A and B connected sets of tree edges and M the middle of
// the walk from its first to its last virtual edge. Decoding builds a walk with exactly that
// edge set. The proof that this is exact is in walk_collapse.cpp.
// Invariant: under the turn's literals, the removal sets the clauses allow when `collapse` holds
// are exactly the sets E(P) of the legal collapse walks P ∈ ℛ(S_t, e_new) (as the reference
// semantics decides them), and the empty set when it does not; decode() returns, for a model,
// a walk from ρ_t whose edge set is the model's removal set and which the density automaton
// accepts. Applies only to the pattern V T{2,} V (read as a factor or as a subsequence).
#pragma once
#include <optional>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/scope_pairs.hpp"
#include "engines/sat/frames/virtual_slots.hpp"
#include "engines/sat/frames/turn_collapse.hpp"
#include "rules/model/density_automaton.hpp"
#include "rules/model/state.hpp"

namespace carve::encoder {

class WalkCollapse : public TurnCollapse {
 public:
  enum class Density { Factor, Subsequence };
  // Which reading of V T{2,} V the automaton accepts; nullopt for any other pattern.
  static std::optional<Density> reading_of(const model::DensityAutomaton& dfa);

  WalkCollapse(const ScopePairs& pairs, Density density, Cnf& cnf) : pairs_(pairs), density_(density), cnf_(cnf) {}

  Removal encode(const TurnLiterals& in) override;
  model::CollapsePath decode(std::size_t which, SatBackend& model) const override;

  // The decomposition's literals, for tests: a (middle start), b (middle end) per vertex.
  int middle_start_lit(std::size_t which, model::VertexId v) const { return sets_[which].a[v]; }
  int middle_end_lit(std::size_t which, model::VertexId v) const { return sets_[which].b[v]; }

 private:
  struct Sets {
    TurnLiterals in;
    std::vector<int> a, b, x, y;     // per vertex: middle start and end; the T step x -> y (subsequence)
    std::vector<int> pre, post;      // per pair: A (prefix) and B (suffix), tree pairs
    std::vector<int> mid_v, mid_v2;  // per slot: virtual edges of the middle (before / after the T step)
    std::vector<int> mid_t;          // per pair: tree edges of the middle
    int tonly = 0;                   // the walk is T steps alone (possible only without Φ_inc; 0: never)
  };
  // encode's parts (walk_collapse.cpp).
  std::vector<int> pair_vars(const Sets& s, const std::vector<int>& allowed);
  std::vector<int> slot_vars(const Sets& s);
  void unless_tonly(const Sets& s, std::vector<int> clause);
  void encode_prefix_and_suffix(Sets& s);
  void encode_factor_middle(Sets& s);
  void encode_subsequence_middle(Sets& s);
  void encode_t_steps_alone(const Sets& s);
  Removal removal(const Sets& s);

  const ScopePairs& pairs_;
  Density density_;
  Cnf& cnf_;
  std::vector<Sets> sets_;
};

}  // namespace carve::encoder
