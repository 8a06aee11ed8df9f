// The collapse of one turn by positions: the path's vertex at each step, its edge types run
// through the density automaton read from the root, the path kind's rule over positions -- for
// every path kind and every pattern, within a length bound (PositionalPath::bound, proved
// sufficient in positional_path.cpp). Under the documents' pattern the kinds trail, simple and
// simple-or-cycle split: tree-path prefix and suffix around a short positional middle.
// Invariant: TurnCollapse's (engines/sat/frames/turn_collapse.hpp), over the paths of at most L steps, L
// the bound or a smaller override; with the bound that is every legal path.
#pragma once
#include <vector>

#include "engines/sat/frames/scope_pairs.hpp"
#include "engines/sat/frames/turn_collapse.hpp"
#include "rules/model/density_automaton.hpp"
#include "rules/model/game.hpp"

namespace carve::encoder {

class PositionalPath : public TurnCollapse {
 public:
  // dfa: Φ_dense read from the root; split: the documents' pattern under trail/simple kinds;
  // length > 0 overrides the bound.
  PositionalPath(const model::Game& game, const ScopePairs& pairs, model::DensityAutomaton dfa, bool split, Cnf& cnf,
                 int length = 0);
  // The steps a legal path may need when G' holds at most `virtual_edges` virtual edges (turn t:
  // t + 1) -- split: the middle's. Every legal path has that many or fewer, up to a path with
  // the same edge set (walks).
  static int bound(const model::Game& game, const model::DensityAutomaton& dfa, bool split, int virtual_edges);

  Removal encode(const TurnLiterals& in) override;
  model::CollapsePath decode(std::size_t which, SatBackend& model) const override;

  // Literals for tests: the path of collapse `which` is at vertex v after i steps; has stopped.
  int position_lit(std::size_t which, int i, model::VertexId v) const { return paths_[which].pos[static_cast<std::size_t>(i)][v]; }
  int stopped_lit(std::size_t which, int i) const { return paths_[which].stopped[static_cast<std::size_t>(i)]; }

 private:
  struct Path {
    TurnLiterals in;
    std::vector<std::vector<int>> pos;  // [position][vertex]; a missing vertex means "stopped"
    std::vector<int> stopped;           // per position
    // Split: pos[0] is the middle's start a; the prefix ρ..a and the suffix b..z are tree paths
    // (per pair), b is the middle's end, z the path's end.
    std::vector<int> b, z, pre, suf;
  };
  // The steps' literals: per tree pair and per slot, its step literals in order (split: the
  // prefix and suffix pairs after them); per step, whether it is a V step.
  struct Steps {
    std::vector<std::vector<int>> tree, slot;
    std::vector<int> is_virtual;
  };
  void open_split(Path& c);
  void encode_positions(Path& c, int L);
  Steps encode_steps(const Path& c, int L);
  void close_split_middle(const Path& c, int L, Steps& steps);
  Removal removal(const Steps& steps);
  void kind_rule(Path& c, int L);
  model::CollapsePath decode_split(const Path& c, SatBackend& m) const;
  std::vector<model::VertexId> shortened(const Path& c, SatBackend& m, const std::vector<model::VertexId>& walk) const;

  const model::Game& game_;
  const ScopePairs& pairs_;
  model::DensityAutomaton dfa_;
  bool split_;
  Cnf& cnf_;
  int length_;
  std::vector<Path> paths_;
};

}  // namespace carve::encoder
