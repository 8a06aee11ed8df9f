// CaDiCaL adapter: clauses and assumptions passed through, a terminator for the deadline, a fixed seed.
#include "encoder/cadical_backend.hpp"

#include <cadical.hpp>

namespace carve::encoder {

struct CadicalBackend::Deadline : CaDiCaL::Terminator {
  std::chrono::steady_clock::time_point at = std::chrono::steady_clock::time_point::max();
  bool terminate() override { return std::chrono::steady_clock::now() > at; }
};

CadicalBackend::CadicalBackend(unsigned seed)
    : solver_(std::make_unique<CaDiCaL::Solver>()), deadline_(std::make_unique<Deadline>()), seed_(seed) {
  solver_->set("seed", static_cast<int>(seed));
  solver_->connect_terminator(deadline_.get());
}

// Debian's build answers "sc2021" here, not the package version (1.5.3).
std::string CadicalBackend::version() const { return CaDiCaL::Solver::version(); }

CadicalBackend::~CadicalBackend() { solver_->disconnect_terminator(); }

void CadicalBackend::add_clause(const std::vector<int>& lits) {
  for (int l : lits) solver_->add(l);
  solver_->add(0);
}

SolveStatus CadicalBackend::solve(const std::vector<int>& assumptions) {
  if (deadline_->terminate()) return SolveStatus::Unknown;
  for (int a : assumptions) solver_->assume(a);
  const int r = solver_->solve();
  return r == 10 ? SolveStatus::Sat : r == 20 ? SolveStatus::Unsat : SolveStatus::Unknown;
}

bool CadicalBackend::value(int lit) { return solver_->val(lit) > 0; }

void CadicalBackend::set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_->at = deadline; }

}  // namespace carve::encoder
