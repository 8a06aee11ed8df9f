// The collapse of the path kinds trail, simple and simple-or-cycle over a solver-chosen shape,
// split as in tree_encoding.cpp ("Trail and simple kinds split"): the tree path ρ..a, a middle
// a..b of at most 2t + 1 positions (factor) or t + 2 (subsequence) from the first to the last
// virtual step, and the tree path b..z. The argument that the split is exact is in
// tree_encoding.cpp and does not depend on the tree being fixed; here tree paths and tree steps
// are read through the shape's parent literals (engines/sat/shape/shape_collapse.hpp).
// Invariant: under the turn's literals and a fixed shape, the removal sets allowed when
// `collapse` holds are exactly the sets E(P) of the legal collapse paths of the kind, the empty
// set otherwise; decode() returns such a path from ρ_t over abstract nodes.
#pragma once
#include <vector>

#include "engines/sat/shape/shape_collapse.hpp"
#include "rules/model/game.hpp"

namespace carve::encoder {

class ShapeSplit {
 public:
  ShapeSplit(const ShapeTree& shape, const model::Game& game, WalkCollapse::Density density, Cnf& cnf)
      : shape_(shape), game_(game), density_(density), cnf_(cnf) {}

  // Positions of the middle at turn t (0-based): it uses each edge once, at most t + 1 virtual
  // ones, with at most one tree step between two of them (factor) or one in all (subsequence).
  int middle_length(int turn) const { return density_ == WalkCollapse::Density::Factor ? 2 * turn + 1 : turn + 2; }
  ShapeRemoval encode(const ShapeTurnLiterals& in, int turn);
  std::vector<int> decode(std::size_t which, SatBackend& model, const std::vector<int>& parent) const;

 private:
  struct Sets {
    ShapeTurnLiterals in;
    std::vector<std::vector<int>> pos;    // [position][node]; position 0 is a
    std::vector<int> stopped;             // per position
    std::vector<int> b, z, pre, suf;      // middle end, path end; per node: parent edge on ρ..a, on b..z
  };
  // The steps of position i -> i + 1 (tree steps per node, slot steps per slot) and the automaton.
  void encode_steps(Sets& s, std::vector<std::vector<int>>& tree_steps, std::vector<std::vector<int>>& slot_steps,
                    std::vector<int>& is_virtual);
  void encode_vertex_rule(const Sets& s);

  const ShapeTree& shape_;
  const model::Game& game_;
  WalkCollapse::Density density_;
  Cnf& cnf_;
  std::vector<Sets> sets_;
};

}  // namespace carve::encoder
