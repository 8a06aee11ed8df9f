// Virtual edges as slots. A play of k turns adds at most k virtual edges, so the 000 encoding
// gives each turn's e_new one slot -- its two endpoints as one-hot vertex literals -- instead of
// a literal per vertex pair and frame: G' then holds the present tree edges and at most t + 1
// slots, and every rule that looks at a virtual edge reads it through its endpoints. This is what
// keeps the formula linear in the scope's vertices per turn rather than quadratic.
// Invariant: a slot's endpoints are a pair the rules let carry a virtual edge (ScopePair::
// can_virtual), A no later than B in vertex order (A = B only for a loop), so the slot names
// its pair exactly once; at_end() and the transfer clauses read a per-vertex literal vector at
// one endpoint exactly.
#pragma once
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/scope_pairs.hpp"

namespace carve::encoder {

struct VirtualSlot {
  std::vector<int> a, b;  // per vertex: the endpoint A (the smaller) and B
};

// A slot with exactly one A and one B, A <= B (A < B without loops), on a pair that may be
// virtual.
VirtualSlot make_slot(Cnf& cnf, const ScopePairs& pairs);

// A fresh r with r <-> values[the endpoint chosen by `end`] (end one-hot).
int at_end(Cnf& cnf, const std::vector<int>& end, const std::vector<int>& values);

// guard -> the value at the endpoint chosen by `end` holds: (¬guard ∨ ¬end[v] ∨ values[v]).
void implies_at_end(Cnf& cnf, const std::vector<int>& guard, const std::vector<int>& end, const std::vector<int>& values);

// A fresh s with s <-> (both slots name the same pair).
int same_pair(Cnf& cnf, const VirtualSlot& x, const VirtualSlot& y);

// The clause literals that are false exactly when the slot is the pair {x, y}: ¬A[min] ∨ ¬B[max].
std::vector<int> not_on_pair(const VirtualSlot& slot, model::VertexId x, model::VertexId y);

// A fresh literal that holds exactly when the slot is the pair {x, y}.
int on_pair(Cnf& cnf, const VirtualSlot& slot, model::VertexId x, model::VertexId y);

// The pair the slot names in a model (its index in `pairs`).
int decode_slot(const ScopePairs& pairs, const VirtualSlot& slot, SatBackend& model);

}  // namespace carve::encoder
