// The one interface a SAT back end offers the encoder (CaDiCaL now; Z3 later): variables,
// clauses, solving under assumptions, model values and a deadline.
// Invariant: literals are non-zero DIMACS integers over variables the back end handed out;
// value() is meaningful only after solve() returned Sat and before the next add_clause().
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

namespace carve::encoder {

enum class SolveStatus { Sat, Unsat, Unknown };

class SatBackend {
 public:
  virtual ~SatBackend() = default;
  virtual int new_var() = 0;
  virtual void add_clause(const std::vector<int>& lits) = 0;
  virtual SolveStatus solve(const std::vector<int>& assumptions) = 0;
  virtual bool value(int lit) = 0;
  // Solving past this instant answers Unknown.
  virtual void set_deadline(std::chrono::steady_clock::time_point deadline) = 0;
  // Called while solving, every few milliseconds at most apart, by back ends that can poll (the
  // run's budget: its memory ceiling, the progress line); returning true ends the solve with
  // Unknown. Back ends that cannot poll rely on set_deadline and their own limits.
  virtual void set_interrupt(std::function<bool()> poll) { (void)poll; }
  // Conflicts met so far by all solve() calls (for the progress line; 0 when not counted).
  virtual std::uint64_t conflicts() const { return 0; }
};

}  // namespace carve::encoder
