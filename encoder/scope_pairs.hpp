// The unordered vertex pairs of a 000 scope (the word tree to depth D) as the encoder sees
// them, with the tree structure over them: each pair's inherent edge, the child and parent pair
// of every vertex, for every vertex r the next tree pair on the way from a tree pair towards r,
// and which tree pairs separate two vertices.
// Invariant: a pair {a, b} (a = b only under loop=allow) has one index in pairs and in
// index[a][b] = index[b][a]; a pair carries at most one edge at any time (its tree edge or,
// under readd=allow once that is gone, a virtual edge), so "edge present" is per pair.
#pragma once
#include <vector>

#include "model/game.hpp"

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
  std::size_t size() const { return pairs_.size(); }
  const ScopePair& operator[](std::size_t p) const { return pairs_[p]; }
  int of(model::VertexId a, model::VertexId b) const { return index_[a][b]; }   // -1 when no pair
  const std::vector<int>& child_pairs(model::VertexId v) const { return child_pairs_[v]; }
  int parent_pair(model::VertexId v) const { return parent_pair_[v]; }           // -1 for λ
  const std::vector<int>& pairs_at(model::VertexId v) const { return at_[v]; }    // every pair containing v
  // The tree pair next to tree pair p on the tree path from p towards r; -1 when p contains r.
  int toward(model::VertexId r, std::size_t p) const { return toward_[r][p]; }
  // Tree pair p lies on the tree path between r and v.
  bool separates(std::size_t p, model::VertexId r, model::VertexId v) const { return below_[p][r] != below_[p][v]; }
  model::VertexId other(std::size_t p, model::VertexId v) const { return pairs_[p].a == v ? pairs_[p].b : pairs_[p].a; }

 private:
  std::size_t n_;
  std::vector<ScopePair> pairs_;
  std::vector<std::vector<int>> index_;
  std::vector<std::vector<int>> child_pairs_;
  std::vector<int> parent_pair_;
  std::vector<std::vector<int>> at_;
  std::vector<std::vector<int>> toward_;   // [r][pair]
  std::vector<std::vector<bool>> below_;   // [tree pair][v]: v lies in the subtree of the pair's child
};

}  // namespace carve::encoder
