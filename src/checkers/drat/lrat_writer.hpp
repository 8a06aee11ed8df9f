// LRAT out of a checked DRAT proof: what drat-trim writes with -L, so a formally verified
// checker (cake_lpr) can re-check carve's answer.
// Invariant: written only from a Result that accepted `proof` against `cnf` with
// Options::record_lrat; original clause i is LRAT clause i+1, the core lemmas take the next ids
// in proof order and the empty clause the last one; each lemma's hints are the clauses its
// unit propagation used, in the order they became unit (a RAT lemma: its pivot first, then
// each candidate's id negated and the hints of that resolvent); a deletion the checker performed
// is a deletion line, one the checker ignored (a unit or reason clause) is not.
#pragma once

#include <ostream>

#include "checkers/drat/drat.hpp"

namespace carve::drat {

void write_lrat(std::ostream& out, const Cnf& cnf, const Proof& proof, const Result& result);

}  // namespace carve::drat
