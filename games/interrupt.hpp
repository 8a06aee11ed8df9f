// games/interrupt.hpp — how a long engine computation learns that it must stop (a claim run's
// --timeout or --memory-limit): the engines call interrupt_point() in their inner loops, and
// whoever runs them installs an InterruptScope saying when to stop.
// Invariant: without a scope on this thread interrupt_point() never throws; with one it asks the
// scope once per 1024 calls and throws Interrupted(reason) as soon as the reason is non-empty.
// Engines only memoise finished values, so a table interrupted half-way stays correct.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

namespace carve::games {

struct Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class InterruptScope {
 public:
  // `reason` returns why to stop ("time limit (--timeout 2 s)"), or "" to go on.
  explicit InterruptScope(std::function<std::string()> reason);
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  std::function<std::string()> reason_;
  const std::function<std::string()>* outer_;
};

namespace detail {
extern thread_local const std::function<std::string()>* interrupt_reason;
extern thread_local std::uint32_t interrupt_ticks;
void interrupt_poll();  // asks the scope; throws Interrupted
}  // namespace detail

inline void interrupt_point() {
  if (detail::interrupt_reason != nullptr && (++detail::interrupt_ticks & 1023u) == 0) detail::interrupt_poll();
}

}  // namespace carve::games
