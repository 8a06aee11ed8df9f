// ClauseIndex: the deletion index of the DRAT checker -- for each clause in the database, its
// hash and id, in one flat open-addressing table (linear probing, 8 bytes a slot), so that a
// deletion step finds the clause it names without a node allocated per clause. Sized from the
// formula's clause count and doubled as the proof adds lemmas, never from a variable index.
// Invariants: the load stays at most 3/4; between an entry's home slot and the entry no slot is
// empty; entries with the same key lie along the probe sequence in the order they were inserted
// (removal shifts the entries behind it back one by one, growth re-inserts them in probe order),
// which is what lets take() return the most recently inserted match, as the checker's
// unordered_multimap did before (its equal keys were grouped newest first).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "foundations/limits/budget.hpp"

namespace carve::drat::detail {

using ClauseId = std::uint32_t;
inline constexpr ClauseId kNoClause = UINT32_MAX;

class ClauseIndex {
public:
  // Room for `entries` without growing (the formula's clauses, before the proof is read).
  void reserve(std::size_t entries) {
    if (entries * 4 > slots_.size() * 3) rebuild(slots_for(entries));
  }

  // Adds the clause `id` under `hash`. Growth (a table twice the size while the old one is held)
  // asks `budget` first, which stops the check when the time or memory it takes is not there.
  void insert(std::uint64_t hash, ClauseId id, limits::Budget* budget) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow(size_ + 1, budget);
    place({key_of(hash), id});
    ++size_;
  }

  // Adds the clauses first .. last-1 in that order, as insert() would, with `hash_of(id)` their
  // hashes. Each insert of a large table misses the cache; here the home slot of the clause a few
  // places ahead is fetched while this one is placed, so the misses overlap (indexing the 9
  // million clauses of the largest corpus certificate went from a third of its check to 3%).
  template <class HashOf>
  void insert_range(ClauseId first, ClauseId last, HashOf&& hash_of, limits::Budget* budget) {
    if (first >= last) return;
    const std::size_t n = last - first;
    if ((size_ + n) * 4 > slots_.size() * 3) grow(size_ + n, budget);
    constexpr std::size_t kAhead = 16;  // a power of two
    std::uint32_t keys[kAhead] = {};
    const auto fetch = [&](std::size_t k) {
      keys[k % kAhead] = key_of(hash_of(static_cast<ClauseId>(first + k)));
      __builtin_prefetch(&slots_[home(keys[k % kAhead])], 1);
    };
    for (std::size_t k = 0; k < kAhead && k < n; ++k) fetch(k);
    for (std::size_t k = 0; k < n; ++k) {
      if (budget && k % 4096 == 0) budget->poll();
      place({keys[k % kAhead], static_cast<ClauseId>(first + k)});
      ++size_;  // counted as placed: a limit may end the batch at the next poll
      if (k + kAhead < n) fetch(k + kAhead);
    }
  }

  // Removes and returns the most recently inserted clause under `hash` for which `same(id)`
  // holds; kNoClause (and no change) if there is none. The table keeps only the top half of each
  // hash, so `same` must hold only for a clause with this hash (set equality does).
  template <class Same>
  ClauseId take(std::uint64_t hash, Same&& same) {
    if (size_ == 0) return kNoClause;
    const std::uint32_t key = key_of(hash);
    // Every entry under `key` lies in the run from its home to the next empty slot; the last one
    // along the run that matches is the newest.
    candidates_.clear();
    for (std::size_t i = home(key); slots_[i].id != kNoClause; i = next(i))
      if (slots_[i].key == key) candidates_.push_back(i);
    for (std::size_t c = candidates_.size(); c-- > 0;) {
      const std::size_t i = candidates_[c];
      if (!same(slots_[i].id)) continue;
      const ClauseId found = slots_[i].id;
      erase_at(i);
      return found;
    }
    return kNoClause;
  }

  // Every entry's id becomes `moved(id)`, its key and place kept (the forward checker names a
  // clause by where its literals are, which a compaction changes).
  template <class Moved>
  void remap(Moved&& moved) {
    for (Slot& s : slots_)
      if (s.id != kNoClause) s.id = moved(s.id);
  }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return slots_.size(); }
  std::size_t bytes() const { return slots_.size() * sizeof(Slot); }

private:
  struct Slot {
    std::uint32_t key = 0;
    ClauseId id = kNoClause;  // kNoClause: empty
  };

  // The 64-bit clause hash is already mixed (splitmix64): its top half chooses the home slot by
  // its top bits and tells apart, by the rest, the entries that share a run.
  static std::uint32_t key_of(std::uint64_t hash) { return static_cast<std::uint32_t>(hash >> 32); }
  std::size_t home(std::uint32_t key) const { return key >> shift_; }
  std::size_t next(std::size_t i) const { return (i + 1) & (slots_.size() - 1); }

  static std::size_t slots_for(std::size_t entries) {
    const std::size_t wanted = std::max<std::size_t>(16, (entries * 4 + 2) / 3 + 1);
    if (wanted > (std::size_t{1} << 32)) throw std::length_error("DRAT checker: deletion index exceeds 2^32 slots");
    return std::bit_ceil(wanted);
  }

  void place(Slot s) {
    std::size_t i = home(s.key);
    while (slots_[i].id != kNoClause) i = next(i);
    slots_[i] = s;
  }

  // Backward-shift deletion: each entry after the hole that may move into it (its home is not
  // between the hole and itself) does, and leaves the next hole. No tombstones, and the order of
  // the entries along the run is kept.
  void erase_at(std::size_t hole) {
    --size_;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t j = next(hole); slots_[j].id != kNoClause; j = next(j)) {
      const std::size_t from_home = (j - home(slots_[j].key)) & mask;
      const std::size_t from_hole = (j - hole) & mask;
      if (from_home < from_hole) continue;  // its home lies after the hole: it stays
      slots_[hole] = slots_[j];
      hole = j;
    }
    slots_[hole] = Slot{};
  }

  // To room for `entries`: twice the slots when one more entry passes the load.
  void grow(std::size_t entries, limits::Budget* budget) {
    const std::size_t slots = slots_for(entries);
    if (!budget) return rebuild(slots);
    budget->before_bulk(size_, slots * sizeof(Slot));
    const auto t0 = limits::Budget::Clock::now();
    rebuild(slots);
    budget->after_bulk(size_, limits::Budget::Clock::now() - t0);
  }

  // Re-inserts every entry into a table of `slots` slots, walking the old one in probe order
  // from an empty slot, so that a run wrapping past the end keeps its order.
  void rebuild(std::size_t slots) {
    std::vector<Slot> old(slots, Slot{});
    old.swap(slots_);
    shift_ = 32 - std::countr_zero(slots);
    if (old.empty()) return;
    std::size_t start = 0;
    while (old[start].id != kNoClause) ++start;  // the load is below 1: an empty slot exists
    for (std::size_t k = 0; k < old.size(); ++k) {
      const Slot& s = old[(start + k) & (old.size() - 1)];
      if (s.id != kNoClause) place(s);
    }
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  int shift_ = 32;  // home(key) = key >> shift_: the top log2(slots) bits
  std::vector<std::size_t> candidates_;  // take()'s scratch
};

}  // namespace carve::drat::detail
