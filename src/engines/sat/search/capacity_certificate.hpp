// The certificate of a no-win by the capacity theorem (rules/model/target_capacity.hpp): a small
// CNF saying "m distinct elements sit on one set of k formulas" -- per vertex its sort, per element
// its operator and the map of its slots onto the k vertices (each slot to a vertex of the slot's
// sort, every vertex hit), every two elements differing in operator or map -- refuted afresh by
// CaDiCaL with a DRAT trace and checked by carve's checker. Its refutation and the theorem (stated
// in the CNF's head, the one step outside the proof) say that no state holds the target.
// Invariant: the formula is built from the game's operators and the gap's k and m only; a model
// of it (the count was wrong) is status Satisfiable, never a certificate.
#pragma once
#include "engines/sat/search/no_win_certificate.hpp"
#include "rules/model/target_capacity.hpp"

namespace carve::encoder {

// The formula, into `out` (which must hold no variables yet); its head lines into `head`. Written
// with DimacsRecorder::write_dimacs(out, head): the bytes certify_capacity writes and
// verify-certificate re-derives.
void capacity_formula(const model::Game& game, const model::CapacityGap& gap, DimacsRecorder& out, std::vector<std::string>& head);

NoWinCertificate certify_capacity(const model::Game& game, const model::CapacityGap& gap, const ProofRequest& request,
                                  limits::Budget& budget);

}  // namespace carve::encoder
