// The unordered vertex pairs of a 000 scope (the word tree to depth D) as the encoder sees
// them, with the tree structure over them: each pair's inherent edge, the child and parent pair
// of every vertex, for every vertex r the next tree pair on the way from a tree pair towards r,
// and which tree pairs separate two vertices.
// Invariant: a pair {a, b} (a = b only under loop=allow) has one id, of(a, b) = of(b, a); a pair
// carries at most one edge at any time (its tree edge or, under readd=allow once that is gone, a
// virtual edge), so "edge present" is per pair. The tree pairs are numbered 0..size()-1 (in the
// order of their endpoints), and only they carry a literal per frame; any other pair is numbered
// size() and up when it is first asked for (a virtual edge the encoder decodes or names). So
// everything here is linear in the scope's vertices -- at depth 12 the quadratic tables (every
// pair, every tree path) took more memory than the machine has.
#pragma once
#include <deque>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "rules/model/game.hpp"

namespace carve::encoder {

struct ScopePair {
  model::VertexId a, b;
  int tree = -1;            // the inherent edge on this pair, or -1
  bool can_virtual = false;
};

class ScopePairs {
 public:
  explicit ScopePairs(const model::Game& game);

  std::size_t vertices() const { return n_; }
  // The tree pairs: ids 0..size()-1.
  std::size_t size() const { return tree_pairs_.size(); }
  // Any id of() returned.
  const ScopePair& operator[](std::size_t p) const { return p < tree_pairs_.size() ? tree_pairs_[p] : other_pairs_[p - size()]; }
  // -1 when there is no such pair (a = b without loops); numbers a pair off the tree on first use.
  int of(model::VertexId a, model::VertexId b) const;
  // Whether {a, b} is a pair at all, and whether it may carry a virtual edge (without numbering it).
  bool exists(model::VertexId a, model::VertexId b) const { return a < n_ && b < n_ && (a != b || loops_); }
  bool can_virtual(model::VertexId a, model::VertexId b) const;
  // Pairs without a tree edge that may carry a virtual edge (loops included when allowed).
  std::size_t free_pairs() const;
  const std::vector<int>& child_pairs(model::VertexId v) const { return child_pairs_[v]; }
  int parent_pair(model::VertexId v) const { return parent_pair_[v]; }           // -1 for λ
  const std::vector<int>& pairs_at(model::VertexId v) const { return at_[v]; }    // the tree pairs containing v
  // The tree pair next to tree pair p on the tree path from p towards r; -1 when p contains r.
  int toward(model::VertexId r, std::size_t p) const;
  // Tree pair p lies on the tree path between r and v.
  bool separates(std::size_t p, model::VertexId r, model::VertexId v) const {
    const model::VertexId child = child_of(p);
    return below(r, child) != below(v, child);
  }
  model::VertexId other(std::size_t p, model::VertexId v) const { return (*this)[p].a == v ? (*this)[p].b : (*this)[p].a; }
  // v lies in the subtree of u (v = u included).
  bool below(model::VertexId v, model::VertexId u) const { return enter_[u] <= enter_[v] && enter_[v] < leave_[u]; }
  // The vertices in depth-first order: each before the vertices of its subtree.
  const std::vector<model::VertexId>& preorder() const { return preorder_; }
  // The child end of tree pair p, and its parent end.
  model::VertexId child_of(std::size_t p) const { return conclusion_[p]; }
  model::VertexId parent_of(std::size_t p) const { return parent_[conclusion_[p]]; }

 private:
  // The ancestor of v whose parent is u (v strictly below u).
  model::VertexId child_towards(model::VertexId u, model::VertexId v) const;

  std::size_t n_;
  bool loops_ = false;
  bool readd_ = false;
  std::vector<ScopePair> tree_pairs_;
  std::vector<model::VertexId> conclusion_;  // per tree pair: its child end
  std::vector<std::vector<int>> child_pairs_;
  std::vector<int> parent_pair_;
  std::vector<model::VertexId> parent_;      // per vertex (itself for a root of the tree)
  std::vector<std::vector<int>> at_;
  std::vector<std::size_t> enter_, leave_;  // depth-first order: the subtree of u is [enter_[u], leave_[u])
  std::vector<model::VertexId> preorder_;
  // Pairs off the tree, numbered on first use (of() is logically const: an id is a name).
  mutable std::deque<ScopePair> other_pairs_;
  mutable absl::flat_hash_map<std::uint64_t, int> other_ids_;
};

}  // namespace carve::encoder
