// questions/games/claims.hpp — evaluating a universally quantified claim over an enumerated family.
// Invariant: items are visited in the order given (the enumerators' size order), so the reported
// counterexample is the first — i.e. a smallest — failing item; `checked` counts items examined.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>

namespace carve::games {

template <class T>
struct ClaimResult {
  std::size_t checked = 0;
  std::optional<T> counterexample;
  bool holds() const { return !counterexample.has_value(); }
};

// "for all x in items: pred(x)". Stops at the first failure.
template <class Range, class Pred>
auto check_forall(const Range& items, Pred&& pred) -> ClaimResult<std::decay_t<decltype(*std::begin(items))>> {
  ClaimResult<std::decay_t<decltype(*std::begin(items))>> r;
  for (const auto& x : items) {
    ++r.checked;
    if (!pred(x)) {
      r.counterexample = x;
      break;
    }
  }
  return r;
}

// "for all x: lhs(x) <=> rhs(x)", e.g. "P-position <=> good condition".
template <class Range, class Lhs, class Rhs>
auto check_equivalence(const Range& items, Lhs&& lhs, Rhs&& rhs) {
  return check_forall(items, [&](const auto& x) { return static_cast<bool>(lhs(x)) == static_cast<bool>(rhs(x)); });
}

}  // namespace carve::games
