// The simple kinds' vertex rule over a split path (the tree path ρ..a, the middle's positions
// 0..L from a, the tree path b..z), shared by PositionalPath (a bounded scope) and ShapeSplit
// (a solver-chosen shape): each vertex occurs at most once among its occurrences other than the
// path's end -- the prefix, a middle position with a step after it, b when the suffix is not
// empty, the suffix -- and the end z is none of them, except that under simple-or-cycle z may be
// ρ unless the path is the single loop ρ-ρ (tree_encoding.cpp states why).
// Invariant: the clauses and the order of their variables are those both encodings built before
// this was shared, so formulas and certificates are unchanged.
#pragma once
#include <cstddef>
#include <vector>

#include "engines/solvers/cnf.hpp"

namespace carve::encoder {

// `split` has pos[position][vertex], stopped[position], b, z and in.root per vertex; `occurs`
// holds v's prefix and suffix occurrences; b_inner is the literal for "b is v and the suffix is
// not empty", made by the caller (its number comes before the middle's).
template <class Split>
void split_vertex_rule(Cnf& cnf, const Split& split, std::size_t v, std::vector<int> occurs, int b_inner, bool cycle) {
  const int L = static_cast<int>(split.pos.size()) - 1;
  for (int i = 0; i < L; ++i) {
    const int inner = cnf.var();
    cnf.clause({-split.pos[static_cast<std::size_t>(i)][v], split.stopped[static_cast<std::size_t>(i) + 1], inner});
    occurs.push_back(inner);
  }
  cnf.clause({-split.b[v], split.z[v], b_inner});
  occurs.push_back(b_inner);
  cnf.at_most_one(occurs);
  for (int o : occurs) {
    std::vector<int> c{-split.z[v], -o};
    if (cycle) c.push_back(split.in.root[v]);
    cnf.clause(c);
  }
  if (cycle) {
    std::vector<int> loop{-split.in.root[v], -split.z[v], -split.b[v], -split.pos[0][v]};
    if (L >= 2) loop.push_back(-split.stopped[2]);
    cnf.clause(loop);
  }
}

}  // namespace carve::encoder
