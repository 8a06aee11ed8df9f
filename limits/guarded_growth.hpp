// Growing a hash container (std::unordered_set/map, absl::flat_hash_set) under a budget. A rehash moves
// every entry and cannot be interrupted, and a per-expansion set of millions of entries takes
// a second or more to rehash: it must not start unless it can end in time.
// Invariant: the container is rehashed only here, timed, after Budget::before_bulk allowed it,
// so no insert that follows make_room() runs long or carries the run past its deadline.
#pragma once
#include <chrono>

#include "limits/budget.hpp"

namespace carve::limits {

// Call before inserting one entry into `set`.
template <class Set>
void make_room(Set& set, Budget& budget) {
  // 7/8: before either kind of table grows by itself (std at load 1, absl's flat sets at 7/8).
  if ((set.size() + 1) * 8 <= set.bucket_count() * 7) return;
  budget.before_bulk(set.size());
  const auto t0 = Budget::Clock::now();
  set.reserve(set.size() * 2 + 16);
  budget.after_bulk(set.size(), Budget::Clock::now() - t0);
}

}  // namespace carve::limits
