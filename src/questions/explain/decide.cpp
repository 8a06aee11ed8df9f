// Which engine answers -- each asked through its adapter (engines/registry/adapter.hpp), as solve
// and check ask it -- and the replay every win goes through before it is an answer.
#include "questions/explain/decide.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checkers/replay/replay.hpp"
#include "engines/registry/registry.hpp"
#include "questions/report/answer_report.hpp"

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

Answer refused(elab::Engine engine, const model::Refusal& no) {
  Answer a;
  a.engine = engine;
  a.refused = true;
  a.reason = no.text();
  return a;
}

// `engine`'s adapter asked the trial's question (a proof request only of an engine that certifies);
// a win keeps the rules its witness replays under -- the winning shape's, or these -- and is
// replayed under them.
Answer ask(const model::Game& game, const model::Target& target, const DecideOptions& o, elab::Engine engine) {
  const auto& adapter = engines::adapter(engine);
  const engines::Question q{.game = game, .target = target, .turns = o.turns, .progress = o.progress,
                            .proof = adapter.certifies() ? o.proof : std::nullopt};
  Answer a;
  static_cast<answer::Answer&>(a) = adapter.answer(q, o.budget);
  if (a.win()) {
    if (!a.game) a.game = std::make_shared<const model::Game>(game);
    check_witness(*a.game, target, a);
  }
  return a;
}

}  // namespace

Answer decide(const model::Game& game, const model::Target& target, const DecideOptions& o) {
  using elab::Engine;
  const Engine asked = o.depth_any ? Engine::Shape : o.engine;
  if (asked != Engine::Auto) {
    if (auto no = engines::refusal(asked, game, target)) return refused(asked, *no);
    return ask(game, target, o, asked);
  }
  // A target the operators cannot carry is no question of plays: the capacity theorem answers at
  // once, for every relaxation that keeps the operators (which none of relaxations.def changes).
  if (!engines::refusal(Engine::Capacity, game, target)) return ask(game, target, o, Engine::Capacity);
  const Engine engine = engines::choose(Engine::Auto, game, target);
  Answer a = ask(game, target, o, engine);
  // The sat engine answers unknown without a limit only where it bounds collapse walks below the
  // proved length (001 walks): explicit search, exhaustive, then decides.
  if (engine != Engine::Explicit && a.verdict == answer::Verdict::Unknown && !a.limit_reached) {
    Answer e = ask(game, target, o, Engine::Explicit);
    e.seconds += a.seconds;
    return e;
  }
  return a;
}

std::string answer_text(const Answer& a) {
  if (a.refused) return "undecided (" + a.reason + ")";
  return report::verdict_words(a);  // the answer's words in every report (questions/report)
}

}  // namespace carve::explain
