// The SAT and SMT engines (000 and 001): incremental unrolling over k with an activation
// literal "won at frame k" (one solver instance: CaDiCaL for `sat`, Z3 for `smt`, or a back end
// the caller hands in), models decoded into plays and replayed through the reference semantics,
// stability lemmas added until a model replays (see tree_encoding.cpp). The back end is the
// only thing that differs between the engines; the encodings and this loop are the same.
// Invariant: `win` only with a witness that apply_turn accepted turn by turn and whose last
// state (and no earlier one) has a target component; `no-win` only when every frame up to k
// was unsatisfiable and the encoding is exact (every path kind; walks through their edge sets);
// otherwise `unknown` with the reason (a limit of the budget: "timeout after 2.0 s", "memory limit 200 MB
// reached"; or an inexact encoding). With a proof request, a `no-win` also carries a certificate
// (engines/sat/search/no_win_certificate.hpp) built from a fresh formula without assumptions.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "engines/answer/answer.hpp"
#include "engines/sat/hypergraph/hyper_scope.hpp"
#include "rules/model/collapse_paths.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/sat/tree/pinned_play.hpp"
#include "engines/solvers/z3_backend.hpp"
#include "rules/elaborate/engine.hpp"

namespace carve::encoder {

class SatBackend;
class FrameEncoding;

struct SatOptions {
  int max_turns = 3;
  model::Budget budget;   // deadline and memory ceiling, polled by the back end and between frames
  bool progress = false;  // a progress line on stderr (k, conflicts, elapsed time)
  int path_length = 0;   // 0: the bound of the path kind (tree_encoding.cpp)
  // Lex-leader chains for the tree's child swaps and the target's automorphisms
  // (engines/sat/frames/symmetry_breaking.hpp). Not implied by the rules, but they keep every formula's
  // satisfiability (the theorem at the top of symmetry_breaking.cpp).
  bool symmetry_breaking = true;
  // On a no-win, write and check a DRAT certificate. Document 000's certified formula carries
  // the same chains as the search (encoder::no_win_formula's symmetry_chains; none for a part of
  // `solve --split` or guarded turns); document 001's never does (no_win_certificate.cpp).
  std::optional<ProofRequest> proof;
  elab::Solver solver = elab::Solver::Cadical;  // Cadical (engine sat) or Z3 (engine smt)
  unsigned seed = 0;               // the solver's random seed (CaDiCaL "seed", Z3 "random_seed")
  // Z3: at-most-one over at least this many literals as its native atmost (0: never); the
  // default is measured in z3_backend.cpp.
  std::size_t native_from = Z3Options::kDefaultNativeFrom;
  // When set, the formula goes to this back end instead of a fresh one of `solver` (carve
  // export records the formula through it) ...
  SatBackend* backend = nullptr;
  // ... and this sees the encoding once the search has answered (export completes the frames).
  std::function<void(FrameEncoding&)> finally;
  // Build the turns guarded where a shorter win may not extend to max_turns turns
  // (FrameEncoding::cover_shorter_wins), so that export's folded formula misses no shorter win.
  bool cover_shorter_wins = false;
  // Document 000 only: when not empty, turn 1's e_new is one of these pairs, in the search and in
  // the certified formula (a part of `solve --split`; symmetry_breaking must be false, since the
  // chains may keep another member of an orbit than the part's).
  FirstMoves first_moves;
  // Document 000 only (carve play's certified hints): turns 1..t fixed to this play by unit
  // clauses (engines/sat/tree/pinned_play.hpp), victory asked at frames t+1..max_turns only -- "can the play
  // so far still win within max_turns - t more turns?". symmetry_breaking must be false (the
  // chains may exclude the play's own image) and first_moves empty; a certificate pins the same.
  PinnedPlay pinned;
  // With `proof` and a win in k > 0 turns, also certify the no-win within k - 1 turns from this
  // run's encoding: its stability lemmas carry over, so no second search is needed to learn them
  // (the atlas's certificate of a shortest carving).
  bool certify_below_win = false;
  // The certificate's own limits, its clock starting when it starts (default: what remains of
  // the search's budget).
  std::optional<limits::Limits> certificate_limits;
  // Document 000 only, with a time limit: before the frames are asked one by one, one solve on a
  // solver of its own of "a win at some frame <= max_turns" (a quarter of the time left), where
  // every shorter play extends to max_turns turns (FrameEncoding::extension_gap empty, so the one
  // formula misses no win). Its play, replayed and cut at its first winning turn, bounds the
  // frames asked (those below it only) and is the answer -- a win not proved shortest, the frames
  // refuted before it its lower bound -- when a limit stops them. A win found from above costs
  // seconds where the frames below it cost minutes (bench/atlas/README.md); the atlas asks for it.
  bool probe_from_above = false;
  // Document 001 only: collapses over-approximated (HypergraphEncoding::Collapses::AnyRemoval),
  // which answers only no-win (every frame refuted) or unknown (some frame satisfiable). The
  // search asks it itself where its walks are bounded below the proved length and no play was
  // found; no proof is written for it.
  bool over_approximate_collapses = false;
};

struct SatResult {
  answer::Result result;     // verdict, witness, component, seconds, completed_depth, reason
  std::size_t variables = 0;
  std::size_t clauses = 0;
  std::size_t lemmas = 0;    // stability lemmas added
  std::size_t symmetry_clauses = 0;  // of `clauses`, those of the lex-leader chains
  int solver_calls = 0;
  std::uint64_t learned_clauses = 0;  // CaDiCaL's learned clauses over all calls (one per conflict)
  bool exact = false;        // every collapse path length the rules allow was encoded
  bool shortest = false;     // the reported number of turns is proved minimal
  int probed_turns = -1;     // probe_from_above's win (its turns; -1: not asked, or no win found)
  int path_length = 0;       // the bound used at the last turn (0: walks encoded by edge sets)
  bool walk_sets = false;    // path=walk encoded by edge sets (engines/sat/paths/walk_collapse.hpp)
  std::size_t native_constraints = 0;  // at-most-one constraints the back end took natively
  std::string solver, solver_version, solver_configuration;
  unsigned seed = 0;
  // 001: the classes of interchangeable blocks and how many components a play can touch
  // (engines/sat/hypergraph/hyper_scope.hpp); what a no-win says about larger variable sets.
  std::vector<BlockClass> blocks;
  int touched_blocks = 0;
  std::optional<NoWinCertificate> certificate;  // on a no-win, when SatOptions::proof asked for one
};

SatResult sat_search(const model::Game& game, const model::Target& target, const SatOptions& options);

}  // namespace carve::encoder
