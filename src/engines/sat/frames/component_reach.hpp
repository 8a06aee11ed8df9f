// Components of a frame as CNF, for the victory variants of both carving games: closed sets (an
// upper bound of a component: everything joined to a seed by present edges is in the set) and
// layered reach (a lower bound: a vertex is reached only along present edges). Victory asks
// "this component is finite" (a closed set around it avoids every frontier vertex) and "the
// root lies in the component of the target's copy" (reach from the root to the copy).
// Invariant: closed_set's literals satisfy every clause exactly when they describe a set that
// holds the seeds and is closed under the present edges; reaches() holds only when the `to`
// vertex set is within the given number of present edges of the `from` set, and can be made to
// hold whenever it is. Both read edges only through FrameEdge, so 000 pairs and slots and 001
// elements are treated alike.
#pragma once
#include <utility>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "rules/model/universe.hpp"

namespace carve::encoder {

// One edge of a frame: `present` holds when it is in the frame, and each (vertex, membership)
// names a vertex that may be one of its vertices -- membership 0 when it always is (a tree pair,
// a 001 element), else a literal that holds exactly when it is (a virtual slot's endpoints).
struct FrameEdge {
  int present = 0;
  std::vector<std::pair<model::VertexId, int>> members;
};

// c[v] (0 where !allowed[v], i.e. never in the set) with seed[v] -> c[v] (seed 0: no seed) and,
// for every edge, present ∧ some member in c -> every member in c.
std::vector<int> closed_set(Cnf& cnf, const std::vector<int>& seed, const std::vector<bool>& allowed,
                            const std::vector<FrameEdge>& edges);

// A literal r: r -> some vertex with to[v] is joined by at most `steps` present edges to some
// vertex with from[v] (entries 0: never). One-sided: the set reached within d edges is a free
// literal per vertex that must be justified by d - 1 (itself, or a present edge to a vertex of
// d - 1), so every model's sets lie inside the true balls, and the true balls satisfy it.
int reaches(Cnf& cnf, const std::vector<int>& from, const std::vector<int>& to, const std::vector<FrameEdge>& edges,
            int steps);

}  // namespace carve::encoder
