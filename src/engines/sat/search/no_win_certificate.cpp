// A certified no-win (see no_win_certificate.hpp).
//
// Why this formula is the right one. The incremental run (sat_search.cpp) asks, frame by frame,
// whether frame j can be won under the assumption literal victory(j); CaDiCaL's trace of an
// UNSAT answer under assumptions ends without the empty clause, so it is no certificate. Here
// the same turn clauses are built once for k turns into a DimacsRecorder, the victory tests of
// frames first..k are added, and the assumptions become one clause (victory(first) ∨ ... ∨
// victory(k)): the formula is satisfiable iff some play of at most k turns inside the scope
// reaches a target component at one of those frames. A play that wins at frame j < k must go on
// legally to k turns to be a model: where FrameEncoding::extension_gap says that may fail
// (succession without an eligible root, too few choices of e_new), the turns are built guarded
// (FrameEncoding::cover_shorter_wins, whose argument is in frame_encoding.cpp) so that turns
// after the first won frame are vacuous. Its refutation is a refutation without assumptions, so
// CaDiCaL's trace ends with the empty clause.
//
// What it contains beyond the rules. The stability lemmas the incremental run learnt (path
// kinds trail, simple, simple-or-cycle encode "stability needs ℛ = ∅" lazily): each says "under
// this premise a legal collapse path exists, so the move is not stable", which the rules imply
// (tree_encoding.cpp gives the argument), so adding them removes no legal play. And, when the
// search broke symmetry (its default), the same lex-leader chains: not implied by the rules, but
// by the theorem at the top of symmetry_breaking.cpp a formula with them has a model exactly when
// it has one without (the lex-largest image of a winning play under the tree's automorphisms
// satisfies every chain), so the refutation still certifies the no-win -- with that theorem in
// its trust base, which the certificate says (symmetry_clauses; the CNF's header). They make the
// fresh refutation 3-4x faster and its proof smaller (docs/sat-encoding.md). Never over guarded
// turns (a finished play's free later turns are outside the theorem's statement) nor for a part
// of `solve --split` (the part keeps only some members of an orbit).
//
// Document 001. The search's HypergraphEncoding lets moves mention only the first blocks of each
// class and the first k tuples per vertex set (hyper_scope.cpp): exact by automorphisms of the
// game, an argument outside the proof. The certified formula is built over ScopeCut::WholeUniverse
// instead -- every formula of the case's universe, every tuple the construction rule allows --
// so its refutation says "no play of the case's own game", with no symmetry argument, while the
// whole universe can be written (certificate_cut, hyper_scope.hpp); past that it is built over
// the search's reduced scope and the certificate states the scope theorem as its trust base (as
// 000's lex-leader chains state theirs). The search's lemmas carry over by their tuples: each is
// implied by the rules in any state with its premise (hypergraph_encoding.cpp), whatever the
// scope. Where the search's no-win came from the over-approximated collapses (walks bounded below
// the proved length, sat_search.cpp), the certified formula over-approximates them too: every
// legal play is still a model, so its refutation certifies the no-win whatever the walks' length.
// The victory frames are closed by one clause, as above.
#include "rules/model/counted.hpp"
#include "engines/sat/search/no_win_certificate.hpp"

#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checkers/drat/compressed_proof.hpp"
#include "checkers/drat/drat.hpp"
#include "engines/sat/search/part_ledger.hpp"
#include "engines/sat/search/part_record.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/files/checked_stream.hpp"
#include "foundations/files/write_error.hpp"
#include "foundations/limits/ordered_workers.hpp"
#include "foundations/limits/progress.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::encoder {

namespace {
double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
// The checker's message opens with its verdict, which `status` already states.
std::string without_verdict(const std::string& message) {
  for (const std::string prefix : {"accepted: ", "rejected: "})
    if (message.rfind(prefix, 0) == 0) return message.substr(prefix.size());
  return message;
}
}  // namespace

std::string beside_cnf(const std::string& cnf_path, const std::string& suffix) {
  const std::string ext = ".cnf";
  const bool has_ext = cnf_path.size() > ext.size() && cnf_path.compare(cnf_path.size() - ext.size(), ext.size(), ext) == 0;
  return (has_ext ? cnf_path.substr(0, cnf_path.size() - ext.size()) : cnf_path) + suffix;
}

std::string NoWinFormula::uncovered() const {
  const bool universe = scope.elements > 0;  // 001 fills the scope, 000 never does
  if (!exact && !(universe && scope.collapses_over_approximated))
    return universe ? "the certified encoding bounds collapse walks below the proved length: no certificate"
                    : "the collapse paths are cut below the proved length: no certificate";
  return {};
}

std::string scope_theorem_words() {
  return "the scope theorem of engines/sat/hypergraph/hyper_scope.cpp (every play is, up to an automorphism of the game fixing "
         "the first root, a play inside the scope; docs/sat-encoding-001.md)";
}

std::string universe_scope_text(const UniverseScope& u) {
  std::string out;
  if (u.by_symmetry)
    out = fmt::format("the formula is over the search's scope, reduced by symmetry ({} formulas a move may mention, {} edge "
                      "elements): the whole universe has more than {} tuples to write, so the no-win holds by this proof and "
                      "{}",
                      u.formulas, u.elements, kWholeUniverseTuples, scope_theorem_words());
  else {
    out = fmt::format("the formula is over the whole universe ({} formulas a move may mention, {} edge elements)", u.formulas,
                      u.elements);
    out += u.reduction_changes_nothing()
               ? "; the search's scope is the same: the reduction changes nothing here"
               : fmt::format("; the search's scope, reduced by symmetry, had {} and {}", u.search_formulas, u.search_elements);
  }
  if (u.collapses_over_approximated)
    out += "; each collapse over-approximated as any removal of edges of E'_t (every legal play is a model, so the "
           "refutation holds whatever the collapse walks' length)";
  return out;
}

NoWinFormula no_win_formula(const model::Game& game, const model::Target& target, int turns, int path_length,
                            const TreeEncoding* lemmas_from, DimacsRecorder& out, limits::Budget* budget,
                            const FirstMoves& first_moves, bool symmetry_chains, const PinnedPlay& pinned) {
  if (symmetry_chains && !first_moves.empty()) throw std::logic_error("no_win_formula: symmetry chains with first moves");
  if (!pinned.empty() && (symmetry_chains || !first_moves.empty() || pinned.turns() > turns))
    throw std::logic_error("no_win_formula: a pinned play with symmetry chains, first moves, or more turns than the formula");
  Cnf cnf(out, budget);
  TreeEncoding enc(game, target, cnf, path_length);
  const bool guarded = enc.cover_shorter_wins(game, turns);
  // Guarded turns leave a finished play's later turns free, which the chains would still read:
  // the theorem is stated for unguarded plays, so a guarded formula goes without them.
  if (symmetry_chains && !guarded) enc.break_symmetry();
  while (enc.turns() < turns) enc.add_turn();
  if (!first_moves.empty() && turns > 0) enc.restrict_first_move(first_moves);
  if (lemmas_from) enc.adopt_lemmas(*lemmas_from);
  for (int t = 0; t < pinned.turns(); ++t) pin_turn(enc, cnf, game, pinned, t);
  if (pinned.empty()) require_some_frame_won(cnf, game, enc, turns);
  else require_some_frame_won_after(cnf, enc, pinned.turns(), turns);
  NoWinFormula f;
  f.pinned_turns = pinned.turns();
  f.stability_lemmas = enc.lemmas();
  f.symmetry_clauses = enc.symmetry_clauses();
  f.exact = enc.exact();
  f.guarded = guarded;
  return f;
}

NoWinFormula no_win_formula_001(const model::Game& game, const model::Target& target, int turns, int path_length,
                                   const HypergraphEncoding* lemmas_from, DimacsRecorder& out, limits::Budget* budget,
                                   ScopeCut cut, HypergraphEncoding::Collapses collapses) {
  Cnf cnf(out, budget);
  HypergraphEncoding enc(game, target, cnf, turns, path_length, cut, {}, collapses);
  const bool guarded = enc.cover_shorter_wins(game, turns);
  while (enc.turns() < turns) enc.add_turn();
  if (lemmas_from) enc.adopt_lemmas(*lemmas_from);
  require_some_frame_won(cnf, game, enc, turns);
  NoWinFormula u;
  u.stability_lemmas = enc.lemmas();
  u.exact = enc.exact();
  u.guarded = guarded;
  u.scope.elements = enc.scope().elements.size();
  u.scope.formulas = enc.scope().mentionable();
  u.scope.by_symmetry = cut == ScopeCut::Reduced;
  u.scope.collapses_over_approximated = enc.over_approximates();
  if (lemmas_from) {
    u.scope.search_elements = lemmas_from->scope().elements.size();
    u.scope.search_formulas = lemmas_from->scope().mentionable();
  }
  return u;
}

namespace {

NoWinCertificate limit_reached(NoWinCertificate c, const std::string& reason, const char* stage) {
  c.status = NoWinCertificate::Status::LimitReached;
  c.message = reason + " while " + stage;
  return c;
}

// The certified formula's DIMACS bytes, its head comments saying what it is; c's counts and
// cnf_sha256 set from them. limits::LimitReached when `budget` runs out on the way.
std::string dimacs_text(const model::Game& game, const model::Target& target, int turns, const DimacsRecorder& formula,
                        limits::Budget& budget, NoWinCertificate& c) {
  c.variables = static_cast<std::size_t>(formula.variables());
  c.clauses = formula.clauses();

  std::ostringstream text;
  std::vector<std::string> head{
      fmt::format("carve certified no-win: document {} ({}), profile {}", game.document, game.spec_name, game.profile),
      fmt::format("reading {}, density avoid {}", game.reading(), game.rules.density_words()),
      fmt::format("target {}, at most {}", target.text, model::counted(turns, "turn"))};
  if (c.pinned_turns > 0)
    head.push_back(fmt::format("turns 1..{0} pinned to a play by unit clauses (carve play's hint, engines/sat/tree/pinned_play.hpp); victory "
                               "asked at frames {1}..{2} only: unsatisfiable = no continuation of that play wins within {3} more turns",
                               c.pinned_turns, c.pinned_turns + 1, turns, turns - c.pinned_turns));
  if (!c.cube.empty())
    head.push_back(fmt::format("a part of a certificate by parts: the certified formula with the cube {} as unit clauses "
                               "(docs/infinite-tree.md, \"Certificate by parts\")", fmt::join(c.cube, " ")));
  if (c.symmetry_clauses > 0)
    head.push_back(fmt::format("with {} lex-leader symmetry-breaking clauses (not implied by the rules; a refutation certifies "
                               "the no-win with the lex-leader theorem of engines/sat/frames/symmetry_breaking.cpp)", c.symmetry_clauses));
  // 001's trust base beyond the rules, when it has one (a whole-universe formula with exact
  // collapses has none, and its head stays as it was).
  if (c.universe && (c.universe->by_symmetry || c.universe->collapses_over_approximated))
    head.push_back(universe_scope_text(*c.universe));
  formula.write_dimacs(text, head, &budget);
  std::string bytes = text.str();
  c.cnf_sha256 = parser::sha256_hex(bytes);
  return bytes;
}

// Writes `bytes` (the DIMACS of `formula`) as c.cnf_path and refutes the formula afresh with a DRAT
// trace into c.proof_path: true when refuted (c.solve_seconds, c.proof_bytes set); else c says why not.
// With `held`, the trace goes there instead (ProofRequest::proof_in_memory) and no proof file is written.
bool refute(const std::string& bytes, const DimacsRecorder& formula, const ProofRequest& request, limits::Budget& budget,
            NoWinCertificate& c, limits::Progress& progress, drat::CompressedProof* held = nullptr) {
  try {
    files::write_file(c.cnf_path, bytes);
  } catch (const files::WriteError& e) {
    c.status = NoWinCertificate::Status::CannotWrite;
    c.message = e.what();  // "cannot write PATH: No space left on device"
    return false;
  }

  const auto t_solve = std::chrono::steady_clock::now();
  SolveStatus solved;
  try {
    ProofTrace trace{c.proof_path, request.binary, {}};
    if (held) trace.sink = [held](std::string_view piece) { held->write(piece); };
    CadicalBackend solver(trace);
    solver.set_deadline(budget.deadline());
    solver.set_interrupt([&]() {
      if (progress.due()) {
        std::error_code ec;
        progress.show(held ? fmt::format("solving, {} MB of proof held in {} MB", held->bytes() / 1000000, held->compressed_bytes() / 1000000)
                           : fmt::format("solving, {} MB of proof", std::filesystem::file_size(c.proof_path, ec) / 1000000));
      }
      return budget.exhausted();
    });
    formula.replay_into(solver, &budget);
    solved = solver.solve({});
    solver.close_proof();
    c.proof_sha256 = solver.proof_sha256();
  } catch (const limits::LimitReached& e) {
    c = limit_reached(std::move(c), e.what(), "handing the fresh formula to CaDiCaL");
    return false;
  } catch (const std::runtime_error& e) {
    c.status = NoWinCertificate::Status::CannotWrite;
    c.message = e.what();
    return false;
  }
  c.solve_seconds = since(t_solve);
  std::error_code ec;
  if (held) held->close();
  c.proof_bytes = held ? held->bytes() : static_cast<std::size_t>(std::filesystem::file_size(c.proof_path, ec));
  if (solved == SolveStatus::Unknown) {
    c.status = NoWinCertificate::Status::LimitReached;
    c.message = (budget.exhausted() ? budget.reason() : std::string("CaDiCaL answered unknown")) +
                " before CaDiCaL refuted the fresh formula";
    return false;
  }
  if (solved == SolveStatus::Sat) {
    c.status = NoWinCertificate::Status::Satisfiable;
    c.message = "the fresh formula is satisfiable although the incremental run found no play";
    return false;
  }
  return true;
}

// Checks the files as written, not the in-memory formula: the certificate is about the files --
// the CNF read back, and the proof file, or the proof `held` compressed in memory as CaDiCaL wrote it.
void check_files(limits::Budget& budget, NoWinCertificate& c, limits::Progress& progress, const drat::CompressedProof* held = nullptr) {
  const auto t_check = std::chrono::steady_clock::now();
  try {
    const drat::Cnf cnf = drat::read_cnf_file(c.cnf_path, &budget);
    if (cnf.num_clauses() != c.clauses)
      throw drat::InputError(fmt::format("{}: {} clauses read back, {} written", c.cnf_path, cnf.num_clauses(), c.clauses));
    drat::Options options;
    options.budget = &budget;
    options.progress = &progress;
    // Streamed from the file: a proof of gigabytes is never held whole (drat.hpp, check_file).
    const drat::Result r =
        held ? drat::check_compressed(cnf, *held, c.proof_path + " (held in memory)", options)
             : drat::check_file(cnf, c.proof_path, c.binary ? drat::ProofFormat::Binary : drat::ProofFormat::Text, options);
    c.status = r.accepted       ? NoWinCertificate::Status::Accepted
               : r.limit_reached ? NoWinCertificate::Status::LimitReached
                                 : NoWinCertificate::Status::Rejected;
    c.message = without_verdict(r.message);
    c.proof_lemmas = r.lemmas;
    c.core_lemmas = r.core_lemmas;
    c.rat_lemmas = r.rat_lemmas;
  } catch (const drat::InputError& e) {
    c.status = NoWinCertificate::Status::Rejected;
    c.message = std::string("the checker cannot read back what carve wrote: ") + e.what();
  } catch (const limits::LimitReached& e) {
    c.status = NoWinCertificate::Status::LimitReached;
    c.message = std::string(e.what()) + " while reading the files back";
  }
  c.check_seconds = since(t_check);
}

// The certificate of `formula` (its DIMACS `bytes`): written, refuted afresh, checked.
NoWinCertificate solve_check(std::string bytes, const DimacsRecorder& formula, const ProofRequest& request, limits::Budget& budget,
                             NoWinCertificate c, limits::Progress& progress) {
  if (request.formula_only) {
    c.status = NoWinCertificate::Status::FormulaOnly;
    c.message = "the certified formula, built again; nothing solved or checked";
    c.formula = std::move(bytes);
    return c;
  }
  if (refute(bytes, formula, request, budget, c, progress)) check_files(budget, c, progress);
  return c;
}

NoWinCertificate write_solve_check(const model::Game& game, const model::Target& target, int turns,
                                   const DimacsRecorder& formula, const ProofRequest& request, limits::Budget& budget,
                                   NoWinCertificate c) {
  std::string bytes;
  try {
    bytes = dimacs_text(game, target, turns, formula, budget, c);
  } catch (const limits::LimitReached& e) {
    return limit_reached(std::move(c), e.what(), "writing the certified formula");
  }
  limits::Progress progress(request.progress, "certificate");
  return solve_check(std::move(bytes), formula, request, budget, std::move(c), progress);
}

// What the certificate reports of the formula it certifies.
void take_counts(NoWinCertificate& c, const NoWinFormula& f) {
  if (f.scope.elements > 0) c.universe = f.scope;  // 001
  c.pinned_turns = f.pinned_turns;
  c.stability_lemmas = f.stability_lemmas;
  c.symmetry_clauses = f.symmetry_clauses;
}

NoWinCertificate prepared(const ProofRequest& request) {
  NoWinCertificate c;
  c.cnf_path = request.base + ".cnf";
  c.proof_path = request.base + ".drat";
  c.binary = request.binary;
  return c;
}

// A part's files and its refutation record (and `others`), whichever exist.
void remove_part_files(const NoWinCertificate& c, std::initializer_list<std::string> others = {}) {
  std::error_code ec;
  for (const auto& f : {c.cnf_path, c.proof_path, part_record_path(c.cnf_path, PartStage::Refuted)}) std::filesystem::remove(f, ec);
  for (const auto& f : others) std::filesystem::remove(f, ec);
}

// After the check of a part's files in place: the record of its acceptance; or, the check cut by a
// limit, the files left with their record of the refutation for a later run; or nothing left.
NoWinCertificate settle_part(NoWinCertificate c) {
  if (c.status == NoWinCertificate::Status::LimitReached) {
    c.refutation_kept = true;
    c.message += "; its refutation is kept for a later run to check";
    return c;
  }
  if (!c.accepted()) {
    remove_part_files(c);
    return c;
  }
  try {
    write_part_record(c, PartStage::Accepted);
  } catch (const files::WriteError& e) {
    remove_part_files(c);  // none stays without its record
    c.status = NoWinCertificate::Status::CannotWrite;
    c.message = e.what();
  }
  return c;
}

// ProofRequest::proof_in_memory: the part's CNF written (under a temporary name, renamed into
// place once refuted), its proof held compressed in memory and checked there. No refutation
// record and no acceptance record: there is no proof file for a later run to keep or check; the
// ledger (ledgered) is where an accepted part's record goes.
NoWinCertificate make_part_in_memory(const std::string& bytes, const DimacsRecorder& part, const std::string& base,
                                     const ProofRequest& request, limits::Budget& budget, NoWinCertificate c,
                                     limits::Progress& progress) {
  remove_part_files(c, {part_record_path(c.cnf_path, PartStage::Accepted)});
  const std::string cnf_final = c.cnf_path;
  const std::string staged = files::temporary_name(base);
  c.cnf_path = staged + ".cnf";
  drat::CompressedProof held;
  if (!refute(bytes, part, request, budget, c, progress, &held)) {
    remove_part_files(c);
    return c;
  }
  try {
    files::rename_into_place(c.cnf_path, cnf_final);
    c.cnf_path = cnf_final;
  } catch (const files::WriteError& e) {
    remove_part_files(c, {staged + ".cnf", cnf_final});
    c.status = NoWinCertificate::Status::CannotWrite;
    c.message = e.what();
    return c;
  }
  check_files(budget, c, progress, &held);
  if (c.status == NoWinCertificate::Status::LimitReached)
    c.message += "; its proof was held in memory and is gone with this run (--proof-in-memory keeps nothing to resume)";
  if (!c.accepted()) remove_part_files(c);
  return c;
}

// The part's formula refuted afresh under temporary names; once refuted, its files renamed into
// place with the record of the refutation, then checked there.
NoWinCertificate make_part(const std::string& bytes, const DimacsRecorder& part, const std::string& base,
                           const ProofRequest& request, limits::Budget& budget, NoWinCertificate c, limits::Progress& progress) {
  remove_part_files(c, {part_record_path(c.cnf_path, PartStage::Accepted)});  // what an earlier run left, not taken
  const std::string cnf_final = c.cnf_path, proof_final = c.proof_path;
  const std::string staged = files::temporary_name(base);
  c.cnf_path = staged + ".cnf";
  c.proof_path = staged + ".drat";
  const bool refuted = refute(bytes, part, request, budget, c, progress);
  if (!refuted) {
    remove_part_files(c);
    return c;
  }
  try {
    files::rename_into_place(c.cnf_path, cnf_final);
    files::rename_into_place(c.proof_path, proof_final);
    c.cnf_path = cnf_final;
    c.proof_path = proof_final;
    c.message = "refuted by CaDiCaL, not yet checked";
    write_part_record(c, PartStage::Refuted);
  } catch (const files::WriteError& e) {
    // Whichever names the files have now: none stays without its record.
    remove_part_files(c, {staged + ".cnf", staged + ".drat", cnf_final, proof_final});
    c.status = NoWinCertificate::Status::CannotWrite;
    c.message = e.what();
    return c;
  }
  check_files(budget, c, progress);
  return settle_part(std::move(c));
}

// A part accepted by this run or kept from an earlier one, recorded in the ledger (if one is
// asked for) unless its record there already holds; a record that cannot be written fails the part.
NoWinCertificate ledgered(NoWinCertificate c, std::size_t index, const ProofRequest& request) {
  if (request.ledger.dir.empty() || !c.accepted() || c.from_ledger) return c;
  if (read_ledger_record(request.ledger.dir, index, c).part) {
    c.ledger_path = ledger_record_path(request.ledger.dir, index);
    return c;
  }
  try {
    write_ledger_record(request.ledger, index, c);
    c.ledger_path = ledger_record_path(request.ledger.dir, index);
  } catch (const files::WriteError& e) {
    c.status = NoWinCertificate::Status::CannotWrite;
    c.message = fmt::format("the part was accepted, but its ledger record could not be written: {}", e.what());
  }
  return c;
}

// One part of a certificate by parts, its files BASE.part-NN.*: kept when an earlier run recorded
// it accepted with these very files; taken from the ledger when it records this part accepted
// (its files need not be here); checked without solving when an earlier run recorded it refuted
// (made afresh if that check rejects it: the record claims nothing); else made (make_part).
NoWinCertificate certify_part(const model::Game& game, const model::Target& target, int turns, const DimacsRecorder& formula,
                              const NoWinFormula& made, const Cube& cube, std::size_t index, const std::string& base,
                              const ProofRequest& request, limits::Budget& budget, limits::Progress& progress) {
  ProofRequest final_request = request;
  final_request.base = base;
  NoWinCertificate c = prepared(final_request);
  take_counts(c, made);
  c.cube = cube;
  const DimacsRecorder part = with_cube(formula, cube);
  std::string bytes;
  try {
    bytes = dimacs_text(game, target, turns, part, budget, c);
  } catch (const limits::LimitReached& e) {
    return limit_reached(std::move(c), e.what(), "writing a part's formula");
  }
  if (request.formula_only) return solve_check(std::move(bytes), part, request, budget, std::move(c), progress);
  std::optional<NoWinCertificate> kept, earlier;
  try {
    kept = read_part_record(c, PartStage::Accepted, budget);
    if (!kept) earlier = read_part_record(c, PartStage::Refuted, budget);
  } catch (const limits::LimitReached& e) {  // the files stay, for a run with time to read them
    return limit_reached(std::move(c), e.what(), "reading an earlier run's part back");
  }
  if (kept) return ledgered(std::move(*kept), index, request);
  if (!request.ledger.dir.empty())
    if (LedgerEntry e = read_ledger_record(request.ledger.dir, index, c); e.part) return std::move(*e.part);
  if (earlier) {
    check_files(budget, *earlier, progress);
    if (earlier->status != NoWinCertificate::Status::Rejected) return ledgered(settle_part(std::move(*earlier)), index, request);
    remove_part_files(*earlier);
  }
  if (request.proof_in_memory)
    return ledgered(make_part_in_memory(bytes, part, base, request, budget, std::move(c), progress), index, request);
  return ledgered(make_part(bytes, part, base, request, budget, std::move(c), progress), index, request);
}

}  // namespace

NoWinCertificate certify_formula(const model::Game& game, const model::Target& target, int turns,
                                 const DimacsRecorder& formula, const NoWinFormula& made, const ProofRequest& request,
                                 limits::Budget& budget) {
  NoWinCertificate c = prepared(request);
  take_counts(c, made);
  return write_solve_check(game, target, turns, formula, request, budget, std::move(c));
}

namespace {

// `formula` as DIMACS with `head` as its comment lines; c's counts and cnf_sha256 set from them.
std::string headed_dimacs(const std::vector<std::string>& head, const DimacsRecorder& formula, std::size_t lemmas,
                          limits::Budget& budget, NoWinCertificate& c) {
  c.stability_lemmas = lemmas;
  c.variables = static_cast<std::size_t>(formula.variables());
  c.clauses = formula.clauses();
  std::ostringstream text;
  formula.write_dimacs(text, head, &budget);
  std::string bytes = text.str();
  c.cnf_sha256 = parser::sha256_hex(bytes);
  return bytes;
}

}  // namespace

NoWinCertificate certify_refutation(const std::vector<std::string>& head, const DimacsRecorder& formula, std::size_t lemmas,
                                    const ProofRequest& request, limits::Budget& budget) {
  NoWinCertificate c = prepared(request);
  std::string bytes;
  try {
    bytes = headed_dimacs(head, formula, lemmas, budget, c);
  } catch (const limits::LimitReached& e) {
    return limit_reached(std::move(c), e.what(), "writing the formula");
  }
  limits::Progress progress(request.progress, "certificate");
  return solve_check(std::move(bytes), formula, request, budget, std::move(c), progress);
}

NoWinCertificate check_refutation(const std::vector<std::string>& head, const DimacsRecorder& formula, std::size_t lemmas,
                                  const ProofRequest& request, const std::string& proof_sha256, limits::Budget& budget) {
  NoWinCertificate c = prepared(request);
  try {
    files::write_file(c.cnf_path, headed_dimacs(head, formula, lemmas, budget, c));
  } catch (const limits::LimitReached& e) {
    return limit_reached(std::move(c), e.what(), "writing the formula");
  } catch (const files::WriteError& e) {
    c.status = NoWinCertificate::Status::CannotWrite;
    c.message = e.what();
    return c;
  }
  c.proof_sha256 = proof_sha256;
  std::error_code ec;
  c.proof_bytes = static_cast<std::size_t>(std::filesystem::file_size(c.proof_path, ec));
  limits::Progress progress(request.progress, "certificate");
  check_files(budget, c, progress);
  return c;
}

namespace {

// A part the run goes on after: accepted, or (formula_only) built.
bool part_holds(const NoWinCertificate& part) {
  return part.accepted() || part.status == NoWinCertificate::Status::FormulaOnly;
}

// The parts, on request.jobs threads (foundations/limits/ordered_workers.hpp) until every part is tried or
// one is not accepted: the parts tried are the first ones, in cube order.
std::vector<NoWinCertificate> run_parts(const model::Game& game, const model::Target& target, int turns,
                                        const DimacsRecorder& formula, const NoWinFormula& made, const std::vector<Cube>& cubes,
                                        const ProofRequest& request, limits::Budget& budget) {
  std::vector<NoWinCertificate> done(cubes.size());
  limits::ProgressLanes lanes(request.progress, "parts");
  const auto part = [&](std::size_t i, limits::Budget& own) {
    limits::Progress lane(lanes, fmt::format("{:02}", i));
    done[i] = certify_part(game, target, turns, formula, made, cubes[i], i, fmt::format("{}.part-{:02}", request.base, i), request, own, lane);
    return part_holds(done[i]);
  };
  done.resize(limits::run_in_order(cubes.size(), request.jobs, budget, part));
  return done;
}

}  // namespace

NoWinCertificate certify_parts(const model::Game& game, const model::Target& target, int turns, const DimacsRecorder& formula,
                               const NoWinFormula& made, const std::vector<Cube>& cubes, const ProofRequest& request,
                               limits::Budget& budget) {
  NoWinCertificate whole;
  whole.binary = request.binary;
  take_counts(whole, made);
  whole.variables = static_cast<std::size_t>(formula.variables());
  whole.clauses = formula.clauses();
  if (auto gap = uncovered(cubes)) {
    whole.status = NoWinCertificate::Status::Inexact;
    whole.message = fmt::format("the cubes miss the assignment {}: no certificate by parts", fmt::join(*gap, " "));
    return whole;
  }
  whole.status = request.formula_only ? NoWinCertificate::Status::FormulaOnly : NoWinCertificate::Status::Accepted;
  whole.parts = run_parts(game, target, turns, formula, made, cubes, request, budget);
  std::size_t reused = 0, accepted = 0, checked_later = 0, refutations_kept = 0, from_ledger = 0;
  std::optional<std::size_t> failed;
  for (std::size_t i = 0; i < whole.parts.size(); ++i) {
    const NoWinCertificate& c = whole.parts[i];
    reused += c.reused ? 1 : 0;
    from_ledger += c.from_ledger ? 1 : 0;
    accepted += c.accepted() ? 1 : 0;
    checked_later += c.refuted_earlier && c.accepted() ? 1 : 0;
    refutations_kept += c.refutation_kept ? 1 : 0;
    whole.proof_bytes += c.proof_bytes;
    whole.proof_lemmas += c.proof_lemmas;
    whole.core_lemmas += c.core_lemmas;
    whole.rat_lemmas += c.rat_lemmas;
    whole.solve_seconds += c.solve_seconds;
    whole.check_seconds += c.check_seconds;
    if (!failed && !part_holds(c)) failed = i;
  }
  if (failed) {
    const NoWinCertificate& part = whole.parts[*failed];
    whole.status = part.status;
    whole.message = fmt::format("part {} of {} (the cube {}): {}", *failed, cubes.size(), fmt::join(cubes[*failed], " "), part.message);
    if (accepted > 0) whole.message += fmt::format("; {} accepted and kept for a later run", model::counted(accepted, "part"));
    if (refutations_kept > 0)
      whole.message += fmt::format("; {} refuted, the check cut: kept for a later run to check", model::counted(refutations_kept, "part"));
    return whole;
  }
  // Every cube's part is here: a part is left untried only after one that failed (run_parts).
  if (whole.parts.size() != cubes.size())
    throw std::logic_error(fmt::format("certify_parts: {} of {} parts tried and none failed", whole.parts.size(), cubes.size()));
  if (whole.accepted())
    whole.message = fmt::format("{} parts accepted ({} kept from an earlier run{}{}): {}", cubes.size(), reused,
                                checked_later > 0 ? fmt::format(", {} checked from an earlier run's refutation", checked_later) : "",
                                from_ledger > 0 ? fmt::format(", {} taken from the ledger's records, their proofs not checked by this run",
                                                              from_ledger)
                                                : "",
                                drat::checked_clauses_words(whole.core_lemmas, whole.proof_lemmas, whole.rat_lemmas));
  else
    whole.message = fmt::format("the certified formula's {} parts, built again; nothing solved or checked", cubes.size());
  return whole;
}

NoWinCertificate certify_no_win(const model::Game& game, const model::Target& target, int turns, int path_length,
                                const TreeEncoding& incremental, const ProofRequest& request, limits::Budget& budget,
                                const FirstMoves& first_moves, bool symmetry_chains, const PinnedPlay& pinned) {
  NoWinCertificate c = prepared(request);
  DimacsRecorder formula;
  NoWinFormula f;
  try {
    f = no_win_formula(game, target, turns, path_length, &incremental, formula, &budget, first_moves, symmetry_chains, pinned);
  } catch (const limits::LimitReached& e) {
    return limit_reached(std::move(c), e.what(), "building the certified formula");
  }
  take_counts(c, f);
  if (auto why = f.uncovered(); !why.empty()) {
    c.status = NoWinCertificate::Status::Inexact;
    c.message = why;
    return c;
  }
  return write_solve_check(game, target, turns, formula, request, budget, std::move(c));
}

NoWinCertificate certify_no_win(const model::Game& game, const model::Target& target, int turns, int path_length,
                                const HypergraphEncoding& incremental, const ProofRequest& request, limits::Budget& budget,
                                bool over_approximated) {
  NoWinCertificate c = prepared(request);
  DimacsRecorder formula;
  NoWinFormula u;
  const ScopeCut cut = certificate_cut(game);
  try {
    u = no_win_formula_001(game, target, turns, path_length, &incremental, formula, &budget, cut,
                           over_approximated ? HypergraphEncoding::Collapses::AnyRemoval : HypergraphEncoding::Collapses::Paths);
  } catch (const limits::LimitReached& e) {
    return limit_reached(std::move(c), e.what(),
                         cut == ScopeCut::WholeUniverse ? "building the certified formula over the whole universe"
                                                        : "building the certified formula over the reduced scope");
  }
  take_counts(c, u);
  c.universe = u.scope;
  if (auto why = u.uncovered(); !why.empty()) {
    c.status = NoWinCertificate::Status::Inexact;
    c.message = why;
    return c;
  }
  return write_solve_check(game, target, turns, formula, request, budget, std::move(c));
}

}  // namespace carve::encoder
