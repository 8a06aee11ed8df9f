// Frame by frame: solve under "won at frame k"; decode, replay, refine or answer.
#include "engines/sat/search/sat_search.hpp"

#include "engines/sat/search/rules_support.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "checkers/replay/replay.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/hypergraph/hypergraph_encoding.hpp"
#include "engines/sat/tree/tree_encoding.hpp"
#include "engines/solvers/z3_backend.hpp"
#include "foundations/limits/progress.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "rules/elaborate/engine.hpp"
#include "rules/model/semantics.hpp"

namespace carve::encoder {

namespace {

enum class Check { Replays, Refined, Broken };

// Replays the decoded play through checkers/replay; a stable move that the rules forbid (some
// legal path exists) becomes a lemma (Refined).
// With `cut_at_first_win`, a legal play that wins before its end is cut there (a model of "won at
// some frame" may win earlier than the frame whose literal it sets).
Check check_play(const model::Game& game, const model::Target& target, FrameEncoding& enc, std::vector<model::Move>& play,
                 std::string& why, std::optional<model::Component>& won, model::Budget& budget, bool cut_at_first_win = false) {
  const auto r = replay::replay(game, play, &target, std::nullopt, budget);
  if (!r.legal) {
    const auto i = static_cast<std::size_t>(r.failed_turn - 1);
    if (!play[i].collapse && r.violation.rule == game.rule_label("collapse")) {
      model::GraphView view(game, r.states[i]);
      view.set_candidate(play[i].added);
      model::CollapsePaths paths(game, view, r.states[i].root);
      if (auto p = paths.find_any(budget)) {
        // The lemma reads the path from the root; one handed out may end there (model::orient).
        if (p->vertices.front() != r.states[i].root && p->vertices.back() == r.states[i].root) {
          std::reverse(p->vertices.begin(), p->vertices.end());
          std::reverse(p->edges.begin(), p->edges.end());
        }
        enc.add_stability_lemma(game, view, *p, r.states[i].root);
        return Check::Refined;
      }
    }
    why = fmt::format("turn {} breaks rule {}: {}", r.failed_turn, r.violation.rule, r.violation.message);
    return Check::Broken;
  }
  if (cut_at_first_win && r.win_turn && *r.win_turn < static_cast<int>(play.size())) {
    play.resize(static_cast<std::size_t>(*r.win_turn));
    won = r.component;
    return Check::Replays;
  }
  if (r.win_turn != static_cast<int>(play.size())) {
    why = "the decoded play does not end in its first winning state";
    return Check::Broken;
  }
  won = r.component;
  return Check::Replays;
}

// The engine the solver is (engines.def's solver column): what progress and refusals are named.
const char* engine_name(const SatOptions& o) {
  const auto e = elab::by_solver(o.solver);
  return elab::name(e.value_or(elab::Engine::Sat));  // a back end the caller hands in (export) runs the sat engine's search
}

std::unique_ptr<SatBackend> make_backend(const SatOptions& o) {
  switch (o.solver) {
    case elab::Solver::Cadical: return std::make_unique<CadicalBackend>(o.seed);
    case elab::Solver::Z3: return std::make_unique<Z3Backend>(Z3Options{o.seed, o.budget.memory_mb(), o.native_from});
    case elab::Solver::None: break;
  }
  throw std::logic_error("sat_search: no SAT solver named (SatOptions::solver)");
}

// A part of `solve --split` (SatOptions::first_moves): only the word tree's slots name pairs, and
// the symmetry chains could keep an orbit's other member, which the part excludes.
void restrict_first_move(FrameEncoding& enc, const SatOptions& o) {
  auto* tree = dynamic_cast<TreeEncoding*>(&enc);
  if (!tree || o.symmetry_breaking) throw std::logic_error("first_moves needs document 000's encoding without symmetry breaking");
  tree->restrict_first_move(o.first_moves);
}

// carve play's hint (SatOptions::pinned): turn `turn` (0-based) fixed to the play's move.
void pin(FrameEncoding& enc, Cnf& cnf, const model::Game& game, const SatOptions& o, int turn) {
  auto* tree = dynamic_cast<TreeEncoding*>(&enc);
  if (!tree || o.symmetry_breaking || !o.first_moves.empty())
    throw std::logic_error("a pinned play needs document 000's encoding without symmetry breaking or first moves");
  pin_turn(*tree, cnf, game, o.pinned, turn);
}

// The options of a run beside the search (the probe from above, the over-approximation): the same
// question and solver, nothing certified, written or completed, no probe of its own.
SatOptions side_run(const SatOptions& options, const model::Budget& budget) {
  SatOptions o = options;
  o.probe_from_above = false;
  o.proof.reset();
  o.certify_below_win = false;
  o.finally = nullptr;
  o.cover_shorter_wins = false;
  o.budget = budget;
  return o;
}

// One run: the back end, the formula as far as it is built, and the step it is at (`stage_`,
// named in the reason of an `unknown` that a limit caused).
class Run {
 public:
  Run(const model::Game& game, const model::Target& target, const SatOptions& options)
      : game_(game), target_(target), options_(options), budget_(options.budget),
        // Z3 takes about a sixth of a formula's building time to free it: building stops a fifth
        // of the time limit early, so that freeing still ends within it.
        build_budget_(options.solver == elab::Solver::Z3 ? budget_.ending_early(0.2) : budget_),
        progress_(options.progress, engine_name(options)),
        own_(options.backend ? nullptr : make_backend(options)), backend_(options.backend ? *options.backend : *own_),
        cnf_(backend_, &build_budget_) {
    backend_.set_deadline(budget_.deadline());
    backend_.set_interrupt([this]() {
      if (progress_.due())
        progress_.show(fmt::format("k={} conflicts={} solver calls={}", current_k_, backend_.conflicts(), out_.solver_calls));
      return solver_should_stop();
    });
    out_.solver = backend_.name();
    out_.solver_version = backend_.version();
    out_.solver_configuration = backend_.configuration();
    out_.seed = backend_.seed();
  }

  // Every clause goes through cnf_, which polls the budget: a limit reached while the encoding
  // is built (or a witness replayed) ends the run as surely as one reached while solving.
  SatResult run() {
    try {
      return frames();
    } catch (const limits::LimitReached& e) {
      return limit_reached(e.what());
    }
  }

 private:
  void build_encoding();
  SatResult frames();
  SatResult from_above();
  void probe_from_above();
  SatResult probed_win(bool below_refuted);
  SatResult answered_no_win();
  SatResult not_refuted(int k);
  bool refuted_with_any_removal();
  void certify_below(int turns);
  model::Budget certificate_budget() const;
  // The caller's request, with the search's progress line asked of the certificate too.
  ProofRequest proof_request() const {
    ProofRequest r = *options_.proof;
    r.progress = options_.progress;
    return r;
  }
  // Document 000's certified formula breaks symmetry as the search did (never for a split part).
  bool certificate_chains() const { return options_.symmetry_breaking && options_.first_moves.empty(); }
  SatResult stop();
  SatResult limit_reached(const std::string& reason);
  SatResult finish(bool complete);
  bool solver_should_stop();

  const model::Game& game_;
  const model::Target& target_;
  const SatOptions& options_;
  model::Budget budget_;        // the run's: the solver, the replays
  model::Budget build_budget_;  // building the formula (Cnf)
  limits::Progress progress_;
  std::unique_ptr<SatBackend> own_;
  SatBackend& backend_;
  Cnf cnf_;
  std::unique_ptr<FrameEncoding> enc_;
  SatResult out_;
  std::string stage_ = "building the encoding's scope";
  int current_k_ = 0;
  std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point next_teardown_check_{};
  std::string early_;  // why the solver stopped before the deadline, if it did
  bool over_asked_ = false, over_refuted_ = false;  // refuted_with_any_removal: asked, and its answer
  std::optional<answer::Result> probed_;  // probe_from_above's replayed win, when it found one
  bool probing_ = false;                  // this run is the probe itself (SatOptions::probe_from_above)
};

// A solver stopped by a limit still frees what it holds, at up to about 4 ms per resident MB
// (CaDiCaL: 0.85 s for 378 MB at depth 12, about 6 s for 1.6 GB at depth 15, one small block per
// clause): the solver stops that long before the deadline, so that the run still ends by it.
// Read every 20 ms: the resident set changes slowly next to the solver's steps. The margin is at
// most a third of the run's time (from its start to the deadline): the estimate reads the whole
// resident set (the elaborated game too, and under the sanitizers their shadow memory), and a
// run should not give up most of its time on an estimate.
bool Run::solver_should_stop() {
  if (budget_.exhausted()) return true;
  const auto now = std::chrono::steady_clock::now();
  if (budget_.deadline() == std::chrono::steady_clock::time_point::max() || now < next_teardown_check_) return false;
  next_teardown_check_ = now + std::chrono::milliseconds(20);
  const std::chrono::steady_clock::duration estimate = std::chrono::milliseconds(4 * static_cast<long long>(limits::resident_mb()));
  const auto teardown = std::min(estimate, (budget_.deadline() - t0_) / 3);
  if (now + teardown < budget_.deadline()) return false;
  budget_ = budget_.ending_before(teardown);  // past its deadline: exhausted, naming the time limit
  early_ = fmt::format(" (the solver stopped {:.2f} s early: the time freeing its {} MB takes)",
                       std::chrono::duration<double>(budget_.deadline() + teardown - now).count(), limits::resident_mb());
  return budget_.exhausted();
}

// One encoding per carving game; everything else is shared.
void Run::build_encoding() {
  if (game_.universe.kind == model::Universe::Kind::Deduction) {
    auto hyper = std::make_unique<HypergraphEncoding>(
        game_, target_, cnf_, options_.max_turns, options_.path_length, ScopeCut::Reduced, Selectors{},
        options_.over_approximate_collapses ? HypergraphEncoding::Collapses::AnyRemoval : HypergraphEncoding::Collapses::Paths);
    out_.blocks = hyper->scope().classes;
    out_.touched_blocks = hyper->scope().touched_blocks;
    enc_ = std::move(hyper);
  } else {
    enc_ = std::make_unique<TreeEncoding>(game_, target_, cnf_, options_.path_length, options_.symmetry_breaking);
  }
}

// The figures of the encoding as far as it was built. `complete`: no limit cut the run short,
// so `finally` may extend the encoding (carve export completes the frames).
SatResult Run::finish(bool complete) {
  if (enc_) {
    out_.path_length = enc_->path_length(std::max(0, enc_->turns() - 1));
    if (complete && options_.finally) {
      stage_ = fmt::format("completing the formula's {} turns", options_.max_turns);
      options_.finally(*enc_);
    }
    out_.lemmas = enc_->lemmas();
    out_.symmetry_clauses = enc_->symmetry_clauses();
    out_.exact = enc_->exact();
    out_.walk_sets = enc_->walk_sets();
  }
  out_.variables = cnf_.variables();
  out_.clauses = cnf_.clauses();
  out_.native_constraints = cnf_.native_constraints();
  out_.learned_clauses = backend_.conflicts();
  out_.result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  return out_;
}

// The solver answered unknown: because of the budget, or for its own reason.
SatResult Run::stop() {
  if (probed_) return probed_win(false);
  if (budget_.exhausted()) return limit_reached(budget_.reason());
  out_.result.verdict = answer::Verdict::Unknown;
  out_.result.reason = backend_.name() + " answered unknown: " + backend_.reason_unknown();
  return finish(true);
}

// What a limit leaves: `unknown` naming the limit and the step it interrupted, the frames
// answered before it, and no win, witness or certificate.
SatResult Run::limit_reached(const std::string& reason) {
  if (probed_) return probed_win(false);
  auto& r = out_.result;
  const int completed = r.completed_depth;
  r = answer::Result{};
  r.verdict = answer::Verdict::Unknown;
  r.limit_reached = true;
  r.completed_depth = completed;
  r.reason = reason + early_ + " while " + stage_;
  out_.shortest = false;
  out_.certificate.reset();
  progress_.clear();
  return finish(false);
}

// Frame by frame: solve under "won at frame k"; decode, replay, refine or answer.
SatResult Run::frames() {
  auto& r = out_.result;
  build_encoding();
  FrameEncoding& enc = *enc_;
  // Walks that the last turn will bound below the proved length can answer a no-win only by the
  // over-approximation: asked first, its small formula (no paths) often settles it at once.
  if (const auto* hyper = dynamic_cast<const HypergraphEncoding*>(enc_.get());
      hyper && !hyper->over_approximates() && options_.max_turns > 0 && !hyper->exact_at(options_.max_turns - 1) &&
      refuted_with_any_removal())
    return answered_no_win();
  if (probing_) return from_above();
  if (options_.cover_shorter_wins) enc.cover_shorter_wins(game_, options_.max_turns);
  const bool start_win = game_.rules.reading.start_win != model::sw::StartWin::No;
  probe_from_above();
  const int last = probed_ ? *probed_->turns - 1 : options_.max_turns;  // the frames below the probe's win
  for (int k = 0; k <= last; ++k) {
    current_k_ = k;
    while (enc.turns() < k) {
      stage_ = fmt::format("building the encoding of turn {}", enc.turns() + 1);
      if (budget_.exhausted()) return stop();
      enc.add_turn();
      if (enc.turns() == 1 && !options_.first_moves.empty()) restrict_first_move(enc, options_);
      if (enc.turns() <= options_.pinned.turns()) pin(enc, cnf_, game_, options_, enc.turns() - 1);
    }
    // The pinned play's own frames are not asked: it has not won (it goes on).
    if ((k == 0 && !start_win) || (options_.pinned.turns() > 0 && k <= options_.pinned.turns())) {
      r.completed_depth = 0;
      continue;
    }
    stage_ = fmt::format("building the victory test after {} turns", k);
    const int w = enc.victory(k);
    while (true) {
      stage_ = fmt::format("solving for a win in {} turn{}", k, k == 1 ? "" : "s");
      if (budget_.exhausted()) return stop();
      ++out_.solver_calls;
      const auto status = backend_.solve({w});
      if (status == SolveStatus::Unknown) return stop();
      if (status == SolveStatus::Unsat) break;
      if (options_.over_approximate_collapses) return not_refuted(k);
      stage_ = fmt::format("replaying the solver's play of {} turns", k);
      auto play = enc.decode(k);
      std::string why;
      std::optional<model::Component> won;
      const auto check = check_play(game_, target_, enc, play, why, won, budget_);
      if (check == Check::Refined) continue;
      r.verdict = answer::Verdict::Win;
      r.turns = k;
      r.witness = play;
      if (check == Check::Broken) {
        // Reported as a win so that the caller's replay names the broken rule (exit 3).
        r.reason = "internal: " + why;
      } else {
        r.component = won;
      }
      out_.shortest = enc.exact();
      finish(true);  // r.seconds: the search's alone
      if (options_.proof && options_.certify_below_win && k > 0 && check == Check::Replays && out_.shortest)
        certify_below(k - 1);
      return out_;
    }
    r.completed_depth = k;
  }
  if (probed_) return probed_win(true);
  return answered_no_win();
}

// SatOptions::probe_from_above, on a solver of its own (this run's formula and its lemmas stay as
// the frames alone make them): a quarter of the time left, the probe's limit its own.
void Run::probe_from_above() {
  if (!options_.probe_from_above || options_.backend || options_.pinned.turns() > 0 || !options_.first_moves.empty() ||
      options_.over_approximate_collapses || !dynamic_cast<const TreeEncoding*>(enc_.get()) ||
      budget_.deadline() == std::chrono::steady_clock::time_point::max() || !enc_->extension_gap(options_.max_turns).empty())
    return;
  const SatOptions o = side_run(options_, budget_.share(budget_.remaining_seconds() / 4));
  Run probe(game_, target_, o);
  probe.probing_ = true;
  const SatResult found = probe.run();
  if (found.result.verdict == answer::Verdict::Win && found.result.reason.empty()) {
    probed_ = found.result;
    out_.probed_turns = *found.result.turns;
  }
  out_.solver_calls += found.solver_calls;
}

// The probe's formula: every turn up to max_turns and "won at some frame"; a model's play is
// decoded up to its first frame whose victory literal holds, replayed, cut at its first win.
SatResult Run::from_above() {
  FrameEncoding& enc = *enc_;
  auto& r = out_.result;
  current_k_ = options_.max_turns;
  while (enc.turns() < options_.max_turns) {
    stage_ = fmt::format("building the encoding of turn {}", enc.turns() + 1);
    enc.add_turn();
  }
  stage_ = "building the victory tests";
  const int first = game_.rules.reading.start_win == model::sw::StartWin::No ? 1 : 0;
  std::vector<int> won_at;
  for (int k = first; k <= options_.max_turns; ++k) won_at.push_back(enc.victory(k));
  const int some = cnf_.var();
  std::vector<int> some_frame{-some};
  some_frame.insert(some_frame.end(), won_at.begin(), won_at.end());
  cnf_.clause(some_frame);
  while (true) {
    stage_ = fmt::format("solving for a win within {} turns", options_.max_turns);
    if (budget_.exhausted()) return stop();
    ++out_.solver_calls;
    const auto status = backend_.solve({some});
    if (status == SolveStatus::Unknown) return stop();
    if (status == SolveStatus::Unsat) return finish(true);  // verdict unknown: the frames decide
    int k = first;
    while (!backend_.value(won_at[static_cast<std::size_t>(k - first)])) ++k;
    auto play = enc.decode(k);
    std::string why;
    std::optional<model::Component> won;
    const auto check = check_play(game_, target_, enc, play, why, won, budget_, true);
    if (check == Check::Refined) continue;
    if (check == Check::Broken) r.reason = "internal: " + why;  // not taken (probe_from_above): the frames answer
    r.verdict = answer::Verdict::Win;
    r.turns = static_cast<int>(play.size());
    r.witness = play;
    r.component = won;
    return finish(true);
  }
}

// The probe's win as the answer: shortest when every frame below it was refuted (and the encoding
// is exact), else a win whose lower bound is the frames refuted before a limit stopped them.
SatResult Run::probed_win(bool below_refuted) {
  auto& r = out_.result;
  const int completed = r.completed_depth;
  r = *probed_;
  probed_.reset();
  progress_.clear();
  finish(true);
  out_.shortest = below_refuted && out_.exact;
  r.completed_depth = out_.exact ? completed : -1;
  if (out_.shortest && options_.proof && options_.certify_below_win && *r.turns > 0) certify_below(*r.turns - 1);
  return out_;
}

// After a win in k + 1 turns: the no-win within k turns certified from this run's encoding, whose
// stability lemmas carry over (the atlas's certificate of a shortest carving). A limit here ends
// the certificate (Status::LimitReached), never the win.
void Run::certify_below(int turns) {
  const auto* tree = dynamic_cast<const TreeEncoding*>(enc_.get());
  if (!tree) return;
  model::Budget budget = certificate_budget();
  out_.certificate = certify_no_win(game_, target_, turns, options_.path_length, *tree, proof_request(), budget, options_.first_moves,
                                    certificate_chains());
}

// A certificate's own limits when the caller gave them (its clock starts now), else what remains
// of the run's.
model::Budget Run::certificate_budget() const {
  return options_.certificate_limits ? model::Budget(*options_.certificate_limits) : budget_;
}

// Every frame was unsatisfiable: a no-win when the encoding is exact (certified when a proof
// was asked for), otherwise unknown.
SatResult Run::answered_no_win() {
  auto& r = out_.result;
  finish(true);
  if (options_.over_approximate_collapses) {
    r.verdict = answer::Verdict::NoWin;
    r.reason = "every frame refuted with the collapses over-approximated";
    return out_;
  }
  if (over_refuted_ || !out_.exact) {
    if (!refuted_with_any_removal()) {
      r.verdict = answer::Verdict::Unknown;
      r.reason = fmt::format("no play found with collapse walks of at most {} steps; walks may need more (path=walk is not exact)",
                             out_.path_length);
      r.completed_depth = -1;
      return out_;
    }
    out_.exact = false;
    r.reason = "no play found even with any removal of edges in place of its collapse (an over-approximation of every "
               "collapse path; walks bounded below the proved length cannot say no-win: docs/sat-encoding-001.md)";
  }
  r.verdict = answer::Verdict::NoWin;
  if (options_.proof) {
    stage_ = "building the no-win certificate";
    model::Budget budget = certificate_budget();
    if (const auto* tree = dynamic_cast<const TreeEncoding*>(enc_.get()))
      out_.certificate = certify_no_win(game_, target_, options_.max_turns, options_.path_length, *tree, proof_request(), budget,
                                        options_.first_moves, certificate_chains(), options_.pinned);
    else if (const auto* hyper = dynamic_cast<const HypergraphEncoding*>(enc_.get()))
      out_.certificate = certify_no_win(game_, target_, options_.max_turns, options_.path_length, *hyper, proof_request(), budget,
                                        over_refuted_);
  }
  return out_;
}

// The over-approximation found a model at frame k: no answer (its model need not be a play).
SatResult Run::not_refuted(int k) {
  out_.result.verdict = answer::Verdict::Unknown;
  out_.result.reason = fmt::format("the over-approximated collapses admit a win in {} turn{}", k, k == 1 ? "" : "s");
  out_.result.completed_depth = -1;
  return finish(true);
}

// After no play was found under walks bounded below the proved length (001): the question once
// more with every collapse over-approximated, within what the run has left. Its refutation is a
// no-win whatever the walks' length (hypergraph_encoding.hpp, Collapses::AnyRemoval). Not for
// the pinned plays, first moves or recording back ends of other callers.
bool Run::refuted_with_any_removal() {
  if (game_.universe.kind != model::Universe::Kind::Deduction || options_.backend || options_.pinned.turns() > 0 ||
      !options_.first_moves.empty() || budget_.exhausted())
    return false;
  if (over_asked_) return over_refuted_;
  over_asked_ = true;
  SatOptions o = side_run(options_, budget_);
  o.over_approximate_collapses = true;
  const SatResult over = Run(game_, target_, o).run();
  over_refuted_ = over.result.verdict == answer::Verdict::NoWin;
  return over_refuted_;
}

}  // namespace

SatResult sat_search(const model::Game& game, const model::Target& target, const SatOptions& options) {
  // Callers ask symbolic_refusal before any work; rules an encoding does not encode exactly
  // reaching this point are a bug in carve, never an answer about other rules.
  if (auto no = symbolic_refusal(game, target, engine_name(options)))
    throw std::logic_error("sat_search called on rules it does not encode: " + no->text());
  return Run(game, target, options).run();
}

}  // namespace carve::encoder
