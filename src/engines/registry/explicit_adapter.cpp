// The explicit engine behind the adapter interface: search::explicit_search's Result is the
// Answer as it is (no formula, no solver, no certificate).
#include "engines/explicit/explicit_search.hpp"
#include "engines/registry/adapter.hpp"

namespace carve::engines {

std::optional<model::Refusal> ExplicitAdapter::supports(const model::Game&, const model::Target&) const {
  return std::nullopt;  // it runs the reference semantics itself
}

answer::Answer ExplicitAdapter::run(const Question& q, model::Budget& budget) const {
  search::Options o;
  o.max_turns = q.turns;
  o.budget = budget;
  o.progress = q.progress;
  o.transpositions = q.tuning.transpositions;
  answer::Answer a;
  static_cast<answer::Result&>(a) = search::explicit_search(q.game, q.target, o);
  a.engine = engine();
  return a;
}

}  // namespace carve::engines
