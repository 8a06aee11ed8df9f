// The guard over mapped files: a mapping whose file another process truncates raises SIGBUS at
// the first read past the new end, which would end carve as a crash. Each MappedFile registers
// its range here; the SIGBUS handler, finding the faulting address in a registered range, writes
// "carve: PATH: the file was cut short while carve read it ..." and ends the process with exit
// code 2, as for any file that cannot be read. A SIGBUS elsewhere is a bug, and is raised again
// with the default action.
// Invariant: a slot is published (its start set last, with release order) only once its size
// and path are written, and is cleared before its mapping is unmapped; the handler reads slots
// only, with acquire loads, and calls only async-signal-safe functions.
#pragma once

#include <cstddef>
#include <string>

namespace carve::drat::detail {

// Registers [start, start + size) as the mapping of `path`; returns its slot, or -1 when every
// slot is taken (the mapping is then unguarded: a cut file ends the process by SIGBUS as before).
// Installs the handler on first use.
int guard_mapping(const void* start, std::size_t size, const std::string& path);
// Forgets a slot guard_mapping returned (-1: nothing).
void unguard_mapping(int slot);

// The exit code of a process whose mapped file was cut short: a file that cannot be read.
constexpr int kCutShortExit = 2;

}  // namespace carve::drat::detail
