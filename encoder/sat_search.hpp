// The SAT engine: incremental unrolling over k with an activation literal "won at frame k"
// (one CaDiCaL instance), models decoded into plays and replayed through the reference
// semantics, stability lemmas added until a model replays (see tree_encoding.cpp).
// Invariant: `win` only with a witness that apply_turn accepted turn by turn and whose last
// state (and no earlier one) has a target component; `no-win` only when every frame up to k
// was unsatisfiable and the encoding is exact (every path kind; walks through their edge sets);
// otherwise `unknown` with the reason (a limit of the budget: "timeout after 2.0 s", "memory limit 200 MB
// reached"; or an inexact encoding). With a proof request, a `no-win` also carries a certificate
// (encoder/no_win_certificate.hpp) built from a fresh formula without assumptions.
#pragma once
#include <chrono>
#include <cstddef>
#include <optional>

#include "checker/search/explicit_search.hpp"
#include "encoder/no_win_certificate.hpp"

namespace carve::encoder {

struct SatOptions {
  int max_turns = 3;
  model::Budget budget;   // deadline and memory ceiling, polled by CaDiCaL's terminator and between frames
  bool progress = false;  // a progress line on stderr (k, conflicts, elapsed time)
  int path_length = 0;   // 0: the bound of the path kind (tree_encoding.cpp)
  // On a no-win, write and check a DRAT certificate. The certified formula never carries the
  // search's symmetry breaking, whatever the options say (no_win_certificate.cpp).
  std::optional<ProofRequest> proof;
};

struct SatResult {
  search::Result result;     // verdict, witness, component, seconds, completed_depth, reason
  std::size_t variables = 0;
  std::size_t clauses = 0;
  std::size_t lemmas = 0;    // stability lemmas added
  int solver_calls = 0;
  bool exact = false;        // every collapse path length the rules allow was encoded
  bool shortest = false;     // the reported number of turns is proved minimal
  int path_length = 0;       // the bound used at the last turn (0: walks encoded by edge sets)
  bool walk_sets = false;    // path=walk encoded by edge sets (encoder/walk_collapse.hpp)
  std::optional<NoWinCertificate> certificate;  // on a no-win, when SatOptions::proof asked for one
};

SatResult sat_search(const model::Game& game, const model::Target& target, const SatOptions& options);

}  // namespace carve::encoder
