// Z3 in-process behind SatBackend: the encoder's clauses become Z3 Boolean constants and
// disjunctions, long at-most-one rows go to Z3's native pseudo-Boolean atmost, and the deadline,
// memory limit and seed are Z3's solver parameters "timeout", "max_memory" and "random_seed";
// the interrupt (the run's budget) is polled by a watcher thread that interrupts Z3's context.
// The memory limit is also Z3's global "memory_max_size": Z3 refuses an allocation that would
// pass it (its tables double in one step, past any poll between clauses), and the refusal is
// limits::LimitReached from whichever call met it.
// Invariant: one z3::solver per backend, used incrementally (assertions only grow); variable i
// is the Boolean constant vars_[i - 1], so DIMACS literals mean the same as for CaDiCaL.
#pragma once
#include <cstddef>
#include <memory>

#include "engines/solvers/sat_backend.hpp"

namespace carve::encoder {

struct Z3Options {
  unsigned seed = 0;
  std::size_t memory_mb = 0;       // 0: no limit
  // At-most-one over at least this many literals is one native atmost; shorter ones are left to
  // the clauses of Cnf (0: never native, 2: always). z3_backend.cpp has the measurements.
  std::size_t native_at_most_one_from = kDefaultNativeFrom;
  static constexpr std::size_t kDefaultNativeFrom = 512;
};

class Z3Backend : public SatBackend {
 public:
  explicit Z3Backend(const Z3Options& options = {});
  ~Z3Backend() override;
  int new_var() override;
  void add_clause(const std::vector<int>& lits) override;
  SolveStatus solve(const std::vector<int>& assumptions) override;
  bool value(int lit) override;
  void set_deadline(std::chrono::steady_clock::time_point deadline) override;
  void set_interrupt(std::function<bool()> poll) override { interrupt_ = std::move(poll); }
  std::string reason_unknown() const override { return reason_; }
  bool at_most_one(const std::vector<int>& lits) override;
  std::string name() const override { return "z3"; }
  std::string version() const override;
  unsigned seed() const override { return options_.seed; }
  // The logic and where at-most-one goes, e.g. "QF_FD, native atmost from 512 literals".
  std::string configuration() const override;

 private:
  struct State;
  static std::unique_ptr<State> make_state(const Z3Options& options);
  // A Z3 call with its out-of-memory refusal turned into limits::LimitReached.
  template <class F>
  auto guarded(F&& f) -> decltype(f());
  std::unique_ptr<State> z_;
  Z3Options options_;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  std::string reason_;
  std::function<bool()> interrupt_;
};

}  // namespace carve::encoder
