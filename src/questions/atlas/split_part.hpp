// One part of a split plan answered: the sat engine within the plan's turn bound, turn 1's e_new
// restricted to the part's first moves, no symmetry breaking (its chains could keep another
// member of an orbit than the part's representative); a no-win is certified by a DRAT proof of
// the part's formula (the question's formula and the restriction clause) that carve's checker
// accepted; a win is replayed from S_0 as a whole play and written as a witness.
// Invariant: the record (docs/atlas.md, with `part`) says `no-win` with `lower_bound_certified`
// only with an accepted certificate of exactly this part's formula, and `win` only with a
// witness that replayed to a win at `turns`; otherwise `unknown` (a limit) or `refused`.
#pragma once
#include <nlohmann/json.hpp>

#include "questions/atlas/plan.hpp"
#include "questions/atlas/question_run.hpp"

namespace carve::atlas {

nlohmann::json answer_part(const Plan& plan, const Question& q, const RunContext& ctx);

}  // namespace carve::atlas
