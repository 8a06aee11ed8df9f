// questions/games/interrupt.cpp — the per-thread interrupt scope (see interrupt.hpp).
#include "questions/games/interrupt.hpp"

namespace carve::games {

namespace detail {
thread_local InterruptScope* interrupt_scope = nullptr;

void interrupt_poll() {
  if (interrupt_scope->every_so_often) interrupt_scope->every_so_often();
  interrupt_scope->budget.poll();
}
}  // namespace detail

InterruptScope::InterruptScope(limits::Budget& b, std::function<void()> hook)
    : budget(b), every_so_often(std::move(hook)), outer_(detail::interrupt_scope) {
  detail::interrupt_scope = this;
}

InterruptScope::~InterruptScope() { detail::interrupt_scope = outer_; }

}  // namespace carve::games
