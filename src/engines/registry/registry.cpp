// The engine registry: the table of adapters, one a row of rules/elaborate/engines.def (its last
// column names the row's adapter class), indexed by the enum; what every adapter does around its
// engine (an allocation failure becomes `unknown`); auto's choice; the routes' refusals.
#include "engines/registry/registry.hpp"

#include <new>
#include <stdexcept>

#include "engines/sat/search/rules_support.hpp"
#include "foundations/limits/resident_memory.hpp"

namespace carve::engines {

namespace {

#define ENGINE(Enum, name, help, automatic, bounded, solver, Class) const Class k##Enum{Engine::Enum};
#include "rules/elaborate/engines.def"
#undef ENGINE

// In the enum's order (the enum is generated from the same rows), so adapter(e) is one lookup.
const Adapter* const kTable[] = {
#define ENGINE(Enum, name, help, automatic, bounded, solver, Class) &k##Enum,
#include "rules/elaborate/engines.def"
#undef ENGINE
};

}  // namespace

const Adapter& adapter(Engine engine) {
  const auto i = static_cast<std::size_t>(engine);
  if (i >= std::size(kTable) || kTable[i]->engine() != engine) throw std::logic_error("engines::adapter: an engine without its row");
  return *kTable[i];
}

answer::Answer Adapter::answer(const Question& question, model::Budget budget) const {
  if (question.proof && !certifies())
    throw std::logic_error(std::string("engines: a proof request to the ") + name() + " engine, which certifies no no-win");
  try {
    return run(question, budget);
  } catch (const std::bad_alloc&) {  // a question too large for the machine: unknown, not a crash
    answer::Answer a;
    a.engine = engine();
    a.reason = limits::allocation_failure_reason(budget.memory_mb());
    a.limit_reached = true;
    a.completed_depth = -1;
    return a;
  }
}

answer::Answer AutoAdapter::run(const Question& question, model::Budget& budget) const {
  return adapter(choose(engine(), question.game, question.target)).answer(question, budget);
}

std::optional<model::Refusal> refusal(Engine engine, const model::Game& game, const model::Target& target) {
  return adapter(engine).supports(game, target);
}

std::optional<model::Refusal> refusal(Route route, const model::Game& game, const model::Target& target) {
  return encoder::symbolic_refusal(game, target, route == Route::Export ? "export" : "certificate");
}

Engine choose(Engine engine, const model::Game& game, const model::Target& target) {
  if (engine != Engine::Auto) return engine;
  for (const Engine e : elab::automatic())
    if (!refusal(e, game, target)) return e;
  throw std::logic_error("engines::choose: no engine supports these rules (explicit search supports all)");
}

}  // namespace carve::engines
