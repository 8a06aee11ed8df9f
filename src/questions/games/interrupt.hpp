// questions/games/interrupt.hpp — how the engines of games/ obey the run's limits::Budget (a claim run's
// --timeout and --memory-limit) without taking it as a parameter: they call interrupt_point() in
// their inner loops, and whoever runs them installs the budget with an InterruptScope.
// Invariant: without a scope on this thread interrupt_point() never throws; with one it polls the
// budget once per 1024 calls and throws limits::LimitReached (what() = the budget's reason) once a
// limit is reached. Engines only memoise finished values, so a table interrupted half-way stays
// correct.
#pragma once

#include <cstdint>
#include <functional>

#include "foundations/limits/budget.hpp"

namespace carve::games {

class InterruptScope {
 public:
  // `every_so_often` (may be empty) runs at each poll, before the budget: the caller's progress line.
  explicit InterruptScope(limits::Budget& budget, std::function<void()> every_so_often = {});
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  limits::Budget& budget;
  std::function<void()> every_so_often;
  std::uint32_t ticks = 0;

 private:
  InterruptScope* outer_;
};

namespace detail {
extern thread_local InterruptScope* interrupt_scope;
void interrupt_poll();  // runs the hook, polls the budget; throws limits::LimitReached
}  // namespace detail

inline void interrupt_point() {
  if (detail::interrupt_scope != nullptr && (++detail::interrupt_scope->ticks & 1023u) == 0) detail::interrupt_poll();
}

}  // namespace carve::games
