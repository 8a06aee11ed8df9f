// The decoded target as people read it back: its edges in the syntax they would type, a short
// label and a one-line summary (name, vertices, edges, typed or not, the edges).
// Invariant: for a target with edges, joining edge_texts(t) with ',' is a text that parses (as a
// hyperedge list when t was given as one, else as an edge list) to a target with t's canon.
#pragma once
#include <string>
#include <vector>

#include "rules/model/target.hpp"

namespace carve::model {

// "a-b", "a-b:T", "{a,b,c}", "{a,b}:V": one entry per edge, in the target's order.
std::vector<std::string> edge_texts(const Target& t);
// The text as written, and the graph's name when the text does not already say it: "P3",
// "a-b,b-c = P3", "S3 = K1,3", "a-b:T,b-c:V = P3, typed".
std::string target_label(const Target& t);
// "P3 (path on 3 vertices 0-1-2); 3 vertices, 2 edges, untyped: a-b,b-c".
std::string target_summary(const Target& t);

}  // namespace carve::model
