// questions/claims/run.hpp — runs every claim of a spec and gives each its verdict: holds (within the
// stated bounds), proved (Z3, for all sizes below 2^b, and holds on the bounds), refuted (with
// the smallest counterexample and why) or unknown (time or memory limit, or a Z3 form it cannot
// decide). The limits hold inside engine work too (questions/games/interrupt.hpp): once one is reached, the
// running claim and every later one are unknown with that reason.
// Invariant: one Engines (memo tables) per run; a claim matches its expectation iff
// (expect holds and verdict holds|proved) or (expect refuted and verdict refuted); unknown never
// counts as a mismatch.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "questions/claims/evaluator.hpp"
#include "rules/elaborate/claims_ir.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::claims {

struct RunSettings {
  bool large = false;       // the bounds' large values and the symbolic clause's large bit widths
  limits::Limits limits;    // for the whole run (0 = none); progress: a line on stderr naming the claim
  std::vector<std::string> only;  // labels to run (all when empty)
};

struct ClaimOutcome {
  std::string label;
  parser::Location loc;
  bool expect_holds = true;
  std::string verdict;  // holds | proved | refuted | unknown
  std::string bounds;   // the families quantified over, as evaluated
  long long cases = 0;
  std::optional<Counterexample> counterexample;
  std::vector<std::string> proof;  // Z3 runs
  std::string note;                // why unknown, or what the symbolic part could not do
  double seconds = 0;
  bool matches() const;
};

std::vector<ClaimOutcome> run_claims(const elab::claims::ClaimSpec& spec, const RunSettings& settings);

}  // namespace carve::claims
