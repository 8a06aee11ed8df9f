// The capacity theorem behind the adapter interface: a question whose target exceeds the
// operators' capacity is a no-win at every length (rules/model/target_capacity.hpp), its
// certificate the refuted capacity formula (engines/sat/search/capacity_certificate.hpp); every
// other question is refused by name, before any work.
#include <chrono>
#include <stdexcept>

#include "engines/registry/adapter.hpp"
#include "engines/sat/search/capacity_certificate.hpp"
#include "rules/model/target_capacity.hpp"

namespace carve::engines {

std::optional<model::Refusal> CapacityAdapter::supports(const model::Game& game, const model::Target& target) const {
  if (model::capacity_gap(game, target)) return std::nullopt;
  return model::Refusal{"capacity", "the capacity theorem",
                        game.universe.kind == model::Universe::Kind::Deduction
                            ? "a target whose parallel edges the operators can carry (the theorem decides only targets that need more)"
                            : "document 000 (its targets have no parallel edges)",
                        "use --engine auto"};
}

answer::Answer CapacityAdapter::run(const Question& q, model::Budget& budget) const {
  const auto t0 = std::chrono::steady_clock::now();
  const auto gap = model::capacity_gap(q.game, q.target);
  if (!gap) throw std::logic_error("engines: the capacity engine asked a question it refuses");
  answer::Answer a;
  a.engine = engine();
  a.verdict = answer::Verdict::NoWin;
  a.completed_depth = q.turns;  // every play of any length: no state holds the target
  a.reason = gap->words;
  if (q.proof) {
    a.certificate = encoder::certify_capacity(q.game, *gap, *q.proof, budget);
    if (a.certificate->status == encoder::NoWinCertificate::Status::Satisfiable)
      throw std::logic_error("engines: the capacity formula has a model, against the count: " + gap->words);
  }
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return a;
}

}  // namespace carve::engines
