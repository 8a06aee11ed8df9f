// The one interface a SAT back end offers the encoder (CaDiCaL, Z3, the recording back end of
// `carve export`): variables, clauses, solving under assumptions, model values, limits, and an
// optional native cardinality constraint.
// Invariant: literals are non-zero DIMACS integers over variables the back end handed out;
// value() is meaningful only after solve() returned Sat and before the next add_clause().
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
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
  // Why the last solve() answered Unknown, in the solver's words.
  virtual std::string reason_unknown() const { return "no reason given"; }
  // Takes "at most one of lits" as one native constraint and returns true, or returns false and
  // leaves it to Cnf's clause encoding. Either way the models over lits are the same.
  virtual bool at_most_one(const std::vector<int>& lits) {
    (void)lits;
    return false;
  }
  // For the JSON report: which solver, which build, which seed.
  virtual std::string name() const = 0;
  virtual std::string version() const = 0;
  virtual unsigned seed() const { return 0; }
  // The solver's named bundle of options, if it was given one ("default" otherwise).
  virtual std::string configuration() const { return "default"; }
};

}  // namespace carve::encoder
