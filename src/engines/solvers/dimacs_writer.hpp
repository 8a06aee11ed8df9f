// A formula recorded clause by clause and written as DIMACS: what the encoder built, kept so that
// exactly those clauses can be written to a file and handed to a solver afterwards.
// Invariant: write_dimacs() writes a header "p cnf V C" with V = the variables handed out and
// C = the clauses recorded, then every recorded clause in order, each ended by 0; replay_into()
// gives a back end the same variables and clauses in the same order.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "engines/solvers/clause_list.hpp"
#include "engines/solvers/sat_backend.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::encoder {

class DimacsRecorder : public SatBackend {
 public:
  int new_var() override { return ++vars_; }
  void add_clause(const std::vector<int>& lits) override;
  // A recorded formula is written, not solved: solve() and value() throw std::logic_error.
  SolveStatus solve(const std::vector<int>& assumptions) override;
  bool value(int lit) override;
  void set_deadline(std::chrono::steady_clock::time_point) override {}
  std::string name() const override { return "dimacs-recorder"; }
  std::string version() const override { return "-"; }

  int variables() const { return vars_; }
  std::size_t clauses() const { return clauses_.size(); }
  // `comments` become 'c' lines before the header (one per element, no newlines inside).
  // Both poll `budget` (may be null) as they go: a formula of millions of clauses takes seconds.
  void write_dimacs(std::ostream& out, const std::vector<std::string>& comments = {}, limits::Budget* budget = nullptr) const;
  void replay_into(SatBackend& backend, limits::Budget* budget = nullptr) const;

 private:
  int vars_ = 0;
  ClauseList clauses_;
};

// The one DIMACS writer (certificates and `carve export`): 'c' lines, `p cnf V C`, the clauses;
// limits::LimitReached when `budget` (may be null) runs out on the way.
void write_dimacs(std::ostream& out, int variables, const ClauseList& clauses, const std::vector<std::string>& comments,
                  limits::Budget* budget = nullptr);

}  // namespace carve::encoder
