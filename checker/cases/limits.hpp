// Time and memory limits turned into a search Budget.
// Invariant: a Budget made here stops the search (SearchLimit) once the wall clock passes the
// deadline or the resident set exceeds the memory limit; 0 means "no limit".
#pragma once
#include <cstddef>

#include "model/collapse_paths.hpp"

namespace carve::cases {

struct Limits {
  double timeout_seconds = 0;
  std::size_t memory_mb = 0;
  bool progress = false;
};

model::Budget make_budget(const Limits& limits);
std::size_t resident_mb();
// Three quarters of the machine's memory: the limit in force when the user sets none, so that a
// search that explodes answers `unknown` instead of being killed from outside.
std::size_t default_memory_mb();
std::size_t peak_resident_mb();

}  // namespace carve::cases
