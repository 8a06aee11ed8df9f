// The parts walk encodings build walks from, as clauses over sets of tree pairs and slots: which
// vertices a set of slots touches, and reachability inside a set within a number of levels; and,
// for decoding, a walk that covers a connected set of pairs.
// Invariant: touching() is exact (a vertex is marked iff it is an endpoint of a chosen slot);
// reachable() admits a model iff every marked vertex is joined to the source by at most
// `levels` steps along the chosen pairs and slots; cover_walk() steps along exactly the given
// pairs, each at least once.
#pragma once
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/scope_pairs.hpp"
#include "engines/sat/frames/turn_collapse.hpp"

namespace carve::encoder {

// Per vertex: it is an endpoint of a chosen slot (chosen: per slot of `slots`).
std::vector<int> touching(Cnf& cnf, const ScopePairs& pairs, const std::vector<SlotInTurn>& slots,
                          const std::vector<int>& chosen);

// Every vertex with must[v] is reachable from the source (one-hot) along the chosen tree pairs
// (per pair; empty: none) and slots (per slot, 0: never) in at most `levels` steps.
void reachable(Cnf& cnf, const ScopePairs& pairs, const std::vector<SlotInTurn>& slots, const std::vector<int>& source,
               const std::vector<int>& tree, const std::vector<int>& slot, const std::vector<int>& must, int levels);

// The pairs of the chosen slots in a model.
std::vector<int> chosen_slots(const ScopePairs& pairs, const std::vector<SlotInTurn>& slots, const std::vector<int>& chosen,
                              SatBackend& model);

// A walk from `start` over exactly the pairs in `edges` (connected, touching start, or empty),
// ending at `end`: depth-first, every pair there and back, then a shortest way to end.
std::vector<model::VertexId> cover_walk(const ScopePairs& pairs, const std::vector<int>& edges, model::VertexId start,
                                        model::VertexId end);

// walk += more, where more starts at walk's last vertex.
void append(std::vector<model::VertexId>& walk, const std::vector<model::VertexId>& more);

}  // namespace carve::encoder
