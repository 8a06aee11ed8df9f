// Frame by frame over solver-chosen shapes: solve, decode, replay on the shape, refine or answer.
#include "engines/sat/search/shape_search.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "checkers/replay/replay.hpp"
#include "checkers/shape/compress.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/shape/shape_encoding.hpp"
#include "foundations/limits/progress.hpp"
#include "rules/model/semantics.hpp"

namespace carve::encoder {

namespace {

enum class ShapeCheck { Replays, Refined, Broken };

// Replays a decoded play on its shape; a stable move the rules forbid becomes a lemma.
ShapeCheck check_shape_play(const model::Target& target, ShapeEncoding& enc, const ShapePlay& sp, bool earlier_win_allowed,
                       std::string& why, std::optional<model::Component>& won, int& first_win) {
  model::Budget budget;
  const auto r = replay::replay(sp.game, sp.play, &target, std::nullopt, budget);
  // A frame's model wins at its last turn; an earlier win (the replay stops there: the game is
  // over) is possible only when the frames before it were not asked (ShapeOptions::min_turns),
  // and the caller then keeps the play up to it, every turn of which replayed.
  if (earlier_win_allowed && r.win_turn && *r.win_turn < static_cast<int>(sp.play.size())) {
    won = r.component;
    first_win = *r.win_turn;
    return ShapeCheck::Replays;
  }
  if (!r.legal) {
    const auto i = static_cast<std::size_t>(r.failed_turn - 1);
    if (!sp.play[i].collapse && r.violation.rule == sp.game.rule_label("collapse")) {
      model::GraphView view(sp.game, r.states[i]);
      view.set_candidate(sp.play[i].added);
      model::CollapsePaths paths(sp.game, view, r.states[i].root);
      if (auto p = paths.find_any(budget)) {
        enc.add_stability_lemma(sp.game, view, *p, r.states[i].root);
        return ShapeCheck::Refined;
      }
    }
    why = fmt::format("turn {} breaks rule {}: {}", r.failed_turn, r.violation.rule, r.violation.message);
    return ShapeCheck::Broken;
  }
  if (r.win_turn != static_cast<int>(sp.play.size())) {
    why = "the decoded play does not end in its first winning state";
    return ShapeCheck::Broken;
  }
  won = r.component;
  first_win = *r.win_turn;
  return ShapeCheck::Replays;
}

// A second replay of a win on the truncated tree as deep as the shape (when its views fit the
// reference semantics): the depth scope of docs/explicit-search.md, the same game by Lemma 0.
std::string replay_on_truncated_tree(const model::Target& target, const ShapePlay& sp) {
  const int depth = sp.game.universe.depth;
  if (depth < 1 || depth > 7) return {};
  model::Game tree = sp.game;
  tree.universe = model::binary_tree_universe(depth);
  tree.initial_root = tree.universe.by_name.at("lambda");
  auto id = [&](model::VertexId v) { return tree.universe.by_name.at(sp.game.universe.names[v]); };
  std::vector<model::Move> play;
  for (const auto& m : sp.play) {
    model::Move t;
    std::vector<model::VertexId> ends;
    for (auto v : m.added.slots) ends.push_back(id(v));
    t.added = model::EdgeElement::make("V", ends);
    if (m.collapse) {
      model::CollapsePath p;
      for (auto v : m.collapse->vertices) p.vertices.push_back(id(v));
      t.collapse = p;
    }
    if (m.new_root) t.new_root = id(*m.new_root);
    play.push_back(std::move(t));
  }
  model::Budget budget;
  const auto r = replay::replay(tree, play, &target, std::nullopt, budget);
  if (!r.legal) return fmt::format("on the tree of depth {} turn {} breaks rule {}: {}", depth, r.failed_turn, r.violation.rule, r.violation.message);
  if (r.win_turn != static_cast<int>(play.size())) return fmt::format("on the tree of depth {} the play does not win at its last turn", depth);
  return {};
}

}  // namespace

// One block per frame j, its clauses guarded by a selector (docs/infinite-tree.md, Lemma 6).
NoWinFormula shape_no_win_formula(const model::Game& game, const model::Target& target, int turns,
                                  std::optional<std::size_t> nodes, const ShapeEncoding* lemmas_from, DimacsRecorder& out,
                                  std::vector<CertifiedBlock>* blocks) {
  Cnf cnf(out);
  NoWinFormula f;
  f.exact = true;
  std::vector<int> some_frame;
  const int first = game.rules.reading.start_win == model::sw::StartWin::No ? 1 : 0;
  for (int j = first; j <= turns; ++j) {
    const int chosen = cnf.var();
    some_frame.push_back(chosen);
    Cnf::Guard only_if_chosen(cnf, -chosen);
    ShapeEncoding enc(game, target, cnf, nodes.value_or(shape::shape_bound(static_cast<std::size_t>(j), target, game.rules.path())),
                      true);
    while (enc.turns() < j) enc.add_turn();
    if (lemmas_from) enc.adopt_lemmas(*lemmas_from);
    cnf.clause({enc.victory(j)});
    if (blocks) {
      blocks->push_back({j, chosen, {}, {}});
      for (int t = 0; t < j; ++t) {
        blocks->back().collapse.push_back(enc.collapse_lit(t));
        blocks->back().trigger.push_back(enc.trigger_lit(t));
      }
    }
    f.stability_lemmas = std::max(f.stability_lemmas, enc.lemmas());
    f.symmetry_clauses += enc.symmetry_clauses();
    f.exact = f.exact && enc.exact();
  }
  cnf.clause(some_frame);
  return f;
}

namespace {

// One frame j: a fresh formula of j turns over the nodes a j-turn play needs (or the override),
// the lemmas found so far, victory at j; solved until a model replays or none is left.
struct FrameRun {
  const model::Game& game;
  const model::Target& target;
  const ShapeOptions& options;
  ShapeResult& out;
  model::Budget& budget;
  limits::Progress& progress;
  std::unique_ptr<ShapeEncoding> lemmas;  // the previous frame's encoding (its lemmas carry over)

  // Unsat: no win at frame j; Sat: out.result holds the win; Unknown: a limit (reason set).
  SolveStatus run(int j) {
    const std::size_t nodes = options.nodes.value_or(shape::shape_bound(static_cast<std::size_t>(j), target, game.rules.path()));
    auto backend = std::make_unique<CadicalBackend>(options.seed);
    backend->set_deadline(budget.deadline());
    backend->set_interrupt([&]() {
      if (progress.due())
        progress.show(fmt::format("k={} nodes={} conflicts={} solver calls={}", j, nodes, backend->conflicts(), out.solver_calls));
      return budget.exhausted();
    });
    out.solver = backend->name();
    out.solver_version = backend->version();
    out.solver_configuration = backend->configuration();
    Cnf cnf(*backend);
    auto enc = std::make_unique<ShapeEncoding>(game, target, cnf, nodes, options.symmetry_breaking);
    while (enc->turns() < j) enc->add_turn();
    if (lemmas) enc->adopt_lemmas(*lemmas);
    const int w = enc->victory(j);
    SolveStatus status;
    while (true) {
      if (budget.exhausted()) {
        status = SolveStatus::Unknown;
        break;
      }
      ++out.solver_calls;
      status = backend->solve({w});
      if (status != SolveStatus::Sat) break;
      ShapePlay sp = enc->decode_play(j);
      std::string why;
      std::optional<model::Component> won;
      int first_win = j;
      auto check = check_shape_play(target, *enc, sp, options.min_turns > 0, why, won, first_win);
      if (check == ShapeCheck::Refined) continue;
      if (check == ShapeCheck::Replays) sp.play.resize(static_cast<std::size_t>(first_win));
      if (check == ShapeCheck::Replays && !(why = replay_on_truncated_tree(target, sp)).empty()) check = ShapeCheck::Broken;
      auto& r = out.result;
      r.verdict = answer::Verdict::Win;
      r.turns = static_cast<int>(sp.play.size());
      r.witness = sp.play;
      if (check == ShapeCheck::Broken)
        r.reason = "internal: " + why;  // the caller's replay names the broken rule (exit 3)
      else
        r.component = won;
      out.game = sp.game;
      out.words = sp.words;
      break;
    }
    out.nodes = std::max(out.nodes, nodes);
    out.variables = std::max(out.variables, cnf.variables());
    out.clauses = std::max(out.clauses, cnf.clauses());
    out.learned_clauses += backend->conflicts();
    out.lemmas = enc->lemmas();
    if (status == SolveStatus::Unknown) {
      out.result.limit_reached = budget.exhausted();
      out.result.reason = out.result.limit_reached ? budget.reason() : backend->name() + " answered unknown: " + backend->reason_unknown();
    }
    lemmas = std::move(enc);
    return status;
  }
};

NoWinCertificate certificate(const model::Game& game, const model::Target& target, const ShapeOptions& options,
                             const ShapeEncoding* lemmas, model::Budget& budget) {
  DimacsRecorder formula;
  std::vector<CertifiedBlock> blocks;
  const NoWinFormula f =
      shape_no_win_formula(game, target, options.max_turns, options.nodes, lemmas, formula, options.by_parts ? &blocks : nullptr);
  const std::string why = f.uncovered();
  if (!why.empty()) {
    NoWinCertificate c;
    c.cnf_path = options.proof->base + ".cnf";
    c.proof_path = options.proof->base + ".drat";
    c.status = NoWinCertificate::Status::Inexact;
    c.message = why;
    return c;
  }
  ProofRequest request = *options.proof;
  request.progress = options.progress;
  if (options.by_parts) return certify_parts(game, target, options.max_turns, formula, f, collapse_cubes(blocks), request, budget);
  return certify_formula(game, target, options.max_turns, formula, f, request, budget);
}

}  // namespace

// Frame by frame, each frame j over m(j, n) nodes (a win at j is a j-turn play, Corollary of
// docs/infinite-tree.md), so the first win is a shortest one. With a proof request the certified
// formula of the rules alone is refuted first (ShapeOptions::Certify::RulesFirst): when that
// succeeds, it is the answer, and no search is run. Under trail, simple and simple-or-cycle that
// formula lets a stable move skip the collapse the rules demand, so it over-approximates the
// plays: its refutation still certifies, but it may have a model that no play replays.
ShapeResult shape_search(const model::Game& game, const model::Target& target, const ShapeOptions& options) {
  if (auto no = ShapeEncoding::refusal(game, target))
    throw std::logic_error("shape_search called on rules it does not encode: " + no->text());
  if (options.proof && options.min_turns > 0) throw std::logic_error("shape_search: a proof request with min_turns");
  const auto t0 = std::chrono::steady_clock::now();
  ShapeResult out;
  auto& r = out.result;
  model::Budget budget = options.budget;
  limits::Progress progress(options.progress, "shape");
  out.bound = shape::shape_bound(static_cast<std::size_t>(options.max_turns), target, game.rules.path());
  auto finish = [&]() {
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  const bool start_win = game.rules.reading.start_win != model::sw::StartWin::No;
  out.lowest_frame = start_win ? 0 : 1;
  out.first_frame = std::max(out.lowest_frame, options.min_turns);
  const bool covers = !options.nodes || *options.nodes >= out.bound;
  if (options.proof && covers && options.certify == ShapeOptions::Certify::RulesFirst) {
    auto c = certificate(game, target, options, nullptr, budget);
    if (c.status == NoWinCertificate::Status::Accepted || c.status == NoWinCertificate::Status::FormulaOnly) {
      r.verdict = answer::Verdict::NoWin;
      r.completed_depth = options.max_turns;
      out.nodes = options.nodes.value_or(out.bound);
      out.variables = c.variables;
      out.clauses = c.clauses;
      out.certificate = c;
      return finish();
    }
    if (c.status == NoWinCertificate::Status::CannotWrite || c.status == NoWinCertificate::Status::LimitReached) {
      out.certificate = c;
      if (c.status == NoWinCertificate::Status::LimitReached) {
        r.verdict = answer::Verdict::Unknown;
        r.limit_reached = true;
        r.reason = budget.exhausted() ? budget.reason() : c.message;
      }
      return finish();
    }
    // Satisfiable (a win exists, or under trail, simple and simple-or-cycle perhaps a forbidden
    // stable move: the search decides and certifies with its lemmas) or rejected (the search decides).
    if (c.status == NoWinCertificate::Status::Rejected) out.certificate = c;
  }
  FrameRun frames{game, target, options, out, budget, progress, nullptr};
  if (!start_win) r.completed_depth = 0;
  const bool skipped = out.frames_skipped();
  for (int j = out.first_frame; j <= options.max_turns; ++j) {
    const auto status = frames.run(j);
    if (status == SolveStatus::Unknown) {
      r.verdict = answer::Verdict::Unknown;
      return finish();
    }
    if (status == SolveStatus::Sat) return finish();
    if (!skipped) r.completed_depth = j;  // "every play of at most j turns": only with no frame skipped
  }
  if (skipped) {
    r.verdict = answer::Verdict::Unknown;
    r.reason = fmt::format("no play won at frames {}..{} on the infinite tree; frames below {} were not asked (--min-turns)",
                           out.first_frame, options.max_turns, out.first_frame);
    return finish();
  }
  if (!covers) {
    r.verdict = answer::Verdict::Unknown;
    r.reason = fmt::format("no play on a shape of {} nodes; the shape theorem needs {} for the infinite tree", *options.nodes,
                           out.bound);
    return finish();
  }
  r.verdict = answer::Verdict::NoWin;
  if (options.proof && !out.certificate) out.certificate = certificate(game, target, options, frames.lemmas.get(), budget);
  return finish();
}

}  // namespace carve::encoder
