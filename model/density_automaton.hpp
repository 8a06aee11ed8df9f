// Φ_dense compiled to a deterministic automaton over edge types {T, V}.
// Invariant: a type sequence is accepted (never reaches the dead state) exactly when it does not
// contain the forbidden pattern — as a contiguous factor or as a scattered subsequence,
// depending on how the automaton was compiled.
#pragma once
#include <array>
#include <cstdint>
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

 private:
  std::vector<std::array<int, 2>> next_;
};

}  // namespace carve::model
