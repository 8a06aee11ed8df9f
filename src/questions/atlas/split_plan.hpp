// `solve --split N`: one no-win question (target, reading, depth, at most k turns) cut into N
// independent parts by the first turn's moves. The first moves of S_0 fall into orbits under the
// word tree's automorphisms; each part holds some orbits and restricts turn 1's e_new to their
// representatives (SatOptions::first_moves), so the parts' formulas are the question's formula
// plus one clause each. The plan is an atlas plan (questions/atlas/plan.hpp) whose questions are the parts:
// `carve atlas run DIR --jobs N`, `--job I`, `slurm`, `merge` and `verify` run and read it as
// they do an atlas, and questions/atlas/split_verdict.hpp combines the parts' records.
// Invariant: the orbits are dealt out whole, round robin in their order, so every orbit is in
// exactly one part and no part is empty; N is cut to the number of orbits when it exceeds it.
#pragma once
#include <string>

#include "questions/atlas/plan.hpp"

namespace carve::atlas {

struct SplitQuestion {
  std::string spec, target, profile;
  std::vector<std::string> sets;
  int depth = 0, turns = 0, parts = 1;
  Settings settings;  // timeout, memory, keep_proofs (max_turns and engine are set here)
};

// Throws elab::InputError when the question does not elaborate, and when split_refusal or the
// certificate's refusal (engines/registry) names a rule the parts cannot encode exactly.
Plan make_split_plan(const std::string& dir, const SplitQuestion& sq);

}  // namespace carve::atlas
