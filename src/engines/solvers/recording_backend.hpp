// A SatBackend that keeps every variable and clause it is given -- the formula `carve export`
// writes -- and passes them on to an inner back end that does the solving (the SAT engine's
// lemma loop runs through it, so the recorded formula carries every lemma the loop needed).
// Invariant: clauses() is exactly what the inner back end was given, in order, over the same
// variable numbers 1..variables(); no native constraint is ever taken (at_most_one answers
// false), so the record is plain CNF.
#pragma once
#include <memory>

#include "engines/solvers/clause_list.hpp"
#include "engines/solvers/sat_backend.hpp"

namespace carve::encoder {

class RecordingBackend : public SatBackend {
 public:
  explicit RecordingBackend(std::unique_ptr<SatBackend> inner) : inner_(std::move(inner)) {}
  int new_var() override;
  void add_clause(const std::vector<int>& lits) override;
  SolveStatus solve(const std::vector<int>& assumptions) override { return inner_->solve(assumptions); }
  bool value(int lit) override { return inner_->value(lit); }
  void set_deadline(std::chrono::steady_clock::time_point deadline) override { inner_->set_deadline(deadline); }
  void set_interrupt(std::function<bool()> poll) override { inner_->set_interrupt(std::move(poll)); }
  std::uint64_t conflicts() const override { return inner_->conflicts(); }
  std::string reason_unknown() const override { return inner_->reason_unknown(); }
  std::string name() const override { return inner_->name(); }
  std::string version() const override { return inner_->version(); }
  unsigned seed() const override { return inner_->seed(); }

  int variables() const { return vars_; }
  const ClauseList& clauses() const { return clauses_; }
  // The record, handed over (the back end keeps none).
  ClauseList take_clauses() { return std::move(clauses_); }

 private:
  std::unique_ptr<SatBackend> inner_;
  int vars_ = 0;
  ClauseList clauses_;
};

}  // namespace carve::encoder
