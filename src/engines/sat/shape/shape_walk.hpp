// The walk collapse over a solver-chosen shape, encoded by the edge set it removes:
// E(P) = A ∪ E(M) ∪ B as in engines/sat/paths/walk_collapse.hpp (the argument that this is exact is there
// and does not depend on the tree being fixed), with the tree structure read through the
// shape's parent literals: A and B are connected sets of present tree edges (each edge's upper end
// is the set's top node or has its own parent edge in the set), the middle's tree edges join
// ends of its virtual edges, and its connectivity is reachability in at most 2v - 1 steps.
// Invariant: under the turn's literals and a fixed shape, the removal sets allowed when
// `collapse` holds are exactly the sets E(P) of the legal collapse walks, the empty set
// otherwise; decode() returns a walk from ρ_t with exactly that edge set that the density
// automaton accepts. Pattern V T{2,} V only (factor or subsequence).
#pragma once
#include <vector>

#include "engines/sat/shape/shape_collapse.hpp"

namespace carve::encoder {

class ShapeWalk {
 public:
  ShapeWalk(const ShapeTree& shape, WalkCollapse::Density density, Cnf& cnf) : shape_(shape), density_(density), cnf_(cnf) {}

  ShapeRemoval encode(const ShapeTurnLiterals& in);  // once per turn, in order
  // The walk of collapse number `which` in the current model, over abstract nodes.
  std::vector<int> decode(std::size_t which, SatBackend& model, const std::vector<int>& parent) const;

 private:
  struct Sets {
    ShapeTurnLiterals in;
    std::vector<int> a, b, x, y;            // per node: middle start and end; the T step x -> y (subsequence)
    std::vector<int> top_a, top_b;          // per node: the top node of A, of B
    std::vector<int> pre, post, mid_t;      // per node: its parent edge in A, B, the middle
    std::vector<int> mid_v, mid_v2;         // per slot: virtual edges of the middle (before / after the T step)
  };
  // Under guard: a connected set of tree edges (per node, its parent edge) with top node `top`
  // (one-hot) holding every node some `must` vector chooses (the set is empty iff they are top).
  void anchored(const std::vector<int>& set, const std::vector<int>& top, const std::vector<std::vector<int>>& musts, int guard);
  std::vector<int> touching(const Sets& s, const std::vector<int>& chosen);
  std::vector<int> tree_vars(const Sets& s);
  std::vector<int> slot_vars(const Sets& s);
  void tree_edges_touch(const Sets& s, const std::vector<int>& on);
  void encode_factor_middle(Sets& s);
  void encode_subsequence_middle(Sets& s);
  void reachable(const Sets& s, const std::vector<int>& source, const std::vector<int>& tree, const std::vector<int>& slot,
                 const std::vector<int>& must, int levels);

  const ShapeTree& shape_;
  WalkCollapse::Density density_;
  Cnf& cnf_;
  std::vector<Sets> sets_;
};

}  // namespace carve::encoder
