// games/z3_kernel.hpp — Z3 proofs that a claimed P-position set is the kernel of a Nim-family game
// on a fixed number of heaps of b-bit sizes.
// Invariant: the query asserts the NEGATION of "K is independent (no move from K into K) and
// absorbing (every position outside K has a move into K)" over all positions with heaps < 2^b;
// unsat = proved, sat = a concrete counterexample position (and, for independence, the move).
// Moves may leave the b-bit box (staircase Nim pushes stones down a step), so successor sizes are
// computed in b+3 bits and the claimed set is evaluated there too: nothing wraps around.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

namespace carve::games {

enum class NimFamily { Nim, StaircaseNim, NimK };

// A claimed P-position set over heap variables (all of the same bit width).
using ClaimedSet = std::function<z3::expr(const std::vector<z3::expr>& heaps)>;

ClaimedSet nim_p_claim();                 // xor of the heaps == 0
ClaimedSet staircase_p_claim();           // heaps are positions 1..n: xor of odd positions == 0
ClaimedSet nim_k_good_claim(int k);       // every bit column has a count divisible by k+1

struct KernelProof {
  bool proved = false;
  std::string failed_condition;  // "independent" or "absorbing" when !proved
  std::vector<unsigned long long> position, successor;  // counterexample (successor for "independent")
  double seconds = 0;
};

// Staircase Nim uses heaps as positions 1..n (position 0 is a sink and never moves, so it is
// omitted); a move takes t stones from position i to i-1 (off the board when i = 1).
// k is used by NimK only.
KernelProof prove_kernel(NimFamily family, int heaps, int bits, int k, const ClaimedSet& claim);

}  // namespace carve::games
