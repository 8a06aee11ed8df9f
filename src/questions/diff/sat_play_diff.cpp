// play_diff by SAT: per scope and per turn bound t = 1, 2, ..., the joint formula "a play of t
// turns both readings accept up to turn t-1 and part at turn t" (engines/sat/joint: joint_play.hpp
// for document 000, joint_hyper_play.hpp for 001), solved with the stability lemmas learnt so far. A model is judged turn by turn through the
// reference semantics: a stable claim that a reading which must accept it rejects (ℛ ≠ ∅) gives a
// lemma and the formula is solved again; any other disagreement between the model and the
// reference semantics is a bug (std::logic_error, exit 3). A refutation is certified: the formula
// with its lemmas written as DIMACS beside a DRAT proof of it, checked by checkers/drat -- the
// search's own trace when its first solve refuted the formula (no clause came after a solve), else
// a fresh refutation by CaDiCaL (engines/sat/search/no_win_certificate.hpp).
// Document 001 is searched over the reduced scope (exact by automorphisms of both games,
// joint_hyper_play.cpp); its refutations are certified over the whole universe -- the same loop on
// the formula with every formula and tuple, whose refutation needs no symmetry argument -- where
// that formula can be written (whole_universe_too_large: the single certificates' certificate_cut,
// and the joint formula's step literals within kWalkStepLiterals); past that, as carve solve's
// no-win is, over the reduced scope: its DRAT proof checked and the scope theorem, read for a pair
// of readings, stated in the CNF's head and the report as the one step outside the proof
// (PlayUniverse::by_symmetry), never silently. Where collapse walks are cut below the
// proved joint bound (joint_hyper_play.cpp) a refutation covers only those plays: "not certified",
// and a search that finds no difference ends in `unknown`, never in "none". Document 000's walks
// get their proved joint bound too (joint_play.cpp) where its step literals fit; past that (or
// below it by --walk-length) they are cut to the trail bound: the same there.
// Why t = 1, 2, ... in turn finds a shortest difference: a play that parts at turn t has no shorter
// prefix that parts (its turns before t are accepted by both), so the first satisfiable bound is
// the length of a shortest distinguishing play -- within the scope, scopes smallest first. Where
// 000's walks are read the probe (walks cut to the trail bound) finds a difference first and the
// bounds below it are then refuted at the exact lengths: the same shortest play, or, when a limit
// ends those refutations, the probe's play with PlayDiff::shortest_open saying so. With
// PlayOptions::jobs > 1 a scope's bounds are refuted side by side (run_bounds) and read back in
// turn order, so the first satisfiable bound is still the one reported.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engines/sat/joint/joint_hyper_play.hpp"
#include "engines/sat/joint/joint_play.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/solvers/dimacs_writer.hpp"
#include "engines/solvers/recording_backend.hpp"
#include "foundations/limits/ordered_workers.hpp"
#include "questions/diff/play_diff.hpp"
#include "rules/model/counted.hpp"
#include "rules/model/graph_view.hpp"

namespace carve::diff {

using model::Move;
using model::State;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The model's play through the reference semantics. Returns a lemma when a stable claim that a
// reading must accept is illegal under it (ℛ ≠ ∅ there); nullopt when the play is what the formula
// says -- turns 1..t-1 legal under both, turn t legal under `accepting` and illegal under the
// other (its violation into `rejected`). Anything else: the formula and the rules disagree.
template <class Enc>
std::optional<typename Enc::Lemma> judge(const model::Game* games[2], const std::vector<Move>& play, int accepting,
                                         limits::Budget& budget, model::Violation& rejected) {
  State state[2] = {model::initial_state(*games[0]), model::initial_state(*games[1])};
  const std::size_t t = play.size();
  for (std::size_t s = 0; s < t; ++s) {
    const Move& m = play[s];
    for (int side = 0; side < 2; ++side) {
      const bool must_accept = s + 1 < t || side == accepting;
      const model::Game& g = *games[side];
      if (must_accept && !m.collapse && !model::check_construction(g, state[side], m.added)) {
        model::GraphView view(g, state[side]);
        view.set_candidate(m.added);
        model::CollapsePaths paths(g, view, state[side].root);
        if (auto p = paths.find_any(budget)) return Enc::lemma_of(side, state[side], view, *p);
      }
      auto next = model::apply_turn(g, state[side], m, budget);
      if (auto* v = std::get_if<model::Violation>(&next)) {
        if (must_accept)
          throw std::logic_error(fmt::format("the joint play formula's play breaks rule {} ({}) at turn {} under reading {}, "
                                             "which the formula says accepts it",
                                             v->rule, v->message, s + 1, side == 0 ? "A" : "B"));
        rejected = *v;
        continue;
      }
      if (!must_accept)
        throw std::logic_error(fmt::format("the joint play formula's turn {} is legal under reading {}, which the formula says rejects it",
                                           s + 1, side == 0 ? "A" : "B"));
      state[side] = std::get<State>(std::move(next));
    }
  }
  return std::nullopt;
}

encoder::DimacsRecorder recorded(const encoder::RecordingBackend& rec) {
  encoder::DimacsRecorder out;
  for (int v = 0; v < rec.variables(); ++v) out.new_var();
  std::vector<int> lits;
  rec.clauses().for_each([&](std::span<const int> c) {
    lits.assign(c.begin(), c.end());
    out.add_clause(lits);
  });
  return out;
}

std::string proof_base(const PlayOptions& o, int scope, int turns) {
  return fmt::format("{}/plays-scope-{}-turns-{}", o.proof_dir, scope, turns);
}

bool is_001(const model::Game* games[2]) { return games[0]->universe.kind == model::Universe::Kind::Deduction; }

// `trust`: what the refutation needs beyond the formula's clauses (the scope theorem), as its own line.
std::vector<std::string> formula_head(const model::Game* games[2], int scope, int turns, bool exact, int walk_length,
                                      const std::string& scope_words, const std::string& trust) {
  std::vector<std::string> head{
      fmt::format("carve diff: two readings of document {} ({}) over one play, {} {}{}", games[0]->document, games[0]->spec_name,
                  is_001(games) ? "variables" : "depth", scope, scope_words.empty() ? "" : ", " + scope_words),
      fmt::format("reading A: profile {}, {}, density avoid {}", games[0]->profile, games[0]->reading(), games[0]->rules.density_words()),
      fmt::format("reading B: profile {}, {}, density avoid {}", games[1]->profile, games[1]->reading(), games[1]->rules.density_words()),
      fmt::format("unsatisfiable = no play of exactly {} turns is accepted by both readings up to turn {} and by exactly one at turn {}",
                  turns, turns - 1, turns)};
  if (!exact) head.push_back(fmt::format("collapse walks of at most {} edges (a reading reads walks)", walk_length));
  if (!trust.empty()) head.push_back(trust);
  return head;
}

// One formula at one scope and turn bound, solved: the solver (tracing a DRAT proof when
// certificates are asked for), the recording of every clause, and whether a lemma came after a
// solve (then the trace is no proof of the recorded formula).
struct Solved {
  encoder::RecordingBackend* rec = nullptr;
  encoder::CadicalBackend* traced = nullptr;
  bool refined = false;
  std::string base;
};

// The certificate of a bound's refutation: the search's own trace when the one solve that refuted
// the formula was its first (no clause came after a solve, so the trace is a DRAT proof of the
// recorded formula), else a fresh refutation of the formula with its lemmas.
template <class Enc>
PlayCertificate certify_bound(const model::Game* games[2], int scope, int t, const Solved& s, const Enc& enc,
                              const std::string& scope_words, limits::Budget& budget, const std::string& trust = {}) {
  PlayCertificate c;
  c.scope = scope;
  c.turns = t;
  c.variables = static_cast<std::size_t>(s.rec->variables());
  c.clauses = s.rec->clauses().size();
  c.lemmas = enc.lemmas();
  if (!s.traced) {
    c.detail = "not certified: no folder for the proofs";
    return c;
  }
  const auto t1 = std::chrono::steady_clock::now();
  encoder::ProofRequest request;
  request.base = s.base;
  s.traced->close_proof();
  const auto head = formula_head(games, scope, t, enc.exact(), enc.path_length(t), scope_words, trust);
  const auto cert = s.refined ? encoder::certify_refutation(head, recorded(*s.rec), enc.lemmas(), request, budget)
                              : encoder::check_refutation(head, recorded(*s.rec), enc.lemmas(), request, s.traced->proof_sha256(), budget);
  c.seconds = seconds_since(t1);
  c.cnf = cert.cnf_path;
  c.proof = cert.proof_path;
  c.cnf_sha256 = cert.cnf_sha256;
  c.certified = cert.accepted();
  c.detail = cert.message;
  if (cert.status == encoder::NoWinCertificate::Status::LimitReached) throw limits::LimitReached(cert.message);
  if (cert.status == encoder::NoWinCertificate::Status::Rejected || cert.status == encoder::NoWinCertificate::Status::Satisfiable)
    throw std::logic_error(fmt::format("the refutation of the joint play formula at scope {}, {} turns: {} ({})", scope, t,
                                       encoder::status_name(cert.status), cert.message));
  return c;
}

// Where walks let a model state collapse paths of hundreds of steps, the difference found is
// replaced by one whose paths have at most 1, 2, 4, ... steps, the first such model that judges
// as the formula says (lemmas learnt on the way are kept): the same bound, a readable play. The
// formula is satisfiable here, so no proof is at stake; a limit keeps the play found first.
template <class Enc, class Lemma>
void shorten(const model::Game* games[2], Enc& enc, encoder::RecordingBackend& rec, std::vector<Lemma>& lemmas, limits::Budget& budget,
             PlayDiff& out, PlayDifference& found) {
  std::size_t longest = 0;
  for (const auto& m : found.play)  // 000's moves state vertices only, 001's their elements too
    if (m.collapse) longest = std::max({longest, m.collapse->edges.size(), m.collapse->vertices.empty() ? 0 : m.collapse->vertices.size() - 1});
  for (int cap = 1; static_cast<std::size_t>(cap) < longest; cap *= 2) {
    for (;;) {
      if (budget.exhausted()) return;
      if (rec.solve(enc.paths_at_most(cap)) != encoder::SolveStatus::Sat) break;
      const auto play = enc.decode(rec);
      const int accepting = enc.accepting(rec);
      ++out.moves;
      model::Violation rejected;
      if (auto lemma = judge<Enc>(games, play, accepting, budget, rejected)) {
        enc.add_lemma(*lemma);
        lemmas.push_back(std::move(*lemma));
        continue;
      }
      found = PlayDifference{found.scope, play, accepting, rejected, touched_vertices(play)};
      return;
    }
  }
}

// One scope at turn bound t: build the formula (`make`), solve, judge, refine; the difference, or
// the refutation's certificate (`finish`, given the solved formula).
template <class Enc, class Make, class Finish>
std::optional<PlayDifference> search_bound(const model::Game* games[2], int scope, int t, const PlayOptions& o, const std::string& base,
                                           std::vector<typename Enc::Lemma>& lemmas, limits::Budget& budget, PlayDiff& out,
                                           const Make& make, const Finish& finish) {
  const auto t0 = std::chrono::steady_clock::now();
  auto solver = o.proof_dir.empty() ? std::make_unique<encoder::CadicalBackend>()
                                    : std::make_unique<encoder::CadicalBackend>(encoder::ProofTrace{base + ".drat", true, {}});
  encoder::CadicalBackend* traced = o.proof_dir.empty() ? nullptr : solver.get();
  encoder::RecordingBackend rec(std::move(solver));
  encoder::Cnf cnf(rec, &budget);
  std::unique_ptr<Enc> enc = make(cnf);
  out.exact = out.exact && enc->exact();
  out.walk_length = enc->path_length(t);
  for (const auto& l : lemmas) enc->add_lemma(l);
  rec.set_deadline(budget.deadline());
  rec.set_interrupt([&]() { return budget.exhausted(); });
  bool refined = false;
  for (;;) {
    const auto status = rec.solve({});
    if (status == encoder::SolveStatus::Unknown)
      throw limits::LimitReached(budget.exhausted() ? budget.reason() : "CaDiCaL answered unknown");
    if (status == encoder::SolveStatus::Unsat) break;
    const auto play = enc->decode(rec);
    const int accepting = enc->accepting(rec);
    ++out.moves;
    model::Violation rejected;
    if (auto lemma = judge<Enc>(games, play, accepting, budget, rejected)) {
      enc->add_lemma(*lemma);
      lemmas.push_back(std::move(*lemma));
      refined = true;
      continue;
    }
    PlayDifference found{scope, play, accepting, rejected, touched_vertices(play)};
    if constexpr (requires { enc->paths_at_most(1); }) shorten(games, *enc, rec, lemmas, budget, out, found);
    if (traced) {
      traced->close_proof();
      std::error_code ec;
      std::filesystem::remove(base + ".drat", ec);  // a satisfiable formula's partial trace
    }
    return found;
  }
  const double solved = seconds_since(t0);
  PlayCertificate c = finish(Solved{&rec, traced, refined, base}, *enc);
  c.solve_seconds += solved;
  out.certificates.push_back(std::move(c));
  return std::nullopt;
}

// Document 000, one turn bound at the exact path lengths (joint_play.cpp: walks at the proved
// joint bound where its step literals fit), each refutation certified.
std::optional<PlayDifference> exact_bound_000(const model::Game* games[2], int scope, int t, const PlayOptions& o,
                                               std::vector<encoder::JointLemma>& lemmas, limits::Budget& budget, PlayDiff& out) {
  auto make = [&](encoder::Cnf& cnf) { return std::make_unique<encoder::JointPlayEncoding>(*games[0], *games[1], cnf, t, o.walk_length); };
  auto finish = [&](const Solved& s, const encoder::JointPlayEncoding& enc) {
    PlayCertificate c = certify_bound(games, scope, t, s, enc, std::string(), budget);
    // Walks cut below the proved joint walk bound (joint_play.cpp): the proof covers those walks
    // only -- as 001's walks cut short.
    if (!enc.exact()) {
      if (c.certified)
        c.detail = fmt::format("not certified: the DRAT proof is accepted, but it covers collapse walks of at most {} edges only, "
                               "below the proved joint walk bound ({})",
                               enc.path_length(t), c.detail);
      c.certified = false;
    }
    return c;
  };
  return search_bound<encoder::JointPlayEncoding>(games, scope, t, o, proof_base(o, scope, t), lemmas, budget, out, make, finish);
}

// The probe: where a reading reads walks, the first bound at which plays whose collapse walks have
// at most the trail bound's n - 1 + t edges part the readings -- found in a fraction of a second
// where the proved joint bound's walks (hundreds of edges) take minutes per refutation. Its
// refutations are no statement about every play and are dropped (only its lemmas, facts of the
// rules, are kept); a play it finds is a real difference, judged by the reference semantics.
std::optional<PlayDifference> probe_000(const model::Game* games[2], int scope, const PlayOptions& o, std::vector<encoder::JointLemma>& lemmas,
                                        limits::Budget& budget, PlayDiff& out) {
  PlayOptions cut = o;
  cut.proof_dir.clear();
  PlayDiff scratch;
  for (int t = 1; t <= o.max_turns; ++t) {
    cut.walk_length = static_cast<int>(games[0]->universe.size()) - 1 + t;
    if (o.progress) o.progress(fmt::format("plays: depth {}, {} turn(s), probing with collapse walks of at most {} edges", scope, t, cut.walk_length));
    auto make = [&](encoder::Cnf& cnf) { return std::make_unique<encoder::JointPlayEncoding>(*games[0], *games[1], cnf, t, cut.walk_length); };
    auto drop = [](const Solved&, const encoder::JointPlayEncoding&) { return PlayCertificate{}; };
    auto d = search_bound<encoder::JointPlayEncoding>(games, scope, t, cut, std::string(), lemmas, budget, scratch, make, drop);
    out.moves += scratch.moves;
    scratch.moves = 0;
    if (d) return d;
  }
  return std::nullopt;
}

// "1 to 3 turns", "2 turns", "1 and 3 turns": the bounds a limit left open.
std::string turn_list(const std::vector<int>& ts) {
  const bool run = ts.back() - ts.front() + 1 == static_cast<int>(ts.size());
  if (ts.size() == 1) return model::counted(ts.front(), "turn");
  if (run) return fmt::format("{} to {} turns", ts.front(), ts.back());
  return fmt::format("{} and {} turns", fmt::join(ts.begin(), ts.end() - 1, ", "), ts.back());
}

// One turn bound as a piece of work for limits::run_in_order: its own lemmas (a copy of those
// learnt before the bounds were shared out), its own tallies, and -- below a probed difference --
// the limit that ended it, held until the bounds before it are read back.
template <class Lemma>
struct BoundRun {
  std::vector<Lemma> lemmas;
  PlayDiff out;
  std::optional<PlayDifference> difference;
  std::string limit;  // non-empty: a limit ended this bound (below a probed difference only)
};

// The turn bounds 1 .. `last` of one scope, `bound(t, lemmas, budget, out)` each, on o.jobs
// threads -- each bound its own formula, solver and proof files, so they run side by side; a
// difference or a limit stops the taking of longer bounds, and the bounds are read back in turn
// order (limits::run_in_order), so the shortest difference wins as in one thread. One thread: the
// bounds in turn, each starting from the lemmas the ones before it learnt. `probed`: the turns of
// a difference already found, which the bounds lie below (for the progress lines).
template <class Lemma, class Bound>
std::vector<BoundRun<Lemma>> run_bounds(const char* scope_word, int scope, int last, std::optional<std::size_t> probed, const PlayOptions& o,
                                        std::vector<Lemma>& lemmas, limits::Budget& budget, const Bound& bound) {
  std::vector<BoundRun<Lemma>> runs(static_cast<std::size_t>(std::max(0, last)));
  std::mutex said;
  PlayOptions shared = o;
  if (o.progress)
    shared.progress = [&](const std::string& line) {
      std::lock_guard<std::mutex> lock(said);
      o.progress(line);
    };
  const bool alone = o.jobs <= 1;
  limits::run_in_order(runs.size(), o.jobs, budget, [&](std::size_t i, limits::Budget& own) {
    const int t = static_cast<int>(i) + 1;
    BoundRun<Lemma>& r = runs[i];
    std::vector<Lemma>& learnt = alone ? lemmas : r.lemmas;
    if (!alone) r.lemmas = lemmas;  // nobody adds to `lemmas` while the bounds run side by side
    try {
      if (shared.progress)
        shared.progress(probed ? fmt::format("plays: {} {}, {} turn(s) at the proved walk bound, below the difference of {} turns found "
                                             "({} lemmas so far)", scope_word, scope, t, *probed, learnt.size())
                               : fmt::format("plays: {} {}, {} turn(s) ({} lemmas so far)", scope_word, scope, t, learnt.size()));
      r.difference = bound(t, shared, learnt, own, r.out);
    } catch (const limits::LimitReached& e) {
      r.limit = e.what();  // read_bounds rethrows it, where no difference was probed, after the bounds before it
      return false;
    }
    return !r.difference;
  });
  if (!alone)
    for (auto& r : runs) lemmas.insert(lemmas.end(), std::make_move_iterator(r.lemmas.begin()), std::make_move_iterator(r.lemmas.end()));
  return runs;
}

// The runs read back in turn order into `out` (certificates, tallies, covered_turns: the bounds
// refuted without a gap from 1): the first difference, or none. A limit that ended a bound is
// rethrown there unless `below_probed`; then `open` gets the bounds a limit ended or left untaken.
template <class Lemma>
std::optional<PlayDifference> read_bounds(std::vector<BoundRun<Lemma>>& runs, PlayDiff& out, std::vector<int>& open, bool below_probed) {
  for (std::size_t i = 0; i < runs.size(); ++i) {
    BoundRun<Lemma>& r = runs[i];
    if (!r.difference && r.limit.empty() && r.out.certificates.empty()) {
      open.push_back(static_cast<int>(i) + 1);  // not taken: a limit stopped the bounds before it
      continue;
    }
    out.exact = out.exact && r.out.exact;
    out.walk_length = r.out.walk_length;
    out.moves += r.out.moves;
    for (auto& c : r.out.certificates) out.certificates.push_back(std::move(c));
    if (r.difference) return r.difference;
    if (!r.limit.empty() && !below_probed) throw limits::LimitReached(r.limit);
    if (!r.limit.empty())
      open.push_back(static_cast<int>(i) + 1);
    else if (open.empty())
      out.covered_turns = static_cast<int>(i) + 1;
  }
  return std::nullopt;
}

// Document 000: every bound over the tree's frames. Where a reading reads walks the probe goes
// first; a difference it finds at t turns is reported once every bound below t is refuted at the
// exact lengths (a shorter difference found there is reported instead) -- or, when a limit ends
// that, reported with `shortest_open` saying which bounds below it stay open, never as shortest.
std::optional<PlayDifference> scope_000(const model::Game* games[2], int scope, const PlayOptions& o, limits::Budget& budget,
                                        PlayDiff& out) {
  if (auto why = encoder::JointPlayEncoding::refusal(*games[0], *games[1])) {
    out.status = PlayDiff::Status::Refused;
    out.reason = *why;
    return std::nullopt;
  }
  std::vector<encoder::JointLemma> lemmas;
  out.covered_turns = 0;
  const bool walks = games[0]->rules.path() == model::PathKind::Walk || games[1]->rules.path() == model::PathKind::Walk;
  std::optional<PlayDifference> probed;
  if (walks && o.walk_length == 0) probed = probe_000(games, scope, o, lemmas, budget, out);
  const int last = probed ? static_cast<int>(probed->play.size()) - 1 : o.max_turns;
  const auto bound = [&](int t, const PlayOptions& so, std::vector<encoder::JointLemma>& learnt, limits::Budget& own, PlayDiff& into) {
    return exact_bound_000(games, scope, t, so, learnt, own, into);
  };
  auto runs = run_bounds("depth", scope, last, probed ? std::optional<std::size_t>(probed->play.size()) : std::nullopt, o, lemmas, budget, bound);
  std::vector<int> open;
  if (auto d = read_bounds(runs, out, open, probed.has_value())) return d;
  if (!open.empty()) {
    std::vector<std::string> limits_met;
    for (const auto& r : runs)
      if (!r.limit.empty()) limits_met.push_back(r.limit);
    out.shortest_open = fmt::format("plays of {} at depth {} are not all compared at the proved walk bound ({}): a shorter difference "
                                    "with longer collapse walks is not excluded there (this one was found with walks of at most {} edges)",
                                    turn_list(open), scope, fmt::join(limits_met, "; "),
                                    static_cast<int>(games[0]->universe.size()) - 1 + static_cast<int>(probed->play.size()));
  }
  return probed;
}

// Where the whole universe's joint formula is too large to write, the reason in words; nullopt
// where it can be written. The single certificates' test first (certificate_cut: the whole
// universe's tuples, hyper_scope.hpp), then the joint formula's own size: its edge elements times
// the move's path length against kWalkStepLiterals, the budget the joint encoding holds its walks to.
std::optional<std::string> whole_universe_too_large(const model::Game* games[2], const encoder::JointHyperPlayEncoding& enc, int t) {
  using Enc = encoder::JointHyperPlayEncoding;
  for (int side = 0; side < 2; ++side)
    if (encoder::certificate_cut(*games[side]) == encoder::ScopeCut::Reduced)
      return fmt::format("the whole universe has more than {} tuples to write", encoder::kWholeUniverseTuples);
  const long size = static_cast<long>(enc.whole_elements()) * enc.path_length(t);
  if (size <= Enc::kWalkStepLiterals) return std::nullopt;
  return fmt::format("the whole universe's joint formula ({} edge elements x {} steps) is beyond the certificate's {} step literals",
                     enc.whole_elements(), enc.path_length(t), Enc::kWalkStepLiterals);
}

// Document 001, one turn bound's certificate (the file's opening comment says which formula).
PlayCertificate certify_001(const model::Game* games[2], int scope, int t, const PlayOptions& o, const Solved& s,
                            const encoder::JointHyperPlayEncoding& enc, std::vector<encoder::JointHyperLemma>& lemmas,
                            limits::Budget& budget) {
  using Enc = encoder::JointHyperPlayEncoding;
  const std::string reduced = fmt::format("the reduced scope ({} edge elements, exact by automorphisms of both games)", enc.scope().elements.size());
  auto universe = [&](const Enc& of, bool by_symmetry, std::string statement) {
    return PlayUniverse{of.scope().elements.size(), of.scope().mentionable(), enc.whole_elements(), by_symmetry, std::move(statement)};
  };
  if (!enc.exact()) {
    PlayCertificate c = certify_bound(games, scope, t, s, enc, reduced, budget);
    if (c.certified)
      c.detail = fmt::format("not certified: the DRAT proof is accepted, but it covers collapse walks of at most {} steps only, "
                             "below the proved joint bound ({})", enc.path_length(t), c.detail);
    c.certified = false;
    return c;
  }
  if (enc.whole_universe() || !s.traced) {
    PlayCertificate c = certify_bound(games, scope, t, s, enc, "the whole universe", budget);
    if (c.certified) c.detail += fmt::format(" (over the whole universe: {} edge elements)", enc.scope().elements.size());
    c.universe = universe(enc, false, fmt::format("the formula is over the whole universe ({} edge elements)", enc.scope().elements.size()));
    return c;
  }
  if (auto why = whole_universe_too_large(games, enc, t)) {
    // The reduced formula's refutation and the scope theorem, stated in the CNF's head and the
    // report (never silently): every distinguishing play is, up to an automorphism of both games,
    // one inside the scope (joint_hyper_play.cpp; docs/diff.md).
    const std::string statement = fmt::format(
        "the formula is over the search's scope, reduced by symmetry ({} formulas a move may mention, {} edge elements): {}, so "
        "\"no play of exactly {} is judged differently\" holds by this proof and {}, read for a pair of readings: each "
        "automorphism it uses is one of both games, which share their universe and operators (docs/diff.md)",
        enc.scope().mentionable(), enc.scope().elements.size(), *why, model::counted(t, "turn"), encoder::scope_theorem_words());
    PlayCertificate c = certify_bound(games, scope, t, s, enc, reduced, budget, statement);
    if (c.certified)
      c.detail = fmt::format("certified by the proof and the scope theorem: {} (over the search's reduced scope: {} edge elements; {})",
                             c.detail, enc.scope().elements.size(), *why);
    c.universe = universe(enc, true, statement);
    return c;
  }
  // The whole universe: the same loop from the lemmas learnt so far; a difference there would
  // contradict the reduced scope's refutation (the symmetry argument), a bug in carve.
  s.traced->close_proof();
  std::error_code ec;
  std::filesystem::remove(s.base + ".drat", ec);
  PlayDiff whole;
  auto make = [&](encoder::Cnf& cnf) { return std::make_unique<Enc>(*games[0], *games[1], cnf, t, o.walk_length, encoder::ScopeCut::WholeUniverse); };
  auto finish = [&](const Solved& ws, const Enc& we) {
    PlayCertificate c = certify_bound(games, scope, t, ws, we, "the whole universe", budget);
    if (c.certified)
      c.detail += fmt::format(" (over the whole universe: {} edge elements; the search's scope {})", we.scope().elements.size(),
                              enc.scope().elements.size());
    c.universe = universe(we, false,
                          fmt::format("the formula is over the whole universe ({} edge elements; the search's scope, reduced by symmetry, "
                                      "had {})", we.scope().elements.size(), enc.scope().elements.size()));
    return c;
  };
  if (auto d = search_bound<Enc>(games, scope, t, o, s.base + "-whole", lemmas, budget, whole, make, finish))
    throw std::logic_error(fmt::format("the joint play formula over the whole universe has a difference of {} turns at {} variables that "
                                       "the reduced scope refuted: the scope's symmetry argument failed",
                                       t, scope));
  return whole.certificates.back();
}

// Document 001: every bound over the hypergraph encoding's reduced scope, certified as above.
std::optional<PlayDifference> scope_001(const model::Game* games[2], int scope, const PlayOptions& o, limits::Budget& budget,
                                        PlayDiff& out) {
  using Enc = encoder::JointHyperPlayEncoding;
  if (auto why = Enc::refusal(*games[0], *games[1])) {
    out.status = PlayDiff::Status::Refused;
    out.reason = *why;
    return std::nullopt;
  }
  std::vector<encoder::JointHyperLemma> lemmas;
  out.covered_turns = 0;
  const auto bound = [&](int t, const PlayOptions& so, std::vector<encoder::JointHyperLemma>& learnt, limits::Budget& own, PlayDiff& into) {
    auto make = [&](encoder::Cnf& cnf) { return std::make_unique<Enc>(*games[0], *games[1], cnf, t, so.walk_length, encoder::ScopeCut::Reduced); };
    auto finish = [&](const Solved& s, const Enc& enc) { return certify_001(games, scope, t, so, s, enc, learnt, own); };
    return search_bound<Enc>(games, scope, t, so, proof_base(so, scope, t), learnt, own, into, make, finish);
  };
  auto runs = run_bounds("variables", scope, o.max_turns, std::nullopt, o, lemmas, budget, bound);
  std::vector<int> open;
  return read_bounds(runs, out, open, false);
}

}  // namespace

PlayDiff play_diff_sat(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options) {
  bool hyper = false;
  PlayDiff out = over_scopes(a, b, scopes, options, PlaySearch::Sat,
                             [&](const model::Game* games[2], int scope, limits::Budget& budget, PlayDiff& into) {
                               hyper = is_001(games);
                               return hyper ? scope_001(games, scope, options, budget, into) : scope_000(games, scope, options, budget, into);
                             });
  // Walks cut below the proved joint bound (joint_play.cpp, joint_hyper_play.cpp): the refutations
  // cover only those walks, so no "none".
  if (out.status == PlayDiff::Status::None && !out.exact) {
    out.status = PlayDiff::Status::Unknown;
    out.reason = fmt::format("no play of at most {} turns with collapse walks of at most {} {} is judged differently (each refutation "
                             "DRAT-checked), but {}: longer walks are not ruled out (not certified)",
                             options.max_turns, out.walk_length, hyper ? "steps" : "edges",
                             "walks are cut below the proved joint bound");
  }
  return out;
}

}  // namespace carve::diff
