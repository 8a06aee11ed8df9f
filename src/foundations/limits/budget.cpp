// The deadline is fixed when the budget is made; the resident set is read at a bounded rate.
#include "foundations/limits/budget.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "foundations/limits/interrupt.hpp"
#include "foundations/limits/resident_memory.hpp"

namespace carve::limits {

Budget::Budget(const Limits& limits, Clock::time_point start)
    : start_(start), timeout_seconds_(limits.timeout_seconds), memory_mb_(limits.memory_mb) {
  if (timeout_seconds_ > 0)
    deadline_ = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_seconds_));
}

void Budget::stop_when(std::shared_ptr<const std::atomic<bool>> flag, std::string reason) {
  stop_flag_ = std::move(flag);
  stop_reason_ = std::move(reason);
}

bool Budget::exhausted() {
  if (!reason_.empty()) return true;
  if (stop_flag_ && stop_flag_->load(std::memory_order_relaxed)) {
    reason_ = stop_reason_;
    return true;
  }
  if (const int signal = interrupt_signal()) {
    reason_ = interrupt_reason(signal);
    return true;
  }
  const auto now = Clock::now();
  if (now > deadline_) {
    reason_ = share_seconds_ >= 0 ? fmt::format("within {:.1f} s, its share of the run's {:.1f} s", share_seconds_, timeout_seconds_)
                                 : fmt::format("timeout after {:.1f} s", timeout_seconds_);
    return true;
  }
  if (memory_mb_ > 0 && now >= next_memory_check_) {
    // 20 ms between reads: a read of /proc/self/statm costs a few microseconds, and no engine
    // allocates fast enough to overshoot the ceiling by much in that time.
    next_memory_check_ = now + std::chrono::milliseconds(20);
    if (resident_mb() > memory_mb_) {
      reason_ = fmt::format("memory limit {} MB reached", memory_mb_);
      return true;
    }
  }
  return false;
}

void Budget::before_bulk(std::size_t items, std::size_t new_bytes) {
  poll();
  if (memory_mb_ > 0 && new_bytes > 0 && resident_mb() + new_bytes / (1024 * 1024) > memory_mb_) {
    reason_ = fmt::format("memory limit {} MB reached", memory_mb_);
    throw LimitReached(reason_);
  }
  if (deadline_ == Clock::time_point::max() || bulk_seconds_per_item_ <= 0) return;
  const auto needed = std::chrono::duration<double>(bulk_seconds_per_item_ * static_cast<double>(items));
  const auto now = Clock::now();
  if (now + std::chrono::duration_cast<Clock::duration>(needed) > deadline_) {
    // Before the deadline, so the reason says by how much: the run's seconds alone would read as
    // a timeout that came too soon.
    const double early = std::max(0.0, std::chrono::duration<double>(deadline_ - now).count());
    reason_ = fmt::format("timeout after {:.1f} s (stopped {:.2f} s early: a rehash would not have ended in time)",
                          timeout_seconds_, early);
    throw LimitReached(reason_);
  }
}

void Budget::after_bulk(std::size_t items, Clock::duration took) {
  if (items < 1024) return;  // too small to time
  // The latest rate, not the worst: a step timed while the process was descheduled would
  // otherwise stop every later run long before its deadline.
  bulk_seconds_per_item_ = std::chrono::duration<double>(took).count() / static_cast<double>(items);
}

Budget Budget::ending_early(double share) const {
  Budget b = *this;
  if (deadline_ != Clock::time_point::max())
    b.deadline_ = start_ + std::chrono::duration_cast<Clock::duration>((deadline_ - start_) * (1.0 - share));
  return b;
}

Budget Budget::ending_before(Clock::duration margin) const {
  Budget b = *this;
  if (deadline_ != Clock::time_point::max()) b.deadline_ = deadline_ - margin;
  return b;
}

Budget Budget::share(double seconds, std::uint64_t nodes) const {
  Budget b = *this;
  const auto now = Clock::now();
  if (deadline_ != Clock::time_point::max() && seconds < remaining_seconds()) {
    b.deadline_ = now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, seconds)));
    b.share_seconds_ = std::max(0.0, seconds);
  }
  if (max_nodes != UINT64_MAX && nodes < remaining_nodes()) {
    b.max_nodes = nodes_ + nodes;
    b.share_nodes_ = nodes;
    b.run_nodes_ = max_nodes;
  }
  return b;
}

double Budget::remaining_seconds() const {
  if (deadline_ == Clock::time_point::max()) return 86400.0;
  return std::max(0.0, std::chrono::duration<double>(deadline_ - Clock::now()).count());
}

bool Budget::share_reason(const std::string& reason) { return reason.rfind("within ", 0) == 0; }

std::string Budget::node_limit_reason() const {
  if (share_nodes_ > 0) return fmt::format("within {} search nodes, its share of the run's {}", share_nodes_, run_nodes_);
  return "search node limit reached";
}

void Budget::expect_allocation(std::size_t bytes, const std::string& what) {
  poll();
  if (memory_mb_ == 0) return;
  const std::size_t mb = bytes >> 20;
  if (resident_mb() + mb <= memory_mb_) return;
  reason_ = fmt::format("memory limit {} MB would be exceeded ({} needs at least {} MB more)", memory_mb_, what, mb);
  throw LimitReached(reason_);
}

double Budget::elapsed_seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

}  // namespace carve::limits
