// The sbatch script text.
#include "questions/atlas/slurm_script.hpp"

#include <fmt/format.h>

namespace carve::atlas {

std::string array_ranges(const std::vector<int>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    out += (out.empty() ? "" : ",") + (j == i ? std::to_string(v[i]) : fmt::format("{}-{}", v[i], v[j]));
    i = j + 1;
  }
  return out;
}

namespace {

// Single quotes for the shell.
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

}  // namespace

std::string slurm_script(const SlurmOptions& o, const std::vector<int>& pending) {
  std::string s = "#!/bin/bash\n# carve atlas: one array task per question not yet in the store (`carve atlas slurm` wrote this).\n"
                  "# Submit with `sbatch` on a node that sees the atlas folder; afterwards run `carve atlas merge` on it.\n";
  s += "#SBATCH --job-name=carve-atlas\n";
  s += fmt::format("#SBATCH --array={}{}\n", array_ranges(pending), o.max_parallel > 0 ? fmt::format("%{}", o.max_parallel) : "");
  s += "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n";
  s += fmt::format("#SBATCH --output={}/slurm/task-%a.out\n", o.dir);
  if (!o.partition.empty()) s += fmt::format("#SBATCH --partition={}\n", o.partition);
  if (o.memory_mb > 0) s += fmt::format("#SBATCH --mem={}M\n", o.memory_mb);
  if (!o.time_limit.empty()) s += fmt::format("#SBATCH --time={}\n", o.time_limit);
  s += fmt::format("exec {} atlas run {} --job \"$SLURM_ARRAY_TASK_ID\" --quiet\n", quoted(o.executable), quoted(o.dir));
  return s;
}

}  // namespace carve::atlas
