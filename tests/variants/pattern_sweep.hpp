// The density-pattern sweep: every pattern of the list (symmetric and asymmetric ones, ones
// without V, runs of several lengths), under both readings and every path kind, with the
// documents' other rules -- so the symbolic engines encode every question -- decided by explicit
// search (the reference), the sat engine and, on every third question, the smt engine.
#pragma once

#include "tests/variants/differential.hpp"

namespace carve::variants {

// depth: the 000 scope (001 questions take two variables); turns drawn from 1..max_turns.
Tally sweep_patterns(bool tree, int depth, int max_turns);

}  // namespace carve::variants
