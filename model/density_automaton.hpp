// Φ_dense compiled to a deterministic automaton over edge types {T, V}.
// Invariant: a type sequence is accepted (never reaches the dead state) exactly when it does not
// contain the forbidden pattern — as a contiguous factor or as a scattered subsequence,
// depending on how the automaton was compiled.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
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

  int start() const { return 0; }
  int step(int state, EdgeType t) const {
    return state == kDead ? kDead : next_[static_cast<std::size_t>(state)][static_cast<std::size_t>(t)];
  }
  int states() const { return static_cast<int>(next_.size()); }
  bool accepts(const std::vector<EdgeType>& word) const;
  // Whether both automata accept the same words (a product walk over their states).
  bool same_language(const DensityAutomaton& other) const;

 private:
  std::vector<std::array<int, 2>> next_;
};

// Which reading of the documents' own pattern V T{2,} V an automaton decides: engines whose
// shortcuts rest on that pattern's shape (walk_collapse, goal_finish) apply only then.
enum class DocumentsDensity { Factor, Subsequence };
std::optional<DocumentsDensity> documents_density(const DensityAutomaton& dfa);

}  // namespace carve::model
