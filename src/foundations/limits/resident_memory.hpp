// How much memory this process holds, read from the kernel (no allocation tracking of our own).
// Invariant: every figure is in whole MB and cheap enough to read every few milliseconds.
#pragma once
#include <cstddef>
#include <string>

namespace carve::limits {

// The current resident set (/proc/self/statm).
std::size_t resident_mb();
// The largest resident set so far (getrusage).
std::size_t peak_resident_mb();
// Three quarters of the machine's memory: the limit in force when the user sets none, so that a
// run that explodes answers `unknown` instead of being killed from outside.
std::size_t default_memory_mb();
// The reason an engine answers `unknown` when an allocation fails (std::bad_alloc) before the
// memory limit `limit_mb` acts: "out of memory: an allocation failed (peak resident 2757 MB, limit
// 4000 MB)". A question too large for the machine is unknown, never an internal error.
std::string allocation_failure_reason(std::size_t limit_mb);

}  // namespace carve::limits
