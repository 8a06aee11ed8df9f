// The budget of one run: a deadline, a ceiling on the resident set and (for fuzzers) a count of
// steps, polled by every engine (explicit search, the SAT terminator, the DRAT checker, claims,
// the encoders through encoder::Cnf, elaboration of a deduction universe).
// Invariant: once a limit is reached, exhausted() keeps naming that first limit, and the reason
// states the limit as the user gave it ("timeout after 2.0 s", "memory limit 200 MB reached"), so
// every engine that stops on it reports the same words in its `unknown` (a stop ahead of the
// deadline adds how early, after those words). An interrupt (SIGINT,
// SIGTERM: foundations/limits/interrupt.hpp) is a limit like the others ("interrupted (SIGINT)").
#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace carve::limits {

// What the user asked for (0: no limit) and whether progress may be shown.
struct Limits {
  double timeout_seconds = 0;
  std::size_t memory_mb = 0;
  bool progress = false;
};

// Thrown by Budget::tick()/poll(); what() is the reason. Callers answer `unknown` with it.
struct LimitReached : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  Budget() = default;  // no limit
  // The clock starts now: the deadline is `start + timeout`.
  explicit Budget(const Limits& limits, Clock::time_point start = Clock::now());

  // A bound on tick() calls, for fuzzers and tests that must stay small whatever the input.
  std::uint64_t max_nodes = UINT64_MAX;

  // One unit of work: cheap enough for the innermost loop (the clock and the memory are read
  // once every 1024 ticks).
  void tick() {
    if (++nodes_ > max_nodes) throw LimitReached(node_limit_reason());
    if ((nodes_ & 1023) == 0) poll();
  }
  // Throws LimitReached when a limit is reached.
  void poll() {
    if (exhausted()) throw LimitReached(reason_);
  }
  // True once a limit is reached (then reason() names it). Reads the clock on every call and the
  // resident set at most once every 20 ms, so a solver callback may call it as often as it likes.
  bool exhausted();

  // Around one step that cannot be interrupted (rehashing a hash set of `items` entries):
  // before_bulk polls and also stops (LimitReached) when the step, at the rate after_bulk
  // measured last, would end past the deadline -- the reason then says how early it stopped --
  // or when the `new_bytes` it allocates (the new table, while the old one is still held) would
  // carry the resident set past the memory limit.
  void before_bulk(std::size_t items, std::size_t new_bytes = 0);
  void after_bulk(std::size_t items, Clock::duration took);

  // Before a step that will need at least `bytes` more memory (an encoding whose size is
  // estimated before it is built): polls, and stops (LimitReached) when the resident set plus
  // `bytes` would pass the memory ceiling -- rather than building until the ceiling is reached,
  // or until the machine has no memory left. `what` names the step in the reason.
  void expect_allocation(std::size_t bytes, const std::string& what);

  // A copy whose deadline comes `share` of the time limit earlier, its reason stating the same
  // limit: for work whose undoing takes time once it stops (Z3 frees a formula's terms one by one,
  // about a sixth of the time it took to build them), so that the whole run still ends in time.
  Budget ending_early(double share) const;
  // The same with a deadline `margin` earlier (work whose undoing time is estimated as it runs).
  Budget ending_before(Clock::duration margin) const;

  // A copy for one part of the run (one trial of carve explain), so that a hard part cannot take
  // what the others need: its deadline at most `seconds` from now and at most `nodes` more
  // tick() calls, never past the run's own limits. A limit of the share that comes before the
  // run's is reported as the share's: "within 12.5 s, its share of the run's 300.0 s".
  Budget share(double seconds, std::uint64_t nodes = UINT64_MAX) const;
  // Whether an engine's `unknown` reason is a share's limit (share()), not the run's.
  static bool share_reason(const std::string& reason);
  // The time left before the deadline (a day when there is none), and the ticks left.
  double remaining_seconds() const;
  std::uint64_t remaining_nodes() const { return max_nodes > nodes_ ? max_nodes - nodes_ : 0; }
  // Counts `nodes` ticks that a share spent in its own copy (a share does not report its ticks
  // back, so its whole share is charged).
  void charge(std::uint64_t nodes) { nodes_ = nodes > remaining_nodes() ? max_nodes : nodes_ + nodes; }

  // Another thread's word to stop (engines racing on one question: the first answer stops the
  // others): once `flag` is set, the budget is exhausted with `reason`. Copies share the flag.
  void stop_when(std::shared_ptr<const std::atomic<bool>> flag, std::string reason);
  const std::string& reason() const { return reason_; }
  Clock::time_point deadline() const { return deadline_; }
  std::size_t memory_mb() const { return memory_mb_; }
  double elapsed_seconds() const;

 private:
  Clock::time_point start_ = Clock::now();
  Clock::time_point deadline_ = Clock::time_point::max();
  double timeout_seconds_ = 0;
  std::size_t memory_mb_ = 0;
  Clock::time_point next_memory_check_{};
  std::uint64_t nodes_ = 0;
  double share_seconds_ = -1;       // a share's own time (share()), < 0: the deadline is the run's
  std::uint64_t share_nodes_ = 0;   // a share's own ticks, 0: the run's max_nodes
  std::uint64_t run_nodes_ = UINT64_MAX;
  std::string node_limit_reason() const;
  double bulk_seconds_per_item_ = 0;
  std::string reason_;
  std::shared_ptr<const std::atomic<bool>> stop_flag_;
  std::string stop_reason_;
};

}  // namespace carve::limits
