// What the two collapse encodings over a solver-chosen shape (shape_walk, shape_split) read and
// return: the turn's literals, with tree edges kept per node (the edge from a node to its parent,
// node 0 = λ having none), and the removal set in the same terms.
// Invariant: te[0] == 0; te[j] for j >= 1 is "the edge between j and its parent is in E_t";
// exactly one slot of `slots` is e_new whenever `collapse` holds.
#pragma once
#include <vector>

#include "engines/sat/shape/shape_tree.hpp"
#include "engines/sat/paths/walk_collapse.hpp"

namespace carve::encoder {

struct ShapeTurnLiterals {
  std::vector<int> root;          // per node: ρ_t
  std::vector<int> te;            // per node: its parent edge is in E_t (0 for node 0)
  std::vector<SlotInTurn> slots;  // the virtual edges G' may hold; exactly one is e_new
  int collapse = 0;               // the player collapses (else nothing is removed)
  int virtual_bound = 1;          // G' holds at most this many virtual edges
};

struct ShapeRemoval {
  std::vector<int> tree;  // per node: its parent edge is removed (0 for node 0)
  std::vector<int> slot;  // per slot of ShapeTurnLiterals
};

// The tree path between the nodes chosen by x and y (one-hot when guard holds): set[j] <->
// guard ∧ (the edge of j lies on it), and every such edge must be present (te). Read through the
// parent literals only (no ancestor relation): see shape_collapse.cpp.
std::vector<int> shape_tree_path(Cnf& cnf, const ShapeTree& shape, int guard, const std::vector<int>& x,
                                 const std::vector<int>& y, const std::vector<int>& te);

// A shortest path from `from` to `to` over the given edges (node pairs) of a decoded model;
// throws std::logic_error when there is none.
std::vector<int> shape_path_within(const std::vector<std::pair<int, int>>& edges, int from, int to);

}  // namespace carve::encoder
