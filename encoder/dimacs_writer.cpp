// A formula recorded clause by clause and written as DIMACS (see dimacs_writer.hpp).
#include "encoder/dimacs_writer.hpp"

#include <ostream>
#include <stdexcept>

namespace carve::encoder {

void DimacsRecorder::add_clause(const std::vector<int>& lits) {
  for (int l : lits)
    if (l == 0 || l > vars_ || -l > vars_) throw std::logic_error("a recorded clause names a variable never handed out");
  lits_.insert(lits_.end(), lits.begin(), lits.end());
  offsets_.push_back(lits_.size());
}

SolveStatus DimacsRecorder::solve(const std::vector<int>&) {
  throw std::logic_error("a recorded formula is written (write_dimacs) or replayed into a solver, not solved");
}

bool DimacsRecorder::value(int) { throw std::logic_error("a recorded formula has no model"); }

void DimacsRecorder::write_dimacs(std::ostream& out, const std::vector<std::string>& comments) const {
  for (const auto& c : comments) out << "c " << c << '\n';
  out << "p cnf " << vars_ << ' ' << clauses() << '\n';
  for (std::size_t i = 0; i + 1 < offsets_.size(); ++i) {
    for (std::size_t k = offsets_[i]; k < offsets_[i + 1]; ++k) out << lits_[k] << ' ';
    out << "0\n";
  }
}

void DimacsRecorder::replay_into(SatBackend& backend) const {
  for (int v = 1; v <= vars_; ++v)
    if (backend.new_var() != v) throw std::logic_error("replay_into needs a back end with no variables yet");
  std::vector<int> clause;
  for (std::size_t i = 0; i + 1 < offsets_.size(); ++i) {
    clause.assign(lits_.begin() + static_cast<std::ptrdiff_t>(offsets_[i]), lits_.begin() + static_cast<std::ptrdiff_t>(offsets_[i + 1]));
    backend.add_clause(clause);
  }
}

}  // namespace carve::encoder
