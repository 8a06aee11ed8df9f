// The cubes that cut a certified shape formula into parts (docs/infinite-tree.md, "Certificate by
// parts"): F is unsatisfiable exactly when F ∧ C is for every cube C of a set whose disjunction
// is a tautology, so each part is refuted, traced and checked on its own -- a smaller proof each,
// and parts that can run side by side.
// Invariant: collapse_cubes() returns cubes over the last block's selector and its turns'
// collapse literals that cover every assignment; uncovered() decides coverage by enumerating the
// assignments of the variables the cubes mention, independently of how the cubes were made, and
// is what a certificate's writer and reader both ask.
#pragma once
#include <optional>
#include <vector>

#include "engines/solvers/dimacs_writer.hpp"

namespace carve::encoder {

struct CertifiedBlock;
using Cube = std::vector<int>;  // DIMACS literals, all to hold

// ¬s_K (every frame below K), then s_K with each sign pattern of frame K's collapse literals,
// turn 1's the most significant (all stable first). `blocks` as shape_no_win_formula gives them.
std::vector<Cube> collapse_cubes(const std::vector<CertifiedBlock>& blocks);

// An assignment (a literal per variable the cubes mention) that satisfies no cube, or nothing
// when the cubes cover every assignment. At most kMaxCubeVariables variables (std::invalid_argument
// beyond, and for a literal 0).
constexpr int kMaxCubeVariables = 20;
std::optional<std::vector<int>> uncovered(const std::vector<Cube>& cubes);

// F ∧ C: the formula with the cube's literals appended as unit clauses, in the cube's order.
DimacsRecorder with_cube(const DimacsRecorder& formula, const Cube& cube);

}  // namespace carve::encoder
