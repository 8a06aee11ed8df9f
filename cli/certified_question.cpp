// Solve's SAT options beyond the engine's defaults are the seed and symmetry breaking (the Z3
// options never reach a certificate: proofs come from the sat engine only); check's certificates
// use the defaults, which a "check" question's fields hold.
#include "cli/certified_question.hpp"

#include "checker/cases/run_case.hpp"

namespace carve::cli {

encoder::SatOptions certified_sat_options(const CertifiedQuestion& q, int turns, const model::Budget& budget,
                                          const limits::Limits& limits) {
  auto so = cases::sat_options("sat", turns, limits);
  so.budget = budget;
  so.seed = q.seed;
  so.symmetry_breaking = q.symmetry_breaking;
  return so;
}

encoder::ShapeOptions certified_shape_options(const CertifiedQuestion& q, int turns, const model::Budget& budget,
                                              const limits::Limits& limits) {
  encoder::ShapeOptions so;
  so.max_turns = turns;
  so.budget = budget;
  so.progress = limits.progress;
  so.seed = q.seed;
  return so;
}

elab::Case load_certified_question(const CertifiedQuestion& q, const std::string& input, limits::Budget* budget) {
  if (q.command == "check") return elab::load_case(input, {}, budget);
  return load_question(input, q.target, q.turns, q.game, budget);
}

Rederived rederive_formula(const CertifiedQuestion& q, const elab::Case& c, const model::Budget& budget, const limits::Limits& limits) {
  encoder::ProofRequest request;
  request.formula_only = true;
  Rederived out;
  if (q.game.depth_any) {
    auto so = certified_shape_options(q, c.turns->value, budget, limits);
    so.proof = request;
    auto s = encoder::shape_search(c.game, *c.target, so);
    out.result = s.result;
    out.certificate = std::move(s.certificate);
    return out;
  }
  auto so = certified_sat_options(q, c.turns->value, budget, limits);
  so.proof = request;
  auto s = encoder::sat_search(c.game, *c.target, so);
  out.result = s.result;
  out.certificate = std::move(s.certificate);
  return out;
}

}  // namespace carve::cli
