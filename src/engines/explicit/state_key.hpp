// Canonical keys of configurations for the transposition table.
// Invariant: two states get the same key exactly when an automorphism of the universe's
// structure (vertex sorts, frontier, F* membership, inherent edges present or removed, their
// conclusions) maps one onto the other, root onto root and virtual edges onto virtual edges —
// so the states have the same futures and a verdict for one holds for the other.
#pragma once
#include <string>

#include "rules/model/state.hpp"

namespace carve::search {

std::string state_key(const model::Game& game, const model::State& state);
// Equal for two candidates e_new exactly when an automorphism of the state maps one onto the
// other (so their turns lead to isomorphic successors); empty where not computed (001).
std::string candidate_orbit_key(const model::Game& game, const model::State& state, const model::EdgeElement& e_new);
// The key as a coloured hypergraph canonicalised by nauty (what 001 uses; tests compare the
// word tree's AHU keys against it).
std::string hypergraph_state_key(const model::Game& game, const model::State& state);

}  // namespace carve::search
