// ClauseStore: every clause the checker knows (original clauses, then lemmas), each with an id,
// its origin and flags, and -- while the checker needs them -- its literals in one arena (each
// resident clause laid out as [size, id, literals...], referenced by the offset of its literals),
// plus a hash index used to resolve deletion steps (clause_index.hpp).
// Only the clauses in the database keep their literals (bench/drat/memory.md, "Only the active
// clauses' literals"): a clause the proof deletes gives its block up (release) and is placed again
// (place) from the deletion step read again when the backward pass restores it; the blocks given
// up are reclaimed by compact(), which the checker calls with the refs it holds.
// Invariants: a resident clause's literals never change as a set (the checker only reorders them
// to keep its two watched literals first); literals are duplicate-free; `tautology` clauses
// (containing l and -l) are stored but never watched; a block given up is marked (id kNoClause,
// unwatched) so that a watch entry left on it is dropped, never followed; the hash index holds
// exactly the clauses that are currently active and not yet deleted by the proof, all resident.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "checkers/drat/clause_index.hpp"

namespace carve::drat::detail {

using Lit = std::uint32_t;  // 2 * var + (negative ? 1 : 0), var >= 1
using Ref = std::uint32_t;  // offset of a clause's first literal in the arena
inline constexpr Ref kNoRef = 0;  // no block: a clause's literals are at offset 2 at least

inline Lit neg(Lit l) { return l ^ 1u; }
inline std::uint32_t var_of(Lit l) { return l >> 1; }

// Removes duplicate literals, keeping the first of each in order; true if the clause is a
// tautology (holds l and -l). `mark` is scratch indexed by literal, all false on entry and on exit.
inline bool normalize(std::vector<Lit>& lits, std::vector<bool>& mark) {
  bool tautology = false;
  std::size_t j = 0;
  for (const Lit l : lits) {
    if (mark[l]) continue;
    if (mark[neg(l)]) tautology = true;
    mark[l] = true;
    lits[j++] = l;
  }
  lits.resize(j);
  for (const Lit l : lits) mark[l] = false;
  return tautology;
}

class ClauseStore {
public:
  // The index grows under `budget` (may be null).
  explicit ClauseStore(limits::Budget* budget = nullptr) : budget_(budget) {}

  // Adds a duplicate-free clause, resident and inactive; returns its id. `origin`: -1 - i for
  // original clause i, else the lemma's proof step (below 2^32).
  ClauseId add(const std::vector<Lit>& lits, std::int64_t origin, bool tautology) {
    if (refs_.size() >= UINT32_MAX - 1) throw std::length_error("DRAT checker: 2^32 clauses or more");
    if (origin >= std::int64_t{UINT32_MAX}) throw std::length_error("DRAT checker: a proof of 2^32 steps or more");
    const auto id = static_cast<ClauseId>(refs_.size());
    refs_.push_back(kNoRef);
    origins_.push_back(static_cast<std::uint32_t>(origin < 0 ? -1 - origin : origin));
    flags_.push_back(static_cast<std::uint8_t>((tautology ? kTautology : 0) | (origin < 0 ? kFormula : 0)));
    place(id, lits);
    return id;
  }
  // Gives clause `id` its literals again (they must be the set it had) in a new block at the end.
  void place(ClauseId id, const std::vector<Lit>& lits) {
    if (arena_.size() + lits.size() + 2 > UINT32_MAX) throw std::length_error("DRAT checker: clause arena exceeds 2^32 literals");
    if (lits.size() >= kUnwatched) throw std::length_error("DRAT checker: a clause of 2^31 literals or more");
    arena_.push_back(static_cast<Lit>(lits.size()));  // header: size, id, then the literals
    arena_.push_back(id);
    refs_[id] = static_cast<Ref>(arena_.size());
    arena_.insert(arena_.end(), lits.begin(), lits.end());
  }
  // Clause `id` gives its block up (it must be out of the database and of the index); a watch
  // entry left on the block reads it as unwatched and drops it.
  void release(ClauseId id) {
    const Ref ref = refs_[id];
    garbage_ += size_at(ref) + 2;
    arena_[ref - 2] |= kUnwatched;
    arena_[ref - 1] = kNoClause;
    refs_[id] = kNoRef;
  }
  bool resident(ClauseId id) const { return refs_[id] != kNoRef; }

  std::size_t size() const { return refs_.size(); }
  Ref ref(ClauseId id) const { return refs_[id]; }
  std::uint32_t size(ClauseId id) const { return size_at(refs_[id]); }  // of a resident clause
  Lit* lits(ClauseId id) { return arena_.data() + refs_[id]; }
  const Lit* lits(ClauseId id) const { return arena_.data() + refs_[id]; }
  std::int64_t origin(ClauseId id) const {
    return (flags_[id] & kFormula) ? -1 - std::int64_t{origins_[id]} : std::int64_t{origins_[id]};
  }
  bool active(ClauseId id) const { return (flags_[id] & kActive) != 0; }  // in the current clause database
  bool core(ClauseId id) const { return (flags_[id] & kCore) != 0; }      // needed for the refutation
  bool tautology(ClauseId id) const { return (flags_[id] & kTautology) != 0; }
  void set_active(ClauseId id, bool on) { set(id, kActive, on); }
  void set_core(ClauseId id) { set(id, kCore, true); }

  Lit* at(Ref ref) { return arena_.data() + ref; }
  // The clause whose literals start at `ref`, and its size (read from the arena header).
  ClauseId id_of(Ref ref) const { return arena_[ref - 1]; }
  std::uint32_t size_at(Ref ref) const { return arena_[ref - 2] & ~kUnwatched; }
  // Whether the clause at `ref` has been detached (its watch entries, if any are left, are stale).
  // Kept in the header beside the literals, where propagation reads anyway.
  bool unwatched_at(Ref ref) const { return (arena_[ref - 2] & kUnwatched) != 0; }
  void set_unwatched(Ref ref, bool unwatched) {
    arena_[ref - 2] = (arena_[ref - 2] & ~kUnwatched) | (unwatched ? kUnwatched : 0u);
  }

  // Arena words in blocks given up, and in all.
  std::size_t garbage() const { return garbage_; }
  std::size_t arena_words() const { return arena_.size(); }

  // Moves the resident clauses' blocks to the front, in order, and drops the rest. Between the new
  // places' computing and the move, `rewrite(moved)` is called: every ref the caller holds is to a
  // resident clause's block and becomes moved(ref) (only then are the old blocks overwritten).
  template <class Rewrite>
  void compact(Rewrite&& rewrite) {
    std::size_t to = 0;
    for (std::size_t p = 0; p < arena_.size(); p += size_at(static_cast<Ref>(p + 2)) + 2) {
      const ClauseId id = arena_[p + 1];
      if (id == kNoClause) continue;
      refs_[id] = static_cast<Ref>(to + 2);
      to += size_at(static_cast<Ref>(p + 2)) + 2;
    }
    rewrite([this](Ref old) { return refs_[arena_[old - 1]]; });
    to = 0;
    for (std::size_t p = 0; p < arena_.size();) {
      const std::size_t words = size_at(static_cast<Ref>(p + 2)) + 2;
      if (arena_[p + 1] != kNoClause) {
        if (to != p) std::memmove(arena_.data() + to, arena_.data() + p, words * sizeof(Lit));
        to += words;
      }
      p += words;
    }
    arena_.resize(to);
    garbage_ = 0;
  }

  // Order-independent hash of a duplicate-free literal set.
  static std::uint64_t hash(const Lit* lits, std::size_t n) {
    std::uint64_t sum = 0, x = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t h = mix(lits[i]);
      sum += h;
      x ^= h * 0x9e3779b97f4a7c15ull;
    }
    return mix(sum ^ (x << 1) ^ n);
  }

  void index(ClauseId id) { index_.insert(hash(lits(id), size(id)), id, budget_); }
  // index(id) for first .. last-1, in that order.
  void index_range(ClauseId first, ClauseId last) {
    index_.insert_range(first, last, [&](ClauseId id) { return hash(lits(id), size(id)); }, budget_);
  }

  // Finds the most recently indexed clause equal (as a set) to `lits`, removes it from the index
  // and returns it; kNoClause if there is none. `mark` is scratch space indexed by literal, all
  // false on entry and on exit.
  ClauseId take(const std::vector<Lit>& lits, std::vector<bool>& mark) {
    bool marked = false;
    const ClauseId found = index_.take(hash(lits.data(), lits.size()), [&](ClauseId id) {
      const std::uint32_t n = size(id);
      if (n != lits.size()) return false;
      if (!marked) {
        for (const Lit l : lits) mark[l] = true;
        marked = true;
      }
      const Lit* cl = arena_.data() + refs_[id];
      for (std::uint32_t i = 0; i < n; ++i)
        if (!mark[cl[i]]) return false;
      return true;
    });
    if (marked)
      for (const Lit l : lits) mark[l] = false;
    return found;
  }

  // Room for `clauses` clauses, a first arena of `literals` literals (pages untouched until used:
  // it costs address space, not memory), and the index for `indexed` of them (it grows past that).
  void reserve(std::size_t clauses, std::size_t literals, std::size_t indexed) {
    refs_.reserve(clauses);
    origins_.reserve(clauses);
    flags_.reserve(clauses);
    arena_.reserve(literals);
    index_.reserve(indexed);
  }

private:
  static constexpr Lit kUnwatched = Lit{1} << 31;  // the size word's top bit
  static constexpr std::uint8_t kActive = 1, kCore = 2, kTautology = 4, kFormula = 8;

  void set(ClauseId id, std::uint8_t flag, bool on) {
    flags_[id] = static_cast<std::uint8_t>(on ? flags_[id] | flag : flags_[id] & ~flag);
  }

  static std::uint64_t mix(std::uint64_t z) {  // splitmix64 finaliser
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // Per clause, 9 bytes: where its literals are (kNoRef: not resident), its origin (the formula
  // index or the proof step; kFormula tells which) and its flags.
  std::vector<Ref> refs_;
  std::vector<std::uint32_t> origins_;
  std::vector<std::uint8_t> flags_;
  std::vector<Lit> arena_;
  std::size_t garbage_ = 0;
  ClauseIndex index_;
  limits::Budget* budget_ = nullptr;
};

}  // namespace carve::drat::detail
