// Growing a node-based hash container (std::unordered_set/map) under a budget. A rehash moves
// every entry and cannot be interrupted, and a per-expansion set of millions of entries takes
// seconds to rehash and as long again to free: it must not start unless it can end in time.
// Invariant: the container is rehashed only here, timed, after Budget::before_bulk allowed it,
// so no insert that follows make_room() runs long or carries the run past its deadline.
#pragma once
#include <chrono>

#include "limits/budget.hpp"

namespace carve::limits {

// Call before inserting one entry into `set`.
template <class Set>
void make_room(Set& set, Budget& budget) {
  if (static_cast<float>(set.size() + 1) <= set.max_load_factor() * static_cast<float>(set.bucket_count())) return;
  budget.before_bulk(set.size());
  const auto t0 = Budget::Clock::now();
  set.reserve(set.size() * 2 + 16);
  budget.after_bulk(set.size(), Budget::Clock::now() - t0);
}

}  // namespace carve::limits
