// Readings for the diff tests: a spec under a profile and --set overrides at any depth, and the
// independent checks of a diff's certificates (replay, carve's DRAT checker, mutation).
#pragma once
#include <string>
#include <vector>

#include "questions/diff/play_diff.hpp"
#include "questions/diff/verdict_diff.hpp"

namespace carve::testing {

// The game of `spec` under `profile` with `sets` ("path=simple"), at depth `scope` (000), or on the
// infinite tree at diff::kInfiniteTree (elaborated at depth 1, as `--depth any` is).
diff::GameAt reading(const std::string& spec, const std::string& profile, const std::vector<std::string>& sets = {});
// spec/triangle.carve (001) under `profile` with `sets`, with `scope` variables of one type
// (`carve ... --vars N`: R_Δ = R_∇ = {(t,t,t)}, root Delta(x1,x1,x1)).
diff::GameAt triangle_reading(const std::string& profile, const std::vector<std::string>& sets = {});
diff::Family family(const std::vector<std::string>& targets, int max_turns, int max_scope);
// The same targets on the infinite tree: the one scope diff::kInfiniteTree.
diff::Family infinite_family(const std::vector<std::string>& targets, int max_turns);
// The certificate's DRAT proof, read back from its files and checked by checkers/drat: accepted
// as written, rejected once the CNF loses its last clause ("some frame is won", which makes
// the formula satisfiable: no refutation of it can be correct).
void expect_proof_checks_and_mutation_fails(const diff::Certificate& c);

}  // namespace carve::testing
