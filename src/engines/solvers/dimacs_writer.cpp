// A formula recorded clause by clause and written as DIMACS (see dimacs_writer.hpp).
#include "engines/solvers/dimacs_writer.hpp"

#include <ostream>
#include <stdexcept>

namespace carve::encoder {

void DimacsRecorder::add_clause(const std::vector<int>& lits) {
  for (int l : lits)
    if (l == 0 || l > vars_ || -l > vars_) throw std::logic_error("a recorded clause names a variable never handed out");
  clauses_.add(lits);
}

SolveStatus DimacsRecorder::solve(const std::vector<int>&) {
  throw std::logic_error("a recorded formula is written (write_dimacs) or replayed into a solver, not solved");
}

bool DimacsRecorder::value(int) { throw std::logic_error("a recorded formula has no model"); }

void write_dimacs(std::ostream& out, int variables, const ClauseList& clauses, const std::vector<std::string>& comments,
                  limits::Budget* budget) {
  for (const auto& c : comments) out << "c " << c << '\n';
  out << "p cnf " << variables << ' ' << clauses.size() << '\n';
  clauses.for_each([&](std::span<const int> clause) {
    if (budget) budget->tick();
    for (int l : clause) out << l << ' ';
    out << "0\n";
  });
}

void DimacsRecorder::write_dimacs(std::ostream& out, const std::vector<std::string>& comments, limits::Budget* budget) const {
  encoder::write_dimacs(out, vars_, clauses_, comments, budget);
}

void DimacsRecorder::replay_into(SatBackend& backend, limits::Budget* budget) const {
  for (int v = 1; v <= vars_; ++v)
    if (backend.new_var() != v) throw std::logic_error("replay_into needs a back end with no variables yet");
  std::vector<int> lits;
  clauses_.for_each([&](std::span<const int> clause) {
    if (budget) budget->tick();
    lits.assign(clause.begin(), clause.end());
    backend.add_clause(lits);
  });
}

}  // namespace carve::encoder
