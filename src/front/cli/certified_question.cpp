// Solve's SAT options beyond the engine's defaults are the seed and symmetry breaking (the Z3
// options never reach a certificate: proofs come from the sat engine only); check's certificates
// use the defaults, which a "check" question's fields hold.
#include "front/cli/certified_question.hpp"
#include "engines/sat/search/capacity_certificate.hpp"
#include "rules/model/target_capacity.hpp"

#include <sstream>

#include "questions/check/run_case.hpp"

namespace carve::cli {

engines::Tuning certified_tuning(const CertifiedQuestion& q) {
  engines::Tuning t;
  t.seed = q.seed;
  t.symmetry_breaking = q.symmetry_breaking;
  t.by_parts = q.by_parts;
  return t;
}

encoder::SatOptions certified_sat_options(const CertifiedQuestion& q, int turns, const model::Budget& budget,
                                          const limits::Limits& limits) {
  auto so = cases::sat_options(elab::Engine::Sat, turns, limits);
  so.budget = budget;
  const auto t = certified_tuning(q);
  so.seed = t.seed;
  so.symmetry_breaking = t.symmetry_breaking;
  return so;
}

encoder::ShapeOptions certified_shape_options(const CertifiedQuestion& q, int turns, const model::Budget& budget,
                                              const limits::Limits& limits) {
  encoder::ShapeOptions so;
  so.max_turns = turns;
  so.budget = budget;
  so.progress = limits.progress;
  const auto t = certified_tuning(q);
  so.seed = t.seed;
  so.by_parts = t.by_parts;
  return so;
}

elab::Case load_certified_question(const CertifiedQuestion& q, const std::string& input, limits::Budget* budget,
                                   const std::string& spec) {
  if (q.command == "check") {
    elab::Overrides ov;
    ov.depth_any_allowed = true;  // as check loads it
    if (!spec.empty()) ov.spec = elab::Located<std::string>{spec, cli_location("--spec")};
    return elab::load_case(input, ov, budget);
  }
  return load_question(input, q.target, q.turns, q.game, budget, is_spec_path(input) ? "" : spec);
}

Rederived rederive_formula(const CertifiedQuestion& q, const elab::Case& c, std::optional<std::size_t> stability_lemmas,
                           const model::Budget& budget, const limits::Limits& limits) {
  // The same search that wrote the certificate, asked for the formula's bytes only.
  const auto search = [&](auto options, const auto& engine, const char* route) {
    options.proof = encoder::ProofRequest{};
    options.proof->formula_only = true;
    auto s = engine(c.game, *c.target, options);
    return Rederived{s.result, std::move(s.certificate), route};
  };
  constexpr const char* kBySearch = "by the search that learnt its lemmas";
  if (q.by_capacity) {  // the capacity theorem's formula: from the operators and the target alone
    Rederived d{{}, encoder::NoWinCertificate{}, "by the capacity theorem, no search"};
    const auto gap = model::capacity_gap(c.game, *c.target);
    if (!gap) {
      d.result.verdict = answer::Verdict::Unknown;
      d.result.reason = "the capacity theorem does not decide the question (its target fits the operators)";
      d.certificate.reset();
      return d;
    }
    limits::Budget own = budget;
    encoder::DimacsRecorder formula;
    std::vector<std::string> head;
    encoder::capacity_formula(c.game, *gap, formula, head);
    std::ostringstream bytes;
    formula.write_dimacs(bytes, head, &own);
    d.result.verdict = answer::Verdict::NoWin;
    d.certificate->status = encoder::NoWinCertificate::Status::FormulaOnly;
    d.certificate->formula = bytes.str();
    d.certificate->variables = static_cast<std::size_t>(formula.variables());
    d.certificate->clauses = formula.clauses();
    d.certificate->capacity_theorem = true;
    return d;
  }
  if (q.game.depth_any) {
    auto options = certified_shape_options(q, c.turns->value, budget, limits);
    if (stability_lemmas == std::size_t{0}) return search(options, encoder::shape_search, "from the rules alone, no search");
    options.certify = encoder::ShapeOptions::Certify::AfterSearch;
    return search(options, encoder::shape_search, kBySearch);
  }
  return search(certified_sat_options(q, c.turns->value, budget, limits), encoder::sat_search, kBySearch);
}

}  // namespace carve::cli
