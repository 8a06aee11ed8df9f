// The sat and smt engines behind the adapter interface: one search loop (encoder::sat_search),
// CaDiCaL or Z3 by the table's row; the encoding's figures and the solver become the Answer's.
// Asked with Tuning::certificate_first, the sat engine first refutes the formula alone.
#include <stdexcept>

#include "engines/registry/adapter.hpp"
#include "engines/sat/search/certificate_first.hpp"
#include "engines/sat/search/rules_support.hpp"
#include "engines/sat/search/sat_search.hpp"

namespace carve::engines {

std::optional<model::Refusal> SymbolicAdapter::supports(const model::Game& game, const model::Target& target) const {
  return encoder::symbolic_refusal(game, target, name());
}

bool SymbolicAdapter::certifies() const { return engine() == Engine::Sat; }

namespace {

// Tuning::certificate_first: the certificate of the formula alone, and the Answer it makes --
// nothing when the formula has a model (the search then runs for the play).
std::optional<answer::Answer> certified_first(const Question& q, model::Budget& budget, Engine engine) {
  model::Budget own = budget;
  auto c = encoder::certify_without_search(q.game, q.target, q.turns, q.tuning.first_moves, *q.proof, own,
                                           q.tuning.symmetry_breaking && q.tuning.first_moves.empty());
  if (c.status == encoder::NoWinCertificate::Status::Satisfiable) return std::nullopt;
  answer::Answer a;
  a.engine = engine;
  a.seconds = c.solve_seconds + c.check_seconds;
  if (c.accepted()) {
    a.verdict = answer::Verdict::NoWin;
    a.completed_depth = q.turns;
  } else {
    a.reason = c.message;
    a.limit_reached = c.status == encoder::NoWinCertificate::Status::LimitReached;
  }
  a.certificate = std::move(c);
  return a;
}

}  // namespace

answer::Answer SymbolicAdapter::run(const Question& q, model::Budget& budget) const {
  const bool first = q.proof && certifies() && q.tuning.certificate_first && q.played.empty() &&
                     encoder::certificate_needs_no_search(q.game);
  if (first)
    if (auto a = certified_first(q, budget, engine())) return std::move(*a);
  encoder::SatOptions o;
  o.max_turns = q.turns;
  o.budget = budget;
  o.progress = q.progress;
  o.solver = elab::solver(engine());
  o.seed = q.tuning.seed;
  // The lex-leader chains may exclude a pinned play's own image: none with a play to pin.
  o.symmetry_breaking = q.tuning.symmetry_breaking && q.played.empty();
  if (!q.played.empty()) o.pinned = encoder::pinned_play(q.game, q.played);
  if (q.tuning.native_from) o.native_from = *q.tuning.native_from;
  o.first_moves = q.tuning.first_moves;
  if (certifies() && !first) o.proof = q.proof;  // after certificate_first, a play exists: nothing to certify
  o.certify_below_win = q.tuning.certify_below_win;
  o.certificate_limits = q.tuning.certificate_limits;
  o.probe_from_above = q.tuning.probe_from_above && q.played.empty() && q.tuning.first_moves.empty();
  auto sat = encoder::sat_search(q.game, q.target, o);
  answer::Answer a;
  static_cast<answer::Result&>(a) = std::move(sat.result);
  a.engine = engine();
  a.encoding = answer::Encoding{sat.variables, sat.clauses, sat.lemmas, sat.symmetry_clauses, sat.solver_calls,
                                sat.learned_clauses, sat.exact, sat.shortest, sat.path_length, sat.walk_sets,
                                sat.native_constraints, sat.solver, sat.solver_version, sat.solver_configuration,
                                sat.seed, std::move(sat.blocks), sat.touched_blocks};
  a.certificate = std::move(sat.certificate);
  if (first && a.verdict == answer::Verdict::NoWin)
    throw std::logic_error("the sat engine: the formula alone has a model but the search found no play");
  return a;
}

}  // namespace carve::engines
