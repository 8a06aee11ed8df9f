// Clause building over a SatBackend: counting, a constant-false literal, and the standard
// cardinality encodings (sequential counter, Sinz CP 2005) the encoder needs -- or the back
// end's native at-most-one where it offers one (SatBackend::at_most_one).
// Invariant: every clause and native constraint the encoder emits goes through here, so
// variables(), clauses() and native_constraints() are the size of the formula handed to the solver;
// the constant-false literal's unit clause is never guarded; and with a budget, building stops
// (limits::LimitReached) within 1024 variables or clauses of the budget's limit being reached,
// wherever in an encoding that happens. No clause handed on repeats a literal or holds one with
// its negation: a repeat is written once, a tautology dropped (and not counted).
#pragma once
#include <cstddef>
#include <initializer_list>
#include <vector>

#include "engines/solvers/sat_backend.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::encoder {

class Cnf {
 public:
  // budget: polled while the formula is built (may be null: no limit).
  explicit Cnf(SatBackend& backend, limits::Budget* budget = nullptr);
  int var() {
    poll();
    ++vars_;
    return backend_.new_var();
  }
  void clause(const std::vector<int>& lits);
  void clause(std::initializer_list<int> lits) { clause(std::vector<int>(lits)); }
  int false_lit() const { return false_; }
  // At most one of lits true (the back end's native constraint if it takes it; else sequential
  // counter, pairwise for up to 5 literals).
  void at_most_one(const std::vector<int>& lits);
  void exactly_one(const std::vector<int>& lits);
  // n fresh literals: exactly one true when guard holds, none otherwise (a chosen vertex).
  std::vector<int> one_if(int guard, std::size_t n);
  // A fresh x with x <-> OR(lits).
  int define_or(const std::vector<int>& lits);
  // at[i] for i = 1 .. lits.size() (at[0] unused, 0): at[i] is true exactly when at least i of lits
  // are (a sequential counter, Sinz CP 2005, defined both ways) -- what a clause "at most i of
  // them, or else ..." needs: (at[i + 1] or ...), which must bind when fewer are true.
  std::vector<int> at_least(const std::vector<int>& lits);
  SatBackend& backend() { return backend_; }
  limits::Budget* budget() const { return budget_; }
  // While a Guard lives, every clause gets its literal appended (so it holds only while the
  // literal is false) and no at-most-one is taken natively. Guards nest (a clause gets every
  // living guard's literal: a turn's guard and a rule's selector); 0 guards nothing.
  class Guard {
   public:
    Guard(Cnf& cnf, int lit) : cnf_(cnf), saved_(cnf.guard_.size()) {
      if (lit) cnf.guard_.push_back(lit);
    }
    ~Guard() { cnf_.guard_.resize(saved_); }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    Cnf& cnf_;
    std::size_t saved_;
  };
  std::size_t variables() const { return vars_; }
  std::size_t clauses() const { return clauses_; }
  std::size_t native_constraints() const { return native_; }

 private:
  // One budget poll per 1024 variables and clauses: a clause costs well under a microsecond, so
  // a limit is noticed within a millisecond of building.
  void poll() {
    if (budget_ && (++ops_ & 1023) == 0) budget_->poll();
  }

  SatBackend& backend_;
  limits::Budget* budget_ = nullptr;
  std::size_t ops_ = 0;
  std::size_t vars_ = 0;
  std::size_t clauses_ = 0;
  std::size_t native_ = 0;
  int false_ = 0;
  std::vector<int> guard_;  // the living guards' literals, outermost first
};

}  // namespace carve::encoder
