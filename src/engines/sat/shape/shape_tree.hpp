// The shape chosen by the solver (docs/infinite-tree.md, Lemma 5): at most m abstract nodes, the
// active ones 0 .. r-1 (node 0 being λ), each later node with a parent among the earlier ones, at
// most two children each, and the parents' numbers non-decreasing along the numbering (every shape
// can be numbered so: level by level, within a level in the order of the parents, so the active
// nodes of a numbered shape are a prefix). A node with fewer than two active children is on the
// frontier: its missing child's subtree is untouched for ever. Inactive nodes are no part of the
// shape; each hangs below the previous node (a choice that keeps the orderings).
// Invariant: in every model, parent(j, i) is true for exactly one i < j (j >= 1), the numbering
// obeys the two orderings, the active nodes are a prefix holding node 0, frontier(v) holds exactly
// when v has fewer than two active children, and has_child(v) when it has one; words() writes the
// active part as a shape (children take the letters 0 and 1 in the order of their numbers).
#pragma once
#include <string>
#include <vector>

#include "engines/solvers/cnf.hpp"

namespace carve::encoder {

class ShapeTree {
 public:
  ShapeTree(Cnf& cnf, std::size_t nodes);

  std::size_t nodes() const { return m_; }
  // par(child) = p (0 when p >= child: impossible).
  int parent(std::size_t child, std::size_t p) const { return p < child ? par_[child][p] : 0; }
  int frontier(std::size_t v) const { return frontier_[v]; }
  int active(std::size_t v) const { return active_[v]; }
  int has_child(std::size_t v) const { return has_child_[v]; }

  // The model's parents (-1 for node 0 and inactive nodes) and the words of its active nodes.
  std::vector<int> parents(SatBackend& model) const;
  std::vector<std::string> words(SatBackend& model) const;

 private:
  std::size_t m_;
  std::vector<std::vector<int>> par_;  // [child][parent]
  std::vector<int> frontier_, active_, has_child_;
};

}  // namespace carve::encoder
