// questions/claims/symbolic.hpp — Z3 proofs of kernel-style claims ("PRED(h) is exactly the P-set of this
// Nim-family game"): PRED, written in the claim language, is translated to a bit-vector formula
// over the heaps and handed to games/z3_kernel's prove_kernel (independent + absorbing).
// Invariant: the translation is exact or refused — every supported construct (constants, k, h[i],
// len(h), + - * xor mod, bit, popcount, comparisons, connectives, if, and aggregates / quantifiers
// over constant ranges) means the same on every heap vector below 2^b as the evaluator computes;
// anything else throws SymbolicUnsupported.
#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/elaborate/claims_ir.hpp"

namespace carve::claims {

struct SymbolicUnsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct SymbolicResult {
  bool proved = false;
  bool timed_out = false;
  std::string detail;           // "k=1..3, 4 heaps, bits 8 12: unsat (1.2 s)" or the failure
  std::vector<std::string> runs;  // one line per (k, bits)
};

SymbolicResult prove_symbolic(const elab::claims::Claim& claim, const elab::claims::SymbolicForm& form,
                              const std::vector<int>& bits, std::optional<std::chrono::steady_clock::time_point> deadline);

}  // namespace carve::claims
