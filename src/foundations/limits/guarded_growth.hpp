// Growing a hash container (std::unordered_set/map, absl::flat_hash_set) under a budget. A rehash moves
// every entry and cannot be interrupted, and a per-expansion set of millions of entries takes
// a second or more to rehash: it must not start unless it can end in time.
// Invariant: the container is rehashed only here, timed, after Budget::before_bulk allowed it,
// so no insert that follows make_room() runs long or carries the run past its deadline or its
// memory limit.
#pragma once
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstddef>

#include "foundations/limits/budget.hpp"

namespace carve::limits {

// The bytes a table of `slots` slots allocates: an open-addressing set (absl's flat sets, which
// have capacity()) holds the entries in its slots, a power of two, plus one control byte each; a
// node-based one (std) allocates only the bucket array, its nodes exist already.
template <class Set>
std::size_t table_bytes(const Set& set, std::size_t slots) {
  if constexpr (requires { set.capacity(); })
    return std::bit_ceil(slots) * (sizeof(typename Set::value_type) + 1);
  else
    return slots * sizeof(void*);
}

// Call before inserting one entry into `set`.
template <class Set>
void make_room(Set& set, Budget& budget) {
  // 7/8: before either kind of table grows by itself (std at load 1, absl's flat sets at 7/8).
  if ((set.size() + 1) * 8 <= set.bucket_count() * 7) return;
  // Twice the slots, exactly: reserving for twice the entries would round a flat set's table up
  // to four times its size.
  const std::size_t slots = std::max<std::size_t>(2 * set.bucket_count() + 1, 16);
  // A flat set of millions of edge sets grows into a table of gigabytes while its old one is
  // still held: that step alone would carry a run far past its memory limit between two reads
  // of it (explicit C4 d5 k8 literal went from 780 MB to 2,029 MB under --memory-limit 1500).
  budget.before_bulk(set.size(), table_bytes(set, slots));
  const auto t0 = Budget::Clock::now();
  set.rehash(slots);
  budget.after_bulk(set.size(), Budget::Clock::now() - t0);
}

}  // namespace carve::limits
