// Frame by frame: solve under "won at frame k"; decode, replay, refine or answer.
#include "encoder/sat_search.hpp"

#include "encoder/rules_support.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "checker/replay/replay.hpp"
#include "encoder/cadical_backend.hpp"
#include "encoder/hypergraph_encoding.hpp"
#include "encoder/tree_encoding.hpp"
#include "encoder/z3_backend.hpp"
#include "limits/progress.hpp"
#include "model/semantics.hpp"

namespace carve::encoder {

namespace {

enum class Check { Replays, Refined, Broken };

// Replays the decoded play through checker/replay; a stable move that the rules forbid (some
// legal path exists) becomes a lemma (Refined).
Check check_play(const model::Game& game, const model::Target& target, FrameEncoding& enc,
                 const std::vector<model::Move>& play, std::string& why, std::optional<model::Component>& won) {
  model::Budget budget;
  const auto r = replay::replay(game, play, &target, std::nullopt, budget);
  if (!r.legal) {
    const auto i = static_cast<std::size_t>(r.failed_turn - 1);
    if (!play[i].collapse && r.violation.rule == game.rule_label("collapse")) {
      model::GraphView view(game, r.states[i]);
      view.set_candidate(play[i].added);
      model::CollapsePaths paths(game, view, r.states[i].root);
      if (auto p = paths.find_any(budget)) {
        // The lemma reads the path from the root; one handed out may end there (model::orient).
        if (p->vertices.front() != r.states[i].root) {
          std::reverse(p->vertices.begin(), p->vertices.end());
          std::reverse(p->edges.begin(), p->edges.end());
        }
        enc.add_stability_lemma(game, view, *p);
        return Check::Refined;
      }
    }
    why = fmt::format("turn {} breaks rule {}: {}", r.failed_turn, r.violation.rule, r.violation.message);
    return Check::Broken;
  }
  if (r.win_turn != static_cast<int>(play.size())) {
    why = "the decoded play does not end in its first winning state";
    return Check::Broken;
  }
  won = r.component;
  return Check::Replays;
}

std::unique_ptr<SatBackend> make_backend(const SatOptions& o) {
  if (o.solver == "cadical") return std::make_unique<CadicalBackend>(o.seed);
  if (o.solver == "z3") return std::make_unique<Z3Backend>(Z3Options{o.seed, o.budget.memory_mb(), o.native_from});
  throw std::invalid_argument("unknown solver '" + o.solver + "' (cadical or z3)");
}

}  // namespace

SatResult sat_search(const model::Game& game, const model::Target& target, const SatOptions& options) {
  // Callers ask symbolic_refusal before any work; rules an encoding does not encode exactly
  // reaching this point are a bug in carve, never an answer about other rules.
  if (auto no = symbolic_refusal(game, target, options.solver == "z3" ? "smt" : "sat"))
    throw std::logic_error("sat_search called on rules it does not encode: " + no->text());
  const auto t0 = std::chrono::steady_clock::now();
  SatResult out;
  auto& r = out.result;
  model::Budget budget = options.budget;
  limits::Progress progress(options.progress, options.solver == "z3" ? "smt" : "sat");
  int current_k = 0;
  std::unique_ptr<SatBackend> own = options.backend ? nullptr : make_backend(options);
  SatBackend& backend = options.backend ? *options.backend : *own;
  backend.set_deadline(budget.deadline());
  backend.set_interrupt([&]() {
    if (progress.due())
      progress.show(fmt::format("k={} conflicts={} solver calls={}", current_k, backend.conflicts(), out.solver_calls));
    return budget.exhausted();
  });
  out.solver = backend.name();
  out.solver_version = backend.version();
  out.solver_configuration = backend.configuration();
  out.seed = backend.seed();
  Cnf cnf(backend);
  // One encoding per carving game; everything below is shared.
  std::unique_ptr<FrameEncoding> owned;
  if (game.universe.kind == model::Universe::Kind::Deduction) {
    auto hyper = std::make_unique<HypergraphEncoding>(game, target, cnf, options.max_turns, options.path_length);
    out.blocks = hyper->scope().classes;
    out.touched_blocks = hyper->scope().touched_blocks;
    owned = std::move(hyper);
  } else {
    owned = std::make_unique<TreeEncoding>(game, target, cnf, options.path_length, options.symmetry_breaking);
  }
  FrameEncoding& enc = *owned;
  if (options.cover_shorter_wins) enc.cover_shorter_wins(game, options.max_turns);
  auto finish = [&]() {
    out.path_length = enc.path_length(std::max(0, enc.turns() - 1));
    if (options.finally) options.finally(enc);
    out.variables = cnf.variables();
    out.clauses = cnf.clauses();
    out.native_constraints = cnf.native_constraints();
    out.lemmas = enc.lemmas();
    out.symmetry_clauses = enc.symmetry_clauses();
    out.learned_clauses = backend.conflicts();
    out.exact = enc.exact();
    out.walk_sets = enc.walk_sets();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  const bool start_win = game.rules.reading.start_win != model::sw::StartWin::No;
  auto stop = [&]() {
    r.verdict = search::Verdict::Unknown;
    r.limit_reached = budget.exhausted();
    r.reason = r.limit_reached ? budget.reason() : backend.name() + " answered unknown: " + backend.reason_unknown();
    return finish();
  };
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
      auto play = enc.decode(k);
      std::string why;
      std::optional<model::Component> won;
      const auto check = check_play(game, target, enc, play, why, won);
      if (check == Check::Refined) continue;
      r.verdict = search::Verdict::Win;
      r.turns = k;
      r.witness = play;
      if (check == Check::Broken) {
        // Reported as a win so that the caller's replay names the broken rule (exit 3).
        r.reason = "internal: " + why;
      } else {
        r.component = won;
      }
      out.shortest = enc.exact();
      return finish();
    }
    r.completed_depth = k;
  }
  finish();
  if (out.exact) {
    r.verdict = search::Verdict::NoWin;
    if (options.proof) {
      if (const auto* tree = dynamic_cast<const TreeEncoding*>(&enc))
        out.certificate = certify_no_win(game, target, options.max_turns, options.path_length, *tree, *options.proof, budget);
      else if (const auto* hyper = dynamic_cast<const HypergraphEncoding*>(&enc))
        out.certificate = certify_no_win(game, target, options.max_turns, options.path_length, *hyper, *options.proof, budget);
    }
  } else {
    r.verdict = search::Verdict::Unknown;
    r.reason = fmt::format("no play found with collapse walks of at most {} steps; walks may need more (path=walk is not exact)",
                           out.path_length);
    r.completed_depth = -1;
  }
  return out;
}

}  // namespace carve::encoder
