// --write-case: a difference kept as regression cases in the corpus's own format, one file per
// reading and kind, each pinning the spec, every declared switch and the scope (so the case
// judges the same rules whatever the spec's profile later bundles).
// Invariant: each file written is read back by elab::load_case before it is reported; the play
// cases expect `legal` under the accepting reading and `illegal at N rule "R"` under the other,
// the reachability cases `win in k` under the winner and `no-win` with `certify drat;` (when the
// certificate route takes the rules) under the other, at k turns; a question on the infinite
// tree is written with `depth any;` (carve check asks the shape engine), its file named `scope-any`.
#pragma once
#include <string>
#include <vector>

#include "questions/diff/play_diff.hpp"
#include "questions/diff/reading_source.hpp"
#include "questions/diff/verdict_diff.hpp"

namespace carve::diff {

// Writes into `dir` (created if missing); returns the paths written. Throws elab::InputError when
// the folder or a file cannot be written.
std::vector<std::string> write_regression_cases(const std::string& dir, const ReadingSource sides[2], const Family& family,
                                                const VerdictDiff* verdicts, const PlayDiff* plays);

}  // namespace carve::diff
