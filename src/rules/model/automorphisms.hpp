// Generators of the automorphism group of a simple graph, its edges optionally coloured, from
// nauty (the target graphs' symmetry, which the SAT encoding breaks in its victory map).
// Invariant: every returned permutation maps edges onto edges (and non-edges onto non-edges), and
// together they generate the whole automorphism group; the identity is never listed.
#pragma once
#include <utility>
#include <vector>

namespace carve::model {

// perm[i] is the image of vertex i; vertices 0..n-1, edges as unordered pairs. With colours (one
// per edge), only the automorphisms that map every edge onto an edge of the same colour.
std::vector<std::vector<int>> automorphism_generators(int n, const std::vector<std::pair<int, int>>& edges,
                                                      const std::vector<int>& colours = {});

}  // namespace carve::model
