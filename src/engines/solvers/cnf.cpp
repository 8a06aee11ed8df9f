// Native or sequential-counter at-most-one, guarded one-hot rows and OR definitions.
#include "engines/solvers/cnf.hpp"

#include <algorithm>
#include <cstdlib>
#include <unordered_set>

namespace carve::encoder {

Cnf::Cnf(SatBackend& backend, limits::Budget* budget) : backend_(backend), budget_(budget) {
  false_ = var();
  clause({-false_});
}

namespace {

enum class Repeat { None, Duplicate, Tautology };

// Whether a literal occurs twice, or with its negation. The encodings reuse literals freely (the
// constant-false literal stands in for every absent part, a guard may already be in the clause),
// so both happen; a short clause is scanned pairwise, a long one sorted by variable.
Repeat repeats(const std::vector<int>& lits) {
  Repeat found = Repeat::None;
  if (lits.size() <= 16) {
    for (std::size_t i = 0; i < lits.size(); ++i)
      for (std::size_t j = i + 1; j < lits.size(); ++j) {
        if (lits[i] == -lits[j]) return Repeat::Tautology;
        if (lits[i] == lits[j]) found = Repeat::Duplicate;
      }
    return found;
  }
  std::vector<int> sorted = lits;
  std::sort(sorted.begin(), sorted.end(), [](int a, int b) { return std::abs(a) != std::abs(b) ? std::abs(a) < std::abs(b) : a < b; });
  for (std::size_t i = 1; i < sorted.size(); ++i) {
    if (sorted[i] == -sorted[i - 1]) return Repeat::Tautology;
    if (sorted[i] == sorted[i - 1]) found = Repeat::Duplicate;
  }
  return found;
}

// `lits` with every literal's first occurrence only, in order.
std::vector<int> first_occurrences(const std::vector<int>& lits) {
  std::vector<int> kept;
  std::unordered_set<int> seen;
  for (int l : lits)
    if (seen.insert(l).second) kept.push_back(l);
  return kept;
}

}  // namespace

// A tautology is dropped (every assignment satisfies it) and a repeated literal written once:
// the same formula, and a certificate's DIMACS file with no clause a strict reader would query.
void Cnf::clause(const std::vector<int>& lits) {
  poll();
  std::vector<int> guarded;
  if (!guard_.empty()) {
    guarded = lits;
    guarded.insert(guarded.end(), guard_.begin(), guard_.end());
  }
  const std::vector<int>& full = guard_.empty() ? lits : guarded;
  const Repeat r = repeats(full);
  if (r == Repeat::Tautology) return;
  ++clauses_;
  if (r == Repeat::Duplicate)
    backend_.add_clause(first_occurrences(full));
  else
    backend_.add_clause(full);
}

void Cnf::at_most_one(const std::vector<int>& lits) {
  const std::size_t n = lits.size();
  if (n < 2) return;
  if (guard_.empty() && backend_.at_most_one(lits)) {
    ++native_;
    return;
  }
  if (n <= 5) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) clause({-lits[i], -lits[j]});
    return;
  }
  // s_i: some of lits[0..i] is true.
  int prev = var();
  clause({-lits[0], prev});
  for (std::size_t i = 1; i < n; ++i) {
    clause({-lits[i], -prev});
    if (i + 1 == n) break;
    int s = var();
    clause({-lits[i], s});
    clause({-prev, s});
    prev = s;
  }
}

void Cnf::exactly_one(const std::vector<int>& lits) {
  clause(lits);
  at_most_one(lits);
}

std::vector<int> Cnf::one_if(int guard, std::size_t n) {
  std::vector<int> row(n);
  std::vector<int> some{-guard};
  for (auto& x : row) {
    x = var();
    clause({-x, guard});
    some.push_back(x);
  }
  at_most_one(row);
  clause(some);
  return row;
}

int Cnf::define_or(const std::vector<int>& lits) {
  int x = var();
  std::vector<int> big{-x};
  for (int l : lits) {
    clause({-l, x});
    big.push_back(l);
  }
  clause(big);
  return x;
}

std::vector<int> Cnf::at_least(const std::vector<int>& lits) {
  // prev[i]: at least i of the literals before the current one (prev[0] is true, unused).
  const std::size_t n = lits.size();
  std::vector<int> prev(n + 1, 0);
  for (std::size_t t = 0; t < n; ++t) {
    std::vector<int> cur(n + 1, 0);
    for (std::size_t i = 1; i <= t + 1; ++i) {
      cur[i] = var();
      const int kept = prev[i], one_more = i == 1 ? 0 : prev[i - 1];  // 0: false resp. true
      // cur[i] <-> kept or (one_more and lits[t])
      if (kept) clause({-kept, cur[i]});
      if (one_more)
        clause({-one_more, -lits[t], cur[i]});
      else
        clause({-lits[t], cur[i]});
      if (one_more) clause(kept ? std::vector<int>{-cur[i], kept, one_more} : std::vector<int>{-cur[i], one_more});
      clause(kept ? std::vector<int>{-cur[i], kept, lits[t]} : std::vector<int>{-cur[i], lits[t]});
    }
    prev = std::move(cur);
  }
  return prev;
}

}  // namespace carve::encoder
