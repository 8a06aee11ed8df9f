// Running a plan on one machine: a pool of N worker processes, each `carve atlas run DIR --job I`
// (the very command a Slurm array task runs), each result folded into the store as its worker
// ends. Workers die with the pool (PR_SET_PDEATHSIG), so a killed run leaves no orphan that would
// answer a question a second time. A SIGINT/SIGTERM to the pool is passed on to its workers,
// which stop and record nothing.
// Invariant: a question whose key the store holds is not run again (unless `retry_open` and its
// record is not settled); a worker's result reaches the store only through its part file, so
// every record in the store is complete and none is appended twice.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "questions/atlas/plan.hpp"

namespace carve::atlas {

struct PoolOptions {
  int jobs = 1;
  bool retry_open = false;       // run again questions whose record is win/no-win uncertified or unknown
  bool quiet = false;            // no progress on stderr
  std::string executable;        // the carve binary the workers run
  std::size_t worker_memory_mb = 0;  // each worker's memory limit (0: the plan's)
  std::optional<double> worker_timeout;  // each worker's timeout (none: the plan's)
  int hang_after = 0;            // test hook: after this many records, stop and wait to be killed
};

struct PoolSummary {
  int total = 0;      // questions in the plan
  int skipped = 0;    // already in the store
  int answered = 0;   // answered in this run
  int failed = 0;     // workers that ended without a result (their exit codes went to stderr)
  int worst_exit = 0; // the highest exit code of a failed worker (2 bad input, 3 internal error)
  int interrupted = 0;      // the SIGINT/SIGTERM that stopped the run (0: none); no new worker started after it
  int interrupted_jobs = 0; // workers it stopped (they record nothing: asked again next time)
  double seconds = 0;
};

// The questions still to run, in plan order.
std::vector<int> pending_questions(const std::string& dir, const Plan& plan, bool retry_open);

PoolSummary run_pool(const std::string& dir, const Plan& plan, const PoolOptions& options);

// One line for a record: "K4 literal d4: 5 turns, certified (13.2 s)".
std::string record_line(const nlohmann::json& record);

}  // namespace carve::atlas
