// Which engine answers, and the replay every win goes through before it is an answer.
#include "questions/explain/decide.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checkers/replay/replay.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "engines/sat/search/shape_search.hpp"
#include "engines/registry/registry.hpp"

namespace carve::explain {

namespace {

// The witness replays to its first win at its last turn under `game`, or carve has a bug.
void check_witness(const model::Game& game, const model::Target& target, const Answer& a) {
  model::Budget budget;
  const auto r = replay::replay(game, a.witness, &target, std::nullopt, budget);
  if (!r.legal)
    throw std::logic_error(fmt::format("explain: the {} engine's witness breaks rule {} at turn {} under the relaxed rules: {}",
                                       elab::name(a.engine), r.violation.rule, r.failed_turn, r.violation.message));
  if (!r.win_turn || *r.win_turn != static_cast<int>(a.witness.size()))
    throw std::logic_error(fmt::format("explain: the {} engine's witness does not end in its first win", elab::name(a.engine)));
}

Answer from_search(const answer::Result& r, elab::Engine engine) {
  Answer a;
  a.verdict = r.verdict;
  a.turns = r.turns;
  a.witness = r.witness;
  if (r.component) a.component = r.component->vertices;
  a.engine = engine;
  a.reason = r.reason;
  a.limit_reached = r.limit_reached;
  a.seconds = r.seconds;
  return a;
}

Answer on_the_infinite_tree(const model::Game& game, const model::Target& target, const DecideOptions& o) {
  if (auto no = engines::refusal(elab::Engine::Shape, game, target)) {
    Answer a;
    a.engine = elab::Engine::Shape;
    a.refused = true;
    a.reason = no->text();
    return a;
  }
  encoder::ShapeOptions so;
  so.max_turns = o.turns;
  so.budget = o.budget;
  so.progress = o.progress;
  so.proof = o.proof;
  const auto r = encoder::shape_search(game, target, so);
  Answer a = from_search(r.result, elab::Engine::Shape);
  a.certificate = r.certificate;
  if (a.win()) {
    a.game = std::make_shared<const model::Game>(*r.game);
    check_witness(*a.game, target, a);
  }
  return a;
}

Answer within_depth(const model::Game& game, const model::Target& target, const DecideOptions& o, elab::Engine engine);

}  // namespace

Answer decide(const model::Game& game, const model::Target& target, const DecideOptions& o) {
  if (o.depth_any) return on_the_infinite_tree(game, target, o);
  using elab::Engine;
  if (o.engine != Engine::Auto) {
    if (auto no = engines::refusal(o.engine, game, target)) {
      Answer a;
      a.engine = o.engine;
      a.refused = true;
      a.reason = no->text();
      return a;
    }
    return within_depth(game, target, o, o.engine);
  }
  const Engine engine = engines::choose(Engine::Auto, game, target);
  Answer a = within_depth(game, target, o, engine);
  // The sat engine answers unknown without a limit only where it bounds collapse walks below the
  // proved length (001 walks): explicit search, exhaustive, then decides.
  if (engine != Engine::Explicit && a.verdict == answer::Verdict::Unknown && !a.limit_reached) {
    Answer e = within_depth(game, target, o, Engine::Explicit);
    e.seconds += a.seconds;
    return e;
  }
  return a;
}

namespace {

Answer within_depth(const model::Game& game, const model::Target& target, const DecideOptions& o, elab::Engine engine) {
  Answer a;
  try {
    if (engine == elab::Engine::Explicit) {
      search::Options so;
      so.max_turns = o.turns;
      so.budget = o.budget;
      so.progress = o.progress;
      a = from_search(search::explicit_search(game, target, so), engine);
    } else {
      encoder::SatOptions so;
      so.max_turns = o.turns;
      so.budget = o.budget;
      so.progress = o.progress;
      so.solver = elab::solver(engine);
      if (engine == elab::Engine::Sat) so.proof = o.proof;
      const auto r = encoder::sat_search(game, target, so);
      a = from_search(r.result, engine);
      a.certificate = r.certificate;
    }
  } catch (const std::bad_alloc&) {
    a = Answer{};
    a.engine = engine;
    a.reason = "out of memory: an allocation failed";
  }
  if (a.win()) {
    a.game = std::make_shared<const model::Game>(game);
    check_witness(game, target, a);
  }
  return a;
}

}  // namespace

std::string answer_text(const Answer& a) {
  if (a.refused) return "undecided (" + a.reason + ")";
  switch (a.verdict) {
    case answer::Verdict::Win: return fmt::format("win in {} turn{}", *a.turns, *a.turns == 1 ? "" : "s");
    case answer::Verdict::NoWin: return "no win";
    case answer::Verdict::Unknown: break;
  }
  // A trial's share of the run's budget ran out: "unknown within 12.5 s, its share of the run's 300.0 s".
  if (limits::Budget::share_reason(a.reason)) return "unknown " + a.reason;
  return "unknown (" + a.reason + ")";
}

}  // namespace carve::explain
