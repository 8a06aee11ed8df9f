// The formula "some play of at most K turns reaches the target" as plain CNF for other solvers
// (`carve export`): recorded clause by clause while the SAT engine's search runs (so it carries
// every stability lemma that search needed), the frames completed up to K, and the activation
// literals replaced by one clause OR(won at frame j, j <= K). Written as DIMACS or as SMT-LIB2.
// Invariant: the written formula is exactly the recorded clauses plus that one clause; the
// header states what its satisfiability does and does not prove for this game (see
// formula_export.cpp), and the DIMACS `p cnf` line counts exactly the clauses that follow.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "engines/solvers/clause_list.hpp"
#include "engines/sat/search/sat_search.hpp"

namespace carve::encoder {

struct ExportedFormula {
  int variables = 0;
  ClauseList clauses;
  std::vector<std::string> header;  // comment lines, no comment marker
  SatResult search;                 // the in-process answer the formula was recorded from
  bool unsat_certifies = false;     // UNSAT proves no-win within K turns in the scope
  bool sat_certifies = false;       // every model's prefix up to its winning frame is a legal play
};

// options.max_turns is K; options.backend and options.finally are set here. When a limit of
// options.budget ends the search or the completion of the frames, search.result says so
// (limit_reached) and the formula is incomplete: it must not be written.
ExportedFormula export_reachability(const model::Game& game, const model::Target& target, SatOptions options);

// Both writers poll `budget` (may be null; limits::LimitReached): millions of clauses take seconds.
void write_dimacs(std::ostream& out, const ExportedFormula& f, limits::Budget* budget = nullptr);
// Standard SMT-LIB 2.6: (set-logic QF_UF), one declare-const Bool per variable, one assert per
// clause, (check-sat) -- no solver extensions, so cvc5 and z3 both read it.
void write_smt2(std::ostream& out, const ExportedFormula& f, limits::Budget* budget = nullptr);

}  // namespace carve::encoder
