// CaDiCaL in-process behind SatBackend; the deadline is polled through CaDiCaL's terminator.
// Invariant: one CaDiCaL::Solver per backend, used incrementally (clauses only grow).
#pragma once
#include <cstdint>
#include <memory>

#include "encoder/sat_backend.hpp"

namespace CaDiCaL {
class Solver;
}

namespace carve::encoder {

class CadicalBackend : public SatBackend {
 public:
  CadicalBackend();
  ~CadicalBackend() override;
  int new_var() override { return ++vars_; }
  void add_clause(const std::vector<int>& lits) override;
  SolveStatus solve(const std::vector<int>& assumptions) override;
  bool value(int lit) override;
  void set_deadline(std::chrono::steady_clock::time_point deadline) override;
  // Clauses CaDiCaL learned so far (one per conflict it analysed): the measure of search effort
  // that does not depend on the machine's load.
  std::uint64_t learned() const;

 private:
  struct Deadline;
  struct Counter;
  std::unique_ptr<CaDiCaL::Solver> solver_;
  std::unique_ptr<Deadline> deadline_;
  std::unique_ptr<Counter> counter_;
  int vars_ = 0;
};

}  // namespace carve::encoder
