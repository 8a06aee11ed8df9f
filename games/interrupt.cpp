// games/interrupt.cpp — the per-thread interrupt scope (see interrupt.hpp).
#include "games/interrupt.hpp"

namespace carve::games {

namespace detail {
thread_local const std::function<std::string()>* interrupt_reason = nullptr;
thread_local std::uint32_t interrupt_ticks = 0;

void interrupt_poll() {
  std::string why = (*interrupt_reason)();
  if (!why.empty()) throw Interrupted(why);
}
}  // namespace detail

InterruptScope::InterruptScope(std::function<std::string()> reason)
    : reason_(std::move(reason)), outer_(detail::interrupt_reason) {
  detail::interrupt_reason = &reason_;
}

InterruptScope::~InterruptScope() { detail::interrupt_reason = outer_; }

}  // namespace carve::games
