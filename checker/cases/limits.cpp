// /proc/self/statm for the resident set; the deadline is taken when the budget is made.
#include "checker/cases/limits.hpp"

#include <chrono>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

namespace carve::cases {

std::size_t resident_mb() {
  std::ifstream in("/proc/self/statm");
  std::size_t size = 0, resident = 0;
  in >> size >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) / (1024 * 1024);
}

std::size_t default_memory_mb() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::size_t kb = 0;
  while (in >> key >> kb) {
    if (key == "MemTotal:") return kb / 1024 * 3 / 4;
    in.ignore(256, '\n');
  }
  return 0;
}

std::size_t peak_resident_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::size_t>(u.ru_maxrss) / 1024;
}

model::Budget make_budget(const Limits& limits) {
  model::Budget b;
  if (limits.timeout_seconds > 0)
    b.deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(limits.timeout_seconds));
  if (limits.memory_mb > 0) {
    const std::size_t cap = limits.memory_mb;
    b.stop = [cap]() { return resident_mb() > cap; };
  }
  return b;
}

}  // namespace carve::cases
