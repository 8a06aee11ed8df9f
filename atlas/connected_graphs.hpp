// The targets of an atlas sweep: every connected graph on 1..n vertices up to isomorphism, as
// nauty's geng lists them (geng -c, compiled in from the source libnauty2-dev ships).
// Invariant: one graph6 string per isomorphism class of connected graphs, ordered by the number
// of vertices and, within one order, as geng emits them.
#pragma once
#include <string>
#include <vector>

namespace carve::atlas {

inline constexpr int kMaxAtlasVertices = 8;  // 11117 connected graphs on 8 vertices: plans stay listable

// Every connected graph on 1..max_vertices vertices (1 <= max_vertices <= kMaxAtlasVertices).
std::vector<std::string> connected_graphs(int max_vertices);

}  // namespace carve::atlas
