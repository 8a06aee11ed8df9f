// solve's report, text and JSON, within a depth bound and on the infinite tree (--depth any)
// alike: the question as loaded and its scope around the engine's answer::Answer
// (engines/registry's adapters give it), which the one answer writer
// (questions/report/answer_report.hpp) writes with the files written beside it (the witness, the
// certificate's manifest).
// Invariant: what it writes comes from the Answer and the question alone -- no engine's own
// result type -- and a field the engine did not give (an encoding after an allocation failed)
// is left out, never made up; the infinite tree's report names its shape scope and statement
// (kInfiniteScope).
#pragma once
#include <string>

#include "engines/answer/answer.hpp"
#include "questions/report/answer_report.hpp"
#include "front/cli/common.hpp"

namespace carve::cli {

struct SolveReport {
  const elab::Case& question;
  const answer::Answer& answer;
  std::string input;         // the input as given
  bool infinite = false;     // --depth any: the shape engine's answer on the infinite tree
  std::string witness_path;  // --witness, written on a win
  bool proof_asked = false;  // --proof
  std::string manifest;      // FILE.certificate.json of an accepted certificate
};

nlohmann::json solve_json(const SolveReport& r);
void print_solve(const SolveReport& r);

}  // namespace carve::cli
