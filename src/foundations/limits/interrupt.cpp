// The signal handler only stores the signal number (a lock-free atomic: async-signal-safe).
#include "foundations/limits/interrupt.hpp"

#include <atomic>
#include <csignal>

namespace carve::limits {

namespace {

std::atomic<int> received{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int signal) {
  int none = 0;
  if (!received.compare_exchange_strong(none, signal)) {
    // Asked twice: the user wants out now.
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // reads and writes in progress go on; the engines poll the flag
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interrupt_signal() { return received.load(std::memory_order_relaxed); }

std::string interrupt_reason(int signal) {
  return signal == SIGINT ? "interrupted (SIGINT)" : signal == SIGTERM ? "interrupted (SIGTERM)" : "interrupted (signal " + std::to_string(signal) + ")";
}

void simulate_interrupt(int signal) { received.store(signal); }

}  // namespace carve::limits
