// Sets of tree pairs pinned by chosen vertices, as clauses: a connected set anchored at a vertex
// (closure towards the anchor), and the tree path between two chosen vertices; and, for
// decoding, the vertex sequence of a path inside a set of pairs.
// Invariant: with `from` and `to` one-hot (or all false, with the set then forced empty only by
// the caller), the models of tree_path() give the set exactly the present tree pairs of the
// unique tree path between the chosen vertices.
#pragma once
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/scope_pairs.hpp"

namespace carve::encoder {

// set ⊆ tree pairs: with every pair, the next tree pair towards the anchor vertex (the set is
// connected and holds the anchor, or is empty).
void tree_closure(Cnf& cnf, const ScopePairs& pairs, const std::vector<int>& anchor, const std::vector<int>& set);
// set (per pair, 0 off the tree) is the tree path between the vertices chosen by from and to.
void tree_path(Cnf& cnf, const ScopePairs& pairs, const std::vector<int>& from, const std::vector<int>& to,
               const std::vector<int>& set);
// The vertices of a shortest path from `from` to `to` inside `edges` (pair indices); throws
// std::logic_error when there is none.
std::vector<model::VertexId> path_within(const ScopePairs& pairs, const std::vector<int>& edges, model::VertexId from,
                                         model::VertexId to);

}  // namespace carve::encoder
