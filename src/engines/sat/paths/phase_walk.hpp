// The collapse of one turn under path=walk for a density automaton whose only cycles are
// self-loops (DensityAutomaton::partially_ordered(): every subsequence reading, and factor
// readings such as T V), encoded by the edge set it removes: one phase per automaton state the
// walk passes through, each phase a connected set of the edge types that loop at that state,
// phases joined by single steps along the automaton's other transitions. The proof that this is
// exact is in phase_walk.cpp; the invariant is TurnCollapse's (engines/sat/frames/turn_collapse.hpp).
#pragma once
#include <array>
#include <vector>

#include "engines/sat/frames/scope_pairs.hpp"
#include "engines/sat/frames/turn_collapse.hpp"
#include "rules/model/density_automaton.hpp"

namespace carve::encoder {

class PhaseWalk : public TurnCollapse {
 public:
  // `dfa`: the automaton read from the root (from_root()), minimal and partially ordered.
  PhaseWalk(const ScopePairs& pairs, model::DensityAutomaton dfa, Cnf& cnf);

  Removal encode(const TurnLiterals& in) override;
  model::CollapsePath decode(std::size_t which, SatBackend& model) const override;

 private:
  struct Phase {
    int visited = 0;                // the walk passes through this state
    std::vector<int> x, y;          // per vertex: where the phase starts and ends
    std::vector<int> tree, slot;    // per pair / per slot: the phase's edges (0: type does not loop here)
    std::array<int, 2> leave{};     // per type (T, V): the walk leaves along a step of it (0: no such transition)
    std::array<std::vector<int>, 2> step;  // per type: per pair (T) / per slot (V), the step's edge
  };
  struct Collapse {
    TurnLiterals in;
    std::vector<Phase> phases;      // per automaton state
  };
  Phase open_phase(const TurnLiterals& in, int q);
  void connect_phase(const TurnLiterals& in, int q, Phase& ph);
  void leave_phase(const TurnLiterals& in, Phase& ph, model::EdgeType type, const Phase& to);
  std::vector<int> chosen_pairs(const Collapse& c, const Phase& ph, SatBackend& m) const;

  const ScopePairs& pairs_;
  model::DensityAutomaton dfa_;
  Cnf& cnf_;
  std::vector<Collapse> collapses_;
};

}  // namespace carve::encoder
