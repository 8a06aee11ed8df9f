// Frame by frame over solver-chosen shapes: solve, decode, replay on the shape, refine or answer.
#include "encoder/shape_search.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checker/replay/replay.hpp"
#include "checker/shape/compress.hpp"
#include "encoder/cadical_backend.hpp"
#include "encoder/shape_encoding.hpp"
#include "limits/progress.hpp"
#include "model/semantics.hpp"

namespace carve::encoder {

namespace {

enum class Check { Replays, Refined, Broken };

// Replays a decoded play on its shape; a stable move the rules forbid becomes a lemma.
Check check_shape_play(const model::Target& target, ShapeEncoding& enc, const ShapePlay& sp, std::string& why,
                       std::optional<model::Component>& won) {
  model::Budget budget;
  const auto r = replay::replay(sp.game, sp.play, &target, std::nullopt, budget);
  if (!r.legal) {
    const auto i = static_cast<std::size_t>(r.failed_turn - 1);
    if (!sp.play[i].collapse && r.violation.rule == sp.game.rule_label("collapse")) {
      model::GraphView view(sp.game, r.states[i]);
      view.set_candidate(sp.play[i].added);
      model::CollapsePaths paths(sp.game, view, r.states[i].root);
      if (auto p = paths.find_any(budget)) {
        enc.add_stability_lemma(sp.game, view, *p);
        return Check::Refined;
      }
    }
    why = fmt::format("turn {} breaks rule {}: {}", r.failed_turn, r.violation.rule, r.violation.message);
    return Check::Broken;
  }
  if (r.win_turn != static_cast<int>(sp.play.size())) {
    why = "the decoded play does not end in its first winning state";
    return Check::Broken;
  }
  won = r.component;
  return Check::Replays;
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

NoWinFormula shape_no_win_formula(const model::Game& game, const model::Target& target, int turns, std::size_t nodes,
                                  const ShapeEncoding* lemmas_from, DimacsRecorder& out) {
  Cnf cnf(out);
  ShapeEncoding enc(game, target, cnf, nodes);
  while (enc.turns() < turns) enc.add_turn();
  if (lemmas_from) enc.adopt_lemmas(*lemmas_from);
  const int first = game.rules.reading.start_win == model::sw::StartWin::No ? 1 : 0;
  std::vector<int> some_frame_won;
  for (int f = first; f <= turns; ++f) some_frame_won.push_back(enc.victory(f));
  cnf.clause(some_frame_won);
  NoWinFormula f;
  f.stability_lemmas = enc.lemmas();
  f.exact = enc.exact();
  f.extension_gap = enc.extension_gap(turns);
  return f;
}

ShapeResult shape_search(const model::Game& game, const model::Target& target, const ShapeOptions& options) {
  if (auto no = ShapeEncoding::refusal(game, target))
    throw std::logic_error("shape_search called on rules it does not encode: " + no->text());
  const auto t0 = std::chrono::steady_clock::now();
  ShapeResult out;
  auto& r = out.result;
  model::Budget budget = options.budget;
  limits::Progress progress(options.progress, "shape");
  out.bound = shape::shape_bound(static_cast<std::size_t>(options.max_turns), target.vertex_count());
  out.nodes = options.nodes.value_or(out.bound);
  CadicalBackend backend(options.seed);
  int current_k = 0;
  backend.set_deadline(budget.deadline());
  backend.set_interrupt([&]() {
    if (progress.due())
      progress.show(fmt::format("k={} nodes={} conflicts={} solver calls={}", current_k, out.nodes, backend.conflicts(),
                                out.solver_calls));
    return budget.exhausted();
  });
  out.solver = backend.name();
  out.solver_version = backend.version();
  out.solver_configuration = backend.configuration();
  Cnf cnf(backend);
  ShapeEncoding enc(game, target, cnf, out.nodes, options.symmetry_breaking);
  auto finish = [&]() {
    out.variables = cnf.variables();
    out.clauses = cnf.clauses();
    out.lemmas = enc.lemmas();
    out.learned_clauses = backend.conflicts();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  auto stop = [&]() {
    r.verdict = search::Verdict::Unknown;
    r.limit_reached = budget.exhausted();
    r.reason = r.limit_reached ? budget.reason() : backend.name() + " answered unknown: " + backend.reason_unknown();
    return finish();
  };
  const bool start_win = game.rules.reading.start_win != model::sw::StartWin::No;
  for (int k = 0; k <= options.max_turns; ++k) {
    current_k = k;
    while (enc.turns() < k) {
      if (budget.exhausted()) return stop();
      enc.add_turn();
    }
    if (k == 0 && !start_win) {
      r.completed_depth = 0;
      continue;
    }
    const int w = enc.victory(k);
    while (true) {
      if (budget.exhausted()) return stop();
      ++out.solver_calls;
      const auto status = backend.solve({w});
      if (status == SolveStatus::Unknown) return stop();
      if (status == SolveStatus::Unsat) break;
      ShapePlay sp = enc.decode_play(k);
      std::string why;
      std::optional<model::Component> won;
      auto check = check_shape_play(target, enc, sp, why, won);
      if (check == Check::Refined) continue;
      if (check == Check::Replays && !(why = replay_on_truncated_tree(target, sp)).empty()) check = Check::Broken;
      r.verdict = search::Verdict::Win;
      r.turns = k;
      r.witness = sp.play;
      if (check == Check::Broken)
        r.reason = "internal: " + why;  // the caller's replay names the broken rule (exit 3)
      else
        r.component = won;
      out.game = sp.game;
      out.words = sp.words;
      return finish();
    }
    r.completed_depth = k;
  }
  finish();
  if (out.nodes < out.bound) {
    r.verdict = search::Verdict::Unknown;
    r.reason = fmt::format("no play on a shape of {} nodes; the shape theorem needs {} for the infinite tree", out.nodes,
                           out.bound);
    return out;
  }
  r.verdict = search::Verdict::NoWin;
  if (options.proof) {
    DimacsRecorder formula;
    const NoWinFormula f = shape_no_win_formula(game, target, options.max_turns, out.nodes, &enc, formula);
    if (auto why = f.uncovered(); !why.empty()) {
      NoWinCertificate c;
      c.cnf_path = options.proof->base + ".cnf";
      c.proof_path = options.proof->base + ".drat";
      c.status = NoWinCertificate::Status::Inexact;
      c.message = why;
      out.certificate = c;
    } else {
      out.certificate = certify_formula(game, target, options.max_turns, formula, f.stability_lemmas, *options.proof, budget);
    }
  }
  return out;
}

}  // namespace carve::encoder
