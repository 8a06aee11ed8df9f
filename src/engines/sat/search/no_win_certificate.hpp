// A certified no-win: the plain encoding of "some play of at most k turns reaches the target"
// written as DIMACS, refuted by a fresh CaDiCaL run that traces a DRAT proof from its first
// clause, and the proof checked by carve's own checker (checkers/drat) reading both files back.
// Invariant: `status == Accepted` only when checkers/drat accepted the proof file against the CNF
// file whose SHA-256 is `cnf_sha256`; the CNF holds the rules' clauses, the stability lemmas
// (each implied by the rules, tree_encoding.cpp) and the clause "some frame 0..k is won" -- no
// symmetry breaking and no assumptions.
// For document 001 the CNF is over the case's whole universe (every formula, every tuple the
// construction rule allows): the search's reduced scope rests on a symmetry argument
// (hyper_scope.hpp) that a DRAT proof does not carry -- except where the whole universe is too
// large to write (certificate_cut): then over the reduced scope, with that argument stated as the
// certificate's trust base (UniverseScope::by_symmetry).
#pragma once
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engines/answer/certificate.hpp"
#include "engines/sat/search/certified_cubes.hpp"
#include "engines/solvers/dimacs_writer.hpp"
#include "engines/sat/hypergraph/hypergraph_encoding.hpp"
#include "engines/sat/tree/pinned_play.hpp"
#include "engines/sat/tree/tree_encoding.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::encoder {

// Where to write: base + ".cnf" and base + ".drat" (binary DRAT unless `binary` is false).
// `formula_only`: build the certified formula and keep its DIMACS bytes (NoWinCertificate::formula),
// writing, solving and checking nothing -- how `carve verify-certificate` re-derives a CNF from its
// question by the very code that wrote it.
// `jobs`: a certificate by parts refutes and checks this many parts at once, one thread each
// (certify_parts); the whole formula's certificate ignores it.
// A certificate by parts' ledger (engines/sat/search/part_ledger.hpp): the folder of its records,
// and who accepts a part ("carve VERSION (commit C)": the engines do not know the build). An empty
// dir: no ledger.
struct PartLedger {
  std::string dir;
  std::string accepted_by;
};

struct ProofRequest {
  std::string base;
  bool binary = true;
  bool formula_only = false;
  int jobs = 1;
  bool progress = false;  // a progress line on stderr while solving and checking (a lane per part)
  PartLedger ledger = {};  // by parts: each accepted part recorded there, a recorded part taken from there
  // By parts, binary DRAT: each part's proof held compressed in memory as CaDiCaL writes it and
  // checked there (checkers/drat/compressed_proof.hpp) -- only the part's CNF is written. The part
  // records its proof's SHA-256 and size as hashed while written; no proof file stays, so nothing
  // is kept for a later run (a check cut by a limit loses the refutation) and the part is verified
  // again only through its ledger record.
  bool proof_in_memory = false;
};

// UniverseScope, NoWinCertificate and status_name: engines/answer/certificate.hpp (below every engine).
// The file beside a certificate's CNF: NAME.cnf -> NAME + suffix (a path without .cnf keeps its
// whole name). Its manifest (".certificate.json"), a part's record (".accepted.json").
std::string beside_cnf(const std::string& cnf_path, const std::string& suffix);
// "over the whole universe: ..." with the search's scope, or that the reduction changes nothing.
std::string universe_scope_text(const UniverseScope& u);
// The one step of a 001 certificate over the reduced scope that its DRAT proof does not carry, in
// the words every such certificate states it: "the scope theorem of ... (every play is, up to an
// automorphism of the game fixing the first root, a play inside the scope; ...)". carve solve's
// no-win (universe_scope_text) and carve diff's joint refutations (questions/diff) say it alike.
std::string scope_theorem_words();

// What a certified formula holds beyond its clauses: the stability lemmas, whether every collapse
// path is encoded (`exact`), and whether its turns are guarded because a shorter win might not
// extend to `turns` turns (FrameEncoding::cover_shorter_wins; either way "some frame is won"
// misses no shorter win). Its refutation certifies the no-win only when exact. `scope`: 001 only.
struct NoWinFormula {
  std::size_t stability_lemmas = 0;
  std::size_t symmetry_clauses = 0;  // the lex-leader chains' clauses (0: none asked for, or guarded)
  bool exact = false;
  bool guarded = false;
  int pinned_turns = 0;  // turns 1..t fixed to a play (engines/sat/tree/pinned_play.hpp); victory asked after them only
  UniverseScope scope;
  // Why a refutation of this formula would not certify the no-win; empty when it would.
  std::string uncovered() const;
};

// The formula a no-win at `turns` certifies, into `out` (which must hold no variables yet):
// every turn's clauses, the stability lemmas of `lemmas_from` (may be null), the victory test of
// every frame the search asks about, and one clause "some of them holds". Building it polls
// `budget` (may be null; limits::LimitReached). With `first_moves` (a part of solve --split), also
// the clause restricting turn 1's e_new to them.
//
// `symmetry_chains` adds the lex-leader chains of the tree's child swaps and of the target's
// automorphisms (engines/sat/frames/symmetry_breaking.cpp), unless the turns are guarded (then the formula is
// built without them and symmetry_clauses stays 0). They are not implied by the rules; a refutation
// certifies the no-win by the DRAT proof and the lex-leader theorem at the top of that file: any
// play that wins has an image under the tree's automorphisms that satisfies every chain, so the
// formula with the chains is satisfiable exactly when the one without is. Never with `first_moves`
// (a part excludes orbit members the chains might keep; logic_error).
//
// With a `pinned` play of t turns (carve play's certified hint), turns 1..t are fixed to it and
// the last clause asks only frames t+1..turns: "no continuation of this play wins within
// turns - t more turns". Never with chains or first moves (logic_error).
NoWinFormula no_win_formula(const model::Game& game, const model::Target& target, int turns, int path_length,
                           const TreeEncoding* lemmas_from, DimacsRecorder& out, limits::Budget* budget = nullptr,
                           const FirstMoves& first_moves = {}, bool symmetry_chains = false, const PinnedPlay& pinned = {});

// Builds the formula, writes the files, solves, checks, all within `budget` (the search's): a
// limit on the way gives Status::LimitReached with the step it interrupted. `incremental` is
// the encoding whose run answered no-win.
NoWinCertificate certify_no_win(const model::Game& game, const model::Target& target, int turns, int path_length,
                                const TreeEncoding& incremental, const ProofRequest& request, limits::Budget& budget,
                                const FirstMoves& first_moves = {}, bool symmetry_chains = false, const PinnedPlay& pinned = {});

// The shared last step of every certificate: write `formula` (a refutation of which certifies the
// no-win by the caller's argument), refute it afresh with a DRAT trace, check both files.
NoWinCertificate certify_formula(const model::Game& game, const model::Target& target, int turns,
                                 const DimacsRecorder& formula, const NoWinFormula& made, const ProofRequest& request,
                                 limits::Budget& budget);

// The same last step for a formula that is no question of winning (carve diff's joint play
// formula, engines/sat/joint/joint_play.hpp): `head` becomes the CNF's comment lines, saying what
// its refutation means; `lemmas` counts the stability lemmas the formula holds.
NoWinCertificate certify_refutation(const std::vector<std::string>& head, const DimacsRecorder& formula, std::size_t lemmas,
                                    const ProofRequest& request, limits::Budget& budget);
// The same for a refutation already traced: `formula`, every clause the tracing solver was given
// before the one solve that refuted it (so its trace is a DRAT proof of this CNF), is written as
// request.base + ".cnf" beside the closed trace request.base + ".drat" (binary), and checked.
NoWinCertificate check_refutation(const std::vector<std::string>& head, const DimacsRecorder& formula, std::size_t lemmas,
                                  const ProofRequest& request, const std::string& proof_sha256, limits::Budget& budget);

// A certificate by parts (engines/sat/search/certified_cubes.hpp, docs/infinite-tree.md): for each cube C,
// F ∧ C written as BASE.part-NN.cnf (NN from 00, in cube order), refuted afresh with its own DRAT
// trace (BASE.part-NN.drat) and checked, as certify_formula does for F -- solved under temporary
// names, renamed into place with a record of the refutation when CaDiCaL refutes it, then checked,
// with a record of the acceptance when accepted (engines/sat/search/part_record.hpp); a part's files are
// removed when it is neither accepted nor refuted with its check cut by a limit. A part recorded
// accepted by an earlier run with the same formula and files is kept (`reused`), not made again;
// one recorded refuted is checked without solving again (`refuted_earlier`), and made afresh when
// that check rejects it. Accepted only when the cubes cover every assignment (uncovered())
// and every part was accepted. With request.jobs > 1 the parts run on that many threads, each
// taking the next part in cube order, each under its own copy of `budget`. A part that is not
// accepted stops the taking of new parts (the parts already running finish, and are kept when
// accepted); the certificate then has the status of the first such part in cube order, its message
// naming the part and the parts kept for a later run. The parts tried are always the first ones
// in cube order (`parts` holds them). With formula_only, every part's formula is built (in the
// parts' `formula`), nothing written or solved.
NoWinCertificate certify_parts(const model::Game& game, const model::Target& target, int turns, const DimacsRecorder& formula,
                               const NoWinFormula& made, const std::vector<Cube>& cubes, const ProofRequest& request,
                               limits::Budget& budget);

// 001: the same over the scope `cut` (the whole universe unless certificate_cut says it is too
// large to write; the reduced scope's refutation certifies with the scope theorem, which
// scope.by_symmetry records) with the lemmas of `lemmas_from` (the search's encoding, a reduced
// scope of the same game; may be null) found by their tuples. `collapses` AnyRemoval: every
// collapse over-approximated (scope.collapses_over_approximated), a refutation certifies the
// no-win whatever the walks' length. `exact` is false when a collapse walk bound falls short of
// the proved length (uncovered() then says why, unless the collapses are over-approximated).
NoWinFormula no_win_formula_001(const model::Game& game, const model::Target& target, int turns, int path_length,
                                   const HypergraphEncoding* lemmas_from, DimacsRecorder& out, limits::Budget* budget = nullptr,
                                   ScopeCut cut = ScopeCut::WholeUniverse,
                                   HypergraphEncoding::Collapses collapses = HypergraphEncoding::Collapses::Paths);
// `over_approximated`: the search's no-win came from the over-approximated collapses (sat_search.cpp).
NoWinCertificate certify_no_win(const model::Game& game, const model::Target& target, int turns, int path_length,
                                const HypergraphEncoding& incremental, const ProofRequest& request, limits::Budget& budget,
                                bool over_approximated = false);

// The certified question's last clause, "some frame the search asks about is won" (sat_search.cpp:
// frame 0 only when S_0 may already win); an empty clause (already refuted) when it asks about none.
template <class Encoding>
void require_some_frame_won(Cnf& cnf, const model::Game& game, Encoding& enc, int turns) {
  const int first = game.rules.reading.start_win == model::sw::StartWin::No ? 1 : 0;
  std::vector<int> some_frame_won;
  for (int f = first; f <= turns; ++f) some_frame_won.push_back(enc.victory(f));
  cnf.clause(some_frame_won);
}

}  // namespace carve::encoder
