// questions/games/tree_deletion.hpp — the tree edge-deletion game (树的删边游戏, Green Hackenbush on a
// rooted tree): a move deletes an edge and everything no longer connected to the root.
// Invariant: sg(u) = xor over children v of (sg(v) + 1) (colon principle); the exhaustive
// evaluator plays the game on canonical (AHU) forms without using the formula.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "questions/games/graph_canon.hpp"

namespace carve::games {

struct RootedTree {
  std::vector<int> parent{-1};  // parent[0] = -1 (root); every other vertex has a parent
  int size() const { return static_cast<int>(parent.size()); }
  int edges() const { return size() - 1; }
  int add_child(int p) {
    parent.push_back(p);
    return size() - 1;
  }
};

std::vector<std::vector<int>> children_of(const RootedTree& t);
// AHU canonical string of the rooted tree ("(" children sorted ")").
std::string ahu_canonical(const RootedTree& t);
unsigned tree_sg_formula(const RootedTree& t);  // iterative, works for 10^6 vertices
RootedTree subtree_without(const RootedTree& t, int v);  // delete edge (parent v, v) and v's subtree
RootedTree subtree_at(const RootedTree& t, int v);       // the subtree hanging from v, rooted at v
GroundedGraph to_grounded(const RootedTree& t, const std::vector<EdgeColour>& colour = {});

class TreeDeletionExhaustive {
 public:
  unsigned sg(const RootedTree& t);
  std::size_t memo_size() const { return memo_.size(); }

 private:
  std::unordered_map<std::string, unsigned> memo_;
};

}  // namespace carve::games
