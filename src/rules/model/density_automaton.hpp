// Φ_dense compiled to a deterministic automaton over edge types {T, V}.
// Invariant: a type sequence is accepted (never reaches the dead state) exactly when it does not
// contain the forbidden pattern -- as a contiguous factor or as a scattered subsequence,
// depending on how the automaton was compiled. The accepted language is closed under factors
// (so under prefixes: once dead, always dead). from_root() reads a path from its root end: it
// accepts w when w or its reverse avoids the pattern (a path may end at the root, and then its
// own type sequence is the reverse of the one read from the root); for a pattern whose language
// is closed under reversal (every palindrome, the documents' V T{2,} V among them) it is the
// automaton itself, state for state.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace carve::model {

enum class EdgeType : std::uint8_t { T = 0, V = 1 };

struct PatternItem {  // one element of a forbidden pattern: a type repeated min..max times (max < 0: unbounded)
  EdgeType type;
  int min = 1;
  int max = 1;
};

class DensityAutomaton {
 public:
  static constexpr int kDead = -1;
  DensityAutomaton() = default;
  static DensityAutomaton avoid(const std::vector<PatternItem>& pattern, bool scattered);
  // Every type sequence accepted: Φ_dense switched off (one state, looping on T and V).
  static DensityAutomaton any();

  int start() const { return 0; }
  int step(int state, EdgeType t) const {
    return state == kDead ? kDead : next_[static_cast<std::size_t>(state)][static_cast<std::size_t>(t)];
  }
  int states() const { return static_cast<int>(next_.size()); }
  bool accepts(const std::vector<EdgeType>& word) const;
  // Whether both automata accept the same words (a product walk over their states).
  bool same_language(const DensityAutomaton& other) const;
  // The automaton of type sequences read from a path's root end (see above).
  const DensityAutomaton& from_root() const { return rooted_ ? *rooted_ : *this; }
  // Whether every cycle of the minimal automaton's live states is a self-loop: a run then visits
  // each state once, staying a while on the letters that loop there (engines/sat/paths/phase_walk.hpp).
  bool partially_ordered() const;
  // The same language with the fewest states (start 0, states numbered breadth-first).
  DensityAutomaton minimal() const;
  // The words w for which this automaton accepts some w' obtained from w by repeating, after any
  // letter τ, the pair ττ any number of times (a walk bouncing back and forth on the edge it has
  // just walked: same edge set). Minimal.
  DensityAutomaton bounce_closure() const;
  // Bounce counts for a word of bounce_closure(): per letter, how many ττ to insert after it so
  // that this automaton accepts the result; nullopt when the closure rejects the word.
  std::optional<std::vector<int>> bounces(const std::vector<EdgeType>& word) const;

 private:
  static DensityAutomaton compile(const std::vector<PatternItem>& pattern, bool scattered);
  // The words accepted by this automaton or by `other` (minimal, start 0, states in BFS order).
  DensityAutomaton either(const DensityAutomaton& other) const;
  // The automaton whose states are the keys `start` reaches by `step(key, type)` (an empty
  // optional: the dead state), numbered in breadth-first order, T before V (start is 0).
  template <class Key, class Step>
  static DensityAutomaton explore(const Key& start, Step step);

  std::vector<std::array<int, 2>> next_;
  std::shared_ptr<const DensityAutomaton> rooted_;  // null: from_root() is *this
};

// The edge types of a path in words: "V T T V".
std::string type_word(const std::vector<EdgeType>& types);

// Which reading of the documents' own pattern V T{2,} V an automaton decides: engines whose
// shortcuts rest on that pattern's shape (walk_collapse, goal_finish) apply only then.
enum class DocumentsDensity { Factor, Subsequence };
std::optional<DocumentsDensity> documents_density(const DensityAutomaton& dfa);

}  // namespace carve::model
