// The support of a play of document 000 (docs/infinite-tree.md, "Special nodes of a play"): its
// special nodes S (λ, every root, both ends of every e_new, the nodes W to keep), the least shape
// Σ holding them, the pendants (children outside Σ of kept nodes and of the roots before the last
// turn whose edge is absent at some time), St = Σ ∪ pendants, its key nodes, and its runs -- the
// tree paths of St between key nodes through non-key interior nodes, each shortened to at most one
// interior node.
// Invariant: for every node v of St, contracted[v] is v itself when v is a key node or the first
// (topmost) interior node of its run, and otherwise that first interior node; the contracted
// tree -- the nodes with contracted[v] == v, each with contracted_parent -- is St with every run
// of length L >= 3 shortened to length 2 (Lemma 2), and every node of it keeps its original word's
// letters on the way from its contracted parent.
#pragma once
#include <vector>

#include "rules/model/state.hpp"

namespace carve::shape {

inline constexpr int kNone = -1;

struct Support {
  std::vector<bool> special, pendant, in_st, key, interior;  // per vertex of the play's universe
  std::vector<int> contracted;         // per vertex of St: its node in the contracted tree (kNone off St)
  std::vector<int> contracted_parent;  // per node of the contracted tree: its parent there (kNone for λ)
  std::vector<model::VertexId> order;  // the contracted tree's nodes, parents first
};

// `states` are S_0 .. S_k of the play (checkers/replay); `keep` is W.
Support play_support(const model::Game& game, const std::vector<model::Move>& play,
                     const std::vector<model::State>& states, const std::vector<model::VertexId>& keep);

// The parent of a vertex of a 000 universe (kNone for λ), read from the tree edges.
int tree_parent(const model::Universe& u, model::VertexId v);

}  // namespace carve::shape
