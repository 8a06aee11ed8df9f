// statm with read(2) into a stack buffer: no stream, no allocation, a few microseconds.
#include "foundations/limits/resident_memory.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

namespace carve::limits {

std::size_t resident_mb() {
  const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buf[128];
  const auto n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (n <= 0) return 0;
  buf[n] = '\0';
  char* end = nullptr;
  std::strtoull(buf, &end, 10);  // total program size; the resident set is the second field
  const auto pages = std::strtoull(end, nullptr, 10);
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) / (1024 * 1024);
}

std::size_t peak_resident_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::size_t>(u.ru_maxrss) / 1024;
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

std::string allocation_failure_reason(std::size_t limit_mb) {
  return fmt::format("out of memory: an allocation failed (peak resident {} MB, limit {} MB)", peak_resident_mb(), limit_mb);
}

}  // namespace carve::limits
