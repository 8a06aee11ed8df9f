// read_whole_file: loads a file's bytes into memory for the readers, under the run's budget.
// Invariant: returns every byte of the file or throws -- InputError "path: message" when the
// file cannot be read, limits::LimitReached when the budget (time, memory, an interrupt) runs out
// first. A FIFO or other non-regular file is opened without blocking and read as data arrives,
// the budget polled at least every 100 ms, so a FIFO with no writer ends at the deadline.
#pragma once

#include <unistd.h>

#include <string>

namespace carve::limits {
class Budget;
}

namespace carve::drat::detail {

// An open descriptor, closed when it goes out of scope (on every path, a throw included).
struct Descriptor {
  explicit Descriptor(int d) : fd(d) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() { ::close(fd); }
  int fd;
};

// `budget` may be null: no limit (a FIFO with no writer then waits for one).
std::string read_whole_file(const std::string& path, limits::Budget* budget = nullptr);

// The same from a descriptor the caller opened (O_NONBLOCK) and still owns: a FIFO must be read
// through the one opening that its writer met -- closing it and opening the path again loses what
// the writer wrote in between, and waits for a writer that never comes.
std::string read_whole_descriptor(int fd, const std::string& path, limits::Budget* budget = nullptr);

}  // namespace carve::drat::detail
