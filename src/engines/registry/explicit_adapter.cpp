// The explicit engine behind the adapter interface: search::explicit_search's Result is the
// Answer as it is (no formula, no solver, no certificate); a play already made is searched on from
// its last state.
#include "engines/explicit/explicit_search.hpp"
#include "engines/registry/adapter.hpp"
#include "engines/sat/tree/pinned_play.hpp"

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
  const int played = static_cast<int>(q.played.size());
  if (played > 0) {  // from S_t, reached by the play replayed through apply_turn
    o.start = encoder::pinned_play(q.game, q.played).states.back();
    o.start_turn = played;
    o.max_turns = q.turns - played;
  }
  answer::Answer a;
  static_cast<answer::Result&>(a) = search::explicit_search(q.game, q.target, o);
  a.engine = engine();
  if (played > 0) {  // the Answer counts from S_0 (Question::played)
    a.witness.insert(a.witness.begin(), q.played.begin(), q.played.end());
    if (a.turns) *a.turns += played;
    if (a.completed_depth >= 0) a.completed_depth += played;
  }
  return a;
}

}  // namespace carve::engines
