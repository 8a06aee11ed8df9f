// carve solve SPEC --target G --turns K --depth D --split N: the question cut into N parts by the
// first turn's moves (questions/atlas/split_plan.hpp), written as a plan of independent jobs into --dir,
// run by the atlas's pool (--jobs), and answered from the parts' records (questions/atlas/split_verdict.hpp).
// Invariant: exit 0 with the combined verdict -- certified no-win only when the covering check
// passed and every part's DRAT proof was accepted; bad input (a case file, --depth any, an
// engine other than sat, rules a part cannot encode) is exit 2 before any job runs.
#pragma once
#include <string>

#include "front/cli/common.hpp"

namespace carve::cli {

struct SplitSolveOptions {
  std::string input, target, dir;
  elab::Engine engine = elab::Engine::Auto;  // as asked
  std::optional<int> turns;
  int parts = 0;
  int jobs = 1;
  bool plan_only = false;
  GameOptions game;
  RunOptions run;
};

int solve_split(const SplitSolveOptions& o);

}  // namespace carve::cli
