// SIGINT and SIGTERM as one more limit of the run. The first signal only sets a flag; every
// Budget reads it (Budget::exhausted), so each engine stops at its next poll exactly as at a
// timeout, with the reason "interrupted (SIGINT)", and the command goes on to print what it
// knew, remove its temporary files, flush and exit with 128 + the signal's number (130, 143).
// A second signal ends the process at once, by the signal's default action.
// Invariant: interrupt_signal() is 0 until a handled signal arrives, then that first signal's
// number for the rest of the process.
#pragma once
#include <string>

namespace carve::limits {

// Installs the handlers for SIGINT and SIGTERM (once, at the start of main).
void install_interrupt_handlers();
// 0, or the number of the first SIGINT/SIGTERM received.
int interrupt_signal();
// "interrupted (SIGINT)": the reason an engine stopped by the signal reports.
std::string interrupt_reason(int signal);
// 128 + the signal: what a command interrupted by it exits with.
inline int interrupted_exit_code(int signal) { return 128 + signal; }
// For tests: as if `signal` had arrived (0 clears it).
void simulate_interrupt(int signal);

}  // namespace carve::limits
