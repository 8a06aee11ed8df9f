// A deliberately naive, independent re-verification of an accepted DRAT check, used to
// cross-examine carve::drat::check. It shares no code with the checker: clauses are plain
// vectors, unit propagation loops over every clause until nothing changes (no watches).
// Invariant: naive_reverify returns true only if, using only the hints (which lemmas to keep,
// which clause each performed deletion removed), every kept lemma is RUP or RAT (pivot = first
// literal) against the kept clauses, and the final clause set propagates to a conflict. Any
// hint can only make it reject, never accept wrongly: dropping lemmas and deleting clauses is
// always sound. Also: brute-force satisfiability for tiny formulas.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "checkers/drat/drat.hpp"

namespace carve::drat::testing {

using Clause = std::vector<std::int32_t>;

// Unit propagation from `assumed` (literals set true) over `db`; true on conflict.
inline bool naive_conflict(const std::vector<Clause>& db, std::map<std::int32_t, bool> value) {
  auto val = [&](std::int32_t l) -> int {  // 1 true, -1 false, 0 unassigned
    auto it = value.find(l < 0 ? -l : l);
    if (it == value.end()) return 0;
    return (it->second == (l > 0)) ? 1 : -1;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (const Clause& c : db) {
      int unassigned = 0;  // distinct unassigned literals, counted up to 2
      std::int32_t last = 0;
      bool satisfied = false;
      for (std::int32_t l : c) {
        const int v = val(l);
        if (v == 1) satisfied = true;
        if (v == 0 && l != last) {
          ++unassigned;
          last = l;
        }
      }
      if (satisfied) continue;
      if (unassigned == 0) return true;
      if (unassigned == 1) {
        value[last < 0 ? -last : last] = last > 0;
        changed = true;
      }
    }
  }
  return false;
}

// Is `lemma` RUP w.r.t. db? (Assigning the negation; a clause with l and -l is trivially RUP.)
inline bool naive_rup(const std::vector<Clause>& db, const Clause& lemma) {
  for (std::int32_t l : lemma) {  // a tautology is trivially implied
    if (std::find(lemma.begin(), lemma.end(), -l) != lemma.end()) return true;
  }
  std::map<std::int32_t, bool> value;
  for (std::int32_t l : lemma) value[l < 0 ? -l : l] = l < 0;  // makes l false
  return naive_conflict(db, value);
}

inline bool naive_rat(const std::vector<Clause>& db, const Clause& lemma) {
  if (naive_rup(db, lemma)) return true;
  if (lemma.empty()) return false;
  const std::int32_t pivot = lemma[0];
  for (const Clause& d : db) {
    if (std::find(d.begin(), d.end(), -pivot) == d.end()) continue;
    // A tautological candidate is satisfied by every assignment, so flipping the pivot cannot
    // falsify it: skipping it keeps RAT satisfiability-preserving (the checker does the same).
    bool tautology = false;
    for (std::int32_t l : d) tautology = tautology || std::find(d.begin(), d.end(), -l) != d.end();
    if (tautology) continue;
    Clause resolvent = lemma;
    for (std::int32_t l : d) {
      if (l != -pivot) resolvent.push_back(l);
    }
    if (!naive_rup(db, resolvent)) return false;
  }
  return true;
}

inline bool naive_reverify(const Cnf& cnf, const Proof& proof, const Result& result) {
  std::vector<Clause> db;
  std::vector<std::int64_t> origin;
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    db.emplace_back(cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i]),
                    cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i + 1]));
    origin.push_back(-1 - static_cast<std::int64_t>(i));
  }
  if (result.trivially_unsat) return naive_conflict(db, {});
  const std::set<std::size_t> core(result.core_steps.begin(), result.core_steps.end());
  for (std::size_t s = 0; s <= result.conflict_step && s < proof.steps.size(); ++s) {
    const ProofStep& step = proof.steps[s];
    Clause c(proof.lits.begin() + static_cast<std::ptrdiff_t>(step.begin),
             proof.lits.begin() + static_cast<std::ptrdiff_t>(step.begin + step.size));
    if (step.deletion) {
      const std::int64_t target = result.deletion_targets.at(s);
      if (target == Result::kNoTarget) continue;
      for (std::size_t i = 0; i < db.size(); ++i) {
        if (origin[i] != target) continue;
        Clause a = db[i], b = c;  // the hint must name a clause equal to the deleted one
        std::sort(a.begin(), a.end());
        a.erase(std::unique(a.begin(), a.end()), a.end());
        std::sort(b.begin(), b.end());
        b.erase(std::unique(b.begin(), b.end()), b.end());
        if (a != b) return false;
        db.erase(db.begin() + static_cast<std::ptrdiff_t>(i));
        origin.erase(origin.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
      continue;
    }
    if (!core.count(s)) continue;
    if (!naive_rat(db, c)) return false;
    db.push_back(c);
    origin.push_back(static_cast<std::int64_t>(s));
  }
  return naive_conflict(db, {});
}

// Brute force: is the formula satisfiable? (num_vars <= 20.)
inline bool brute_force_sat(const Cnf& cnf) {
  const int n = cnf.num_vars;
  for (std::uint32_t m = 0; m < (1u << n); ++m) {
    bool all = true;
    for (std::size_t i = 0; i < cnf.num_clauses() && all; ++i) {
      bool sat = false;
      for (std::size_t k = cnf.offsets[i]; k < cnf.offsets[i + 1] && !sat; ++k) {
        const std::int32_t l = cnf.lits[k];
        const bool v = (m >> ((l < 0 ? -l : l) - 1)) & 1;
        sat = (l > 0) == v;
      }
      all = sat;
    }
    if (all) return true;
  }
  return false;
}

}  // namespace carve::drat::testing
