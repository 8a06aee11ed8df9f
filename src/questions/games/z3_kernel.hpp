// questions/games/z3_kernel.hpp — Z3 proofs that a claimed P-position set is the kernel of a Nim-family game
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

// A move strategy: the successor it picks from a position (used as a Skolem witness for the
// absorbing condition, which turns the forall-exists query into a quantifier-free one).
using Strategy = std::function<std::vector<z3::expr>(const std::vector<z3::expr>& heaps)>;

Strategy nim_strategy();        // reduce a heap i with x_i ^ s < x_i to x_i ^ s, s = xor of all
Strategy staircase_strategy();  // the same on the odd positions, pushing stones one step down
Strategy nim_k_strategy(int k); // document 002's greedy, bit by bit from the top

enum class AbsorbMode {
  Quantified,  // assert  exists x notin K . forall y . not(move(x,y) and K(y))  (qsat tactic)
  Witness      // CEGIS: find x notin K where the strategy fails, then decide x exactly (QF)
};

struct KernelProof {
  bool proved = false;
  std::string failed_condition;  // "independent" or "absorbing" when !proved
  std::vector<unsigned long long> position, successor;  // counterexample (successor for "independent")
  double seconds = 0;
};

// Staircase Nim uses heaps as positions 1..n (position 0 is a sink and never moves, so it is
// omitted); a move takes t stones from position i to i-1 (off the board when i = 1).
// k is used by NimK only.
// With AbsorbMode::Witness a strategy is required; a strategy failure at x is not reported as a
// counterexample unless x has no move into K at all (checked exactly for that concrete x).
// timeout_ms = 0: no limit; on timeout `proved` is false and failed_condition = "timeout".
KernelProof prove_kernel(NimFamily family, int heaps, int bits, int k, const ClaimedSet& claim,
                         AbsorbMode mode = AbsorbMode::Witness, const Strategy& strategy = {},
                         unsigned timeout_ms = 0);
// The family's standard strategy (nim_strategy / staircase_strategy / nim_k_strategy(k)).
Strategy standard_strategy(NimFamily family, int k);

}  // namespace carve::games
