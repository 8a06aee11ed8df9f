// How much memory this process holds, read from the kernel (no allocation tracking of our own).
// Invariant: every figure is in whole MB and cheap enough to read every few milliseconds.
#pragma once
#include <cstddef>

namespace carve::limits {

// The current resident set (/proc/self/statm).
std::size_t resident_mb();
// The largest resident set so far (getrusage).
std::size_t peak_resident_mb();
// Three quarters of the machine's memory: the limit in force when the user sets none, so that a
// run that explodes answers `unknown` instead of being killed from outside.
std::size_t default_memory_mb();

}  // namespace carve::limits
