// ClauseStore: every clause the checker knows (original clauses, then lemmas) in one arena
// (each clause laid out as [size, id, literals...], referenced by the offset of its literals),
// plus per-clause flags and a hash index used to resolve deletion steps (clause_index.hpp).
// Invariants: a clause's literals never change as a set (the checker only reorders them to
// keep its two watched literals first); literals are duplicate-free; `tautology` clauses
// (containing l and -l) are stored but never watched; the hash index holds exactly the
// clauses that are currently active and not yet deleted by the proof.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "checkers/drat/clause_index.hpp"

namespace carve::drat::detail {

using Lit = std::uint32_t;  // 2 * var + (negative ? 1 : 0), var >= 1
using Ref = std::uint32_t;  // offset of a clause's first literal in the arena

inline Lit neg(Lit l) { return l ^ 1u; }
inline std::uint32_t var_of(Lit l) { return l >> 1; }

class ClauseStore {
public:
  // The index grows under `budget` (may be null).
  explicit ClauseStore(limits::Budget* budget = nullptr) : budget_(budget) {}

  struct Info {
    Ref ref = 0;               // literals are arena[ref .. ref+size)
    std::uint32_t size = 0;
    std::int64_t origin = 0;   // -1 - i for original clause i, else the lemma's proof step
    Lit pivot = 0;             // a lemma's first literal as written (RAT pivot)
    bool active = false;       // in the current clause database
    bool core = false;         // needed for the refutation (checked if a lemma)
    bool tautology = false;
    // Of an unwatched clause: bit w set while the watch entry it had on its literal w's list is
    // still there (detach is lazy: propagation drops the entries it meets; a re-attach revives
    // or removes what is left).
    std::uint8_t lingering = 0;
  };

  // Adds a duplicate-free clause (inactive); returns its id.
  ClauseId add(const std::vector<Lit>& lits, std::int64_t origin, Lit pivot, bool tautology) {
    if (arena_.size() + lits.size() + 2 > UINT32_MAX || infos_.size() >= UINT32_MAX - 1) {
      throw std::length_error("DRAT checker: clause arena exceeds 2^32 literals");
    }
    if (lits.size() >= kUnwatched) throw std::length_error("DRAT checker: a clause of 2^31 literals or more");
    const auto id = static_cast<ClauseId>(infos_.size());
    arena_.push_back(static_cast<Lit>(lits.size()));  // header: size, id, then the literals
    arena_.push_back(id);
    Info info;
    info.ref = static_cast<Ref>(arena_.size());
    info.size = static_cast<std::uint32_t>(lits.size());
    info.origin = origin;
    info.pivot = pivot;
    info.tautology = tautology;
    arena_.insert(arena_.end(), lits.begin(), lits.end());
    infos_.push_back(info);
    return id;
  }

  Info& info(ClauseId id) { return infos_[id]; }
  const Info& info(ClauseId id) const { return infos_[id]; }
  std::size_t size() const { return infos_.size(); }
  Lit* lits(ClauseId id) { return arena_.data() + infos_[id].ref; }
  const Lit* lits(ClauseId id) const { return arena_.data() + infos_[id].ref; }
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

  void index(ClauseId id) { index_.insert(hash(lits(id), infos_[id].size), id, budget_); }
  // index(id) for first .. last-1, in that order.
  void index_range(ClauseId first, ClauseId last) {
    index_.insert_range(first, last, [&](ClauseId id) { return hash(lits(id), infos_[id].size); }, budget_);
  }

  // Finds the most recently indexed clause equal (as a set) to `lits`, removes it from the index
  // and returns it; kNoClause if there is none. `mark` is scratch space indexed by literal, all
  // false on entry and on exit.
  ClauseId take(const std::vector<Lit>& lits, std::vector<bool>& mark) {
    bool marked = false;
    const ClauseId found = index_.take(hash(lits.data(), lits.size()), [&](ClauseId id) {
      const Info& c = infos_[id];
      if (c.size != lits.size()) return false;
      if (!marked) {
        for (const Lit l : lits) mark[l] = true;
        marked = true;
      }
      const Lit* cl = arena_.data() + c.ref;
      for (std::uint32_t i = 0; i < c.size; ++i)
        if (!mark[cl[i]]) return false;
      return true;
    });
    if (marked)
      for (const Lit l : lits) mark[l] = false;
    return found;
  }

  // Room for `clauses` clauses of `literals` literals in all; the index for `indexed` of them
  // (it grows past that as lemmas come).
  void reserve(std::size_t clauses, std::size_t literals, std::size_t indexed) {
    infos_.reserve(clauses);
    arena_.reserve(literals + 2 * clauses);
    index_.reserve(indexed);
  }

private:
  static constexpr Lit kUnwatched = Lit{1} << 31;  // the size word's top bit

  static std::uint64_t mix(std::uint64_t z) {  // splitmix64 finaliser
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  std::vector<Lit> arena_;
  std::vector<Info> infos_;
  ClauseIndex index_;
  limits::Budget* budget_ = nullptr;
};

}  // namespace carve::drat::detail
