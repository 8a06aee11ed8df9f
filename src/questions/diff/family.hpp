// A family of reachability questions for carve diff: targets, a bound on turns, and scopes
// (depths of the word tree for 000, variable counts for 001), in the order diff searches them.
// Invariant: `targets` is sorted smallest first -- by vertices, then edges, then the order the
// user gave (geng's order for generated graphs) -- and `scopes` ascending; diff's "first
// difference" is first in (scope, target) under this order. On the infinite tree (--depth any)
// `scopes` is the one scope kInfiniteTree.
#pragma once
#include <string>
#include <vector>

#include "rules/model/target.hpp"

namespace carve::diff {

// The scope of the infinite tree Ω of 000 (--depth any): no depth bound; each question is answered
// by the shape engine for every depth at once (docs/infinite-tree.md). Depths start at 1.
inline constexpr int kInfiniteTree = 0;

struct Family {
  std::vector<model::Target> targets;
  int max_turns = 3;
  std::vector<int> scopes;  // 000: depths, or {kInfiniteTree}; 001: variable counts
  bool infinite_tree() const { return scopes.size() == 1 && scopes[0] == kInfiniteTree; }
  std::size_t size() const { return targets.size() * scopes.size(); }
};

// Every connected graph on 1..n vertices, up to isomorphism, from nauty's geng compiled in
// (rules/model/connected_graphs.hpp, the route the atlas takes too), each written by its name when it
// has one (K3, P4, paw), else as its edge list (0-1,0-2,1-3), ordered as order_targets does. Throws std::invalid_argument beyond model::kMaxConnectedVertices.
std::vector<model::Target> connected_graphs(int n);

// Sorts targets smallest first (stable: ties keep the given order) and drops isomorphic repeats.
void order_targets(std::vector<model::Target>& targets);

}  // namespace carve::diff
