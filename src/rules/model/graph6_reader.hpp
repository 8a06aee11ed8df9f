// The edges of a graph6 string, decoded by nauty's own reader (gtools' stringtograph).
// Invariant: called only on a string carve's target parser has already checked (bytes in
// 63..126, the length its vertex count asks for, zero padding), so nauty never reads past it;
// the edges come as (i, j), i < j, ordered by j then i (graph6's bit order).
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace carve::model {

std::vector<std::pair<int, int>> graph6_edges(const std::string& checked, int vertices);

}  // namespace carve::model
