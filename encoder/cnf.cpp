// Native or sequential-counter at-most-one, guarded one-hot rows and OR definitions.
#include "encoder/cnf.hpp"

namespace carve::encoder {

Cnf::Cnf(SatBackend& backend, limits::Budget* budget) : backend_(backend), budget_(budget) {
  false_ = var();
  clause({-false_});
}

void Cnf::clause(const std::vector<int>& lits) {
  poll();
  ++clauses_;
  if (!guard_) {
    backend_.add_clause(lits);
    return;
  }
  std::vector<int> guarded = lits;
  guarded.push_back(guard_);
  backend_.add_clause(guarded);
}

void Cnf::at_most_one(const std::vector<int>& lits) {
  const std::size_t n = lits.size();
  if (n < 2) return;
  if (!guard_ && backend_.at_most_one(lits)) {
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

}  // namespace carve::encoder
