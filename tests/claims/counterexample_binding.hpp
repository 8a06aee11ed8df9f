// What a claim's smallest counterexample binds one of its variables to, for the claims tests.
// Invariant: "<unbound>" when the counterexample does not bind that name (a test then fails on
// the value, not on an exception).
#pragma once
#include <string>

#include "questions/claims/run.hpp"

namespace carve::testing {

inline std::string binding(const claims::ClaimOutcome& o, const std::string& name) {
  for (const auto& [k, v] : o.counterexample.value().bindings)
    if (k == name) return v;
  return "<unbound>";
}

}  // namespace carve::testing
