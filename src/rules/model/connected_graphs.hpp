// Every connected graph on 1..n vertices up to isomorphism, as nauty's geng lists them (geng -c),
// for every command that sweeps small targets: `carve atlas plan --max-vertices` and
// `carve diff --connected`. One route for both: geng.c from the source libnauty2-dev ships,
// compiled in as a function (rules/model/CMakeLists.txt), not the `geng` binary of the nauty package
// on PATH -- libnauty2-dev is already a build dependency (canonical forms, automorphisms), the
// binary's name differs between distributions (Debian: nauty-geng), and a missing or failing
// program would be a run-time failure of a question the build can guarantee instead.
// Invariant: one graph6 string per isomorphism class of connected graphs, ordered by the number
// of vertices and, within one order, as geng emits them.
#pragma once
#include <string>
#include <vector>

namespace carve::model {

inline constexpr int kMaxConnectedVertices = 8;  // 11117 connected graphs on 8 vertices: lists stay listable

// Every connected graph on 1..max_vertices vertices (1 <= max_vertices <= kMaxConnectedVertices;
// std::invalid_argument otherwise).
std::vector<std::string> connected_graphs(int max_vertices);

}  // namespace carve::model
