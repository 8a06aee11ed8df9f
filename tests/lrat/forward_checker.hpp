// A small forward LRAT checker, written apart from carve's DRAT checker (checkers/drat) so that
// the tests re-check carve's LRAT output with a second checker that shares no code with the
// first: its own DIMACS and LRAT readers, its own clause table and assignment.
// Invariant: `verified` is true only when every addition line was checked against the clauses
// live at that line (RUP by its hints, or RAT on its first literal with one hint group for
// every live clause holding the pivot's negation) and some addition was the empty clause.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace carve::lrat_test {

struct Verdict {
  bool verified = false;
  std::string message;  // why not, with the LRAT line; or a summary
  std::size_t additions = 0, rat_additions = 0, deletions = 0;
};

Verdict check_lrat(std::string_view dimacs, std::string_view lrat);

}  // namespace carve::lrat_test
