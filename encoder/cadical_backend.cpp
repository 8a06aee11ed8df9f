// CaDiCaL adapter: clauses and assumptions passed through, a terminator for the deadline.
#include "encoder/cadical_backend.hpp"

#include <cadical.hpp>

#include <stdexcept>

namespace carve::encoder {

struct CadicalBackend::Deadline : CaDiCaL::Terminator {
  std::chrono::steady_clock::time_point at = std::chrono::steady_clock::time_point::max();
  bool terminate() override { return std::chrono::steady_clock::now() > at; }
};

CadicalBackend::CadicalBackend() : solver_(std::make_unique<CaDiCaL::Solver>()), deadline_(std::make_unique<Deadline>()) {
  solver_->connect_terminator(deadline_.get());
}

CadicalBackend::CadicalBackend(const ProofTrace& trace)
    : solver_(std::make_unique<CaDiCaL::Solver>()), deadline_(std::make_unique<Deadline>()) {
  // Options and the trace before anything else: the solver must still be configuring.
  solver_->set("quiet", 1);
  solver_->set("binary", trace.binary ? 1 : 0);
  // CaDiCaL keeps the name it is given until the trace is closed: pass our own copy.
  proof_path_ = trace.path;
  if (!solver_->trace_proof(proof_path_.c_str())) throw std::runtime_error("cannot write the proof file " + trace.path);
  solver_->connect_terminator(deadline_.get());
}

void CadicalBackend::close_proof() {
  solver_->flush_proof_trace();
  solver_->close_proof_trace();
}

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
