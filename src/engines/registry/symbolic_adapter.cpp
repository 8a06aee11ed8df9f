// The sat and smt engines behind the adapter interface: one search loop (encoder::sat_search),
// CaDiCaL or Z3 by the table's row; the encoding's figures and the solver become the Answer's.
#include "engines/registry/adapter.hpp"
#include "engines/sat/search/rules_support.hpp"
#include "engines/sat/search/sat_search.hpp"

namespace carve::engines {

std::optional<model::Refusal> SymbolicAdapter::supports(const model::Game& game, const model::Target& target) const {
  return encoder::symbolic_refusal(game, target, name());
}

bool SymbolicAdapter::certifies() const { return engine() == Engine::Sat; }

answer::Answer SymbolicAdapter::run(const Question& q, model::Budget& budget) const {
  encoder::SatOptions o;
  o.max_turns = q.turns;
  o.budget = budget;
  o.progress = q.progress;
  o.solver = elab::solver(engine());
  o.seed = q.tuning.seed;
  o.symmetry_breaking = q.tuning.symmetry_breaking;
  if (q.tuning.native_from) o.native_from = *q.tuning.native_from;
  o.first_moves = q.tuning.first_moves;
  if (certifies()) o.proof = q.proof;
  o.certify_below_win = q.tuning.certify_below_win;
  o.certificate_limits = q.tuning.certificate_limits;
  auto sat = encoder::sat_search(q.game, q.target, o);
  answer::Answer a;
  static_cast<answer::Result&>(a) = std::move(sat.result);
  a.engine = engine();
  a.encoding = answer::Encoding{sat.variables, sat.clauses, sat.lemmas, sat.symmetry_clauses, sat.solver_calls,
                                sat.learned_clauses, sat.exact, sat.shortest, sat.path_length, sat.walk_sets,
                                sat.native_constraints, sat.solver, sat.solver_version, sat.solver_configuration,
                                sat.seed, std::move(sat.blocks), sat.touched_blocks};
  a.certificate = std::move(sat.certificate);
  return a;
}

}  // namespace carve::engines
