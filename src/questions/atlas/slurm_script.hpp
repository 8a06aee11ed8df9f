// The Slurm form of an atlas run: a job-array script (sbatch --array) whose task I runs
// `carve atlas run DIR --job I`, writing its result to DIR/parts/job-I.json; `carve atlas merge
// DIR` then folds the parts into the store.
// Invariant: the array lists exactly the questions the store does not hold yet (as ranges), so
// submitting the script again after a partial run repeats no answered question.
#pragma once
#include <string>
#include <vector>

namespace carve::atlas {

struct SlurmOptions {
  std::string executable;     // the carve binary, as the cluster's nodes see it
  std::string dir;            // the atlas folder, as the cluster's nodes see it (shared filesystem)
  std::string partition;      // empty: the cluster's default
  int max_parallel = 0;       // the array's %N throttle (0: none)
  int memory_mb = 0;          // --mem per task (0: the cluster's default)
  std::string time_limit;     // --time per task, e.g. "01:00:00" (empty: the cluster's default)
};

// "0-3,7,9-12": the indices as ranges.
std::string array_ranges(const std::vector<int>& indices);
std::string slurm_script(const SlurmOptions& o, const std::vector<int>& pending);

}  // namespace carve::atlas
