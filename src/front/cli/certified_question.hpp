// The question a no-win certificate answers, as the command that certified it was given it, and
// the engine options that question fixes -- one place, so that `solve --proof`, `check --certify`
// and `verify-certificate` (which re-derives the CNF from a manifest) build the certified formula
// by the same code.
// Invariant: two runs given equal CertifiedQuestions over the same bytes of the case and spec
// build byte-identical certified formulas (the search is deterministic for a fixed seed; a limit
// only ends it, never changes what it learnt).
#pragma once
#include <optional>
#include <string>

#include "front/cli/common.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "engines/registry/adapter.hpp"
#include "engines/sat/search/shape_search.hpp"

namespace carve::cli {

struct CertifiedQuestion {
  std::string command;         // "solve" (a spec or case with options) or "check" (a case file alone)
  std::string input;           // the case or spec file, as given
  std::string target;          // solve: --target as given ("": the case's)
  std::optional<int> turns;    // solve: --turns as given (none: the case's)
  GameOptions game;            // solve: --profile, --set, --depth (or `any`), --vars, --root
  unsigned seed = 0;           // solve --seed
  bool symmetry_breaking = true;  // solve --no-symmetry: false (the search's lemmas differ)
  bool by_parts = false;          // solve --depth any --proof-parts: a certificate by parts
  bool by_capacity = false;       // solve --engine capacity: the capacity theorem's formula (capacity_certificate.hpp)
};

// The engines' tuning the question fixes (engines/registry/adapter.hpp): the seed, symmetry
// breaking, a certificate by parts -- what solve's adapters are asked with.
engines::Tuning certified_tuning(const CertifiedQuestion& q);
// The SAT engine's options for the question's search (the certificate's formula carries the
// stability lemmas that search learnt). `budget`: the run's.
encoder::SatOptions certified_sat_options(const CertifiedQuestion& q, int turns, const model::Budget& budget,
                                          const limits::Limits& limits);
// The shape engine's, for `solve --depth any`.
encoder::ShapeOptions certified_shape_options(const CertifiedQuestion& q, int turns, const model::Budget& budget,
                                              const limits::Limits& limits);

// The question elaborated again from `input` (the file the question names, found from wherever
// the caller reads it): exactly as solve or check loaded it. `spec`: the spec a case names read
// from there instead (verify-certificate --spec; its hash is checked as the case's spec's is).
elab::Case load_certified_question(const CertifiedQuestion& q, const std::string& input, limits::Budget* budget,
                                   const std::string& spec = "");

// The certified formula built again, nothing solved: the search's verdict and, on a no-win, the
// certificate with Status::FormulaOnly and its DIMACS bytes. `stability_lemmas`: what the
// certificate records. A shape certificate without lemmas is the formula of the rules alone,
// built again without a search; one with lemmas, or an older manifest that does not say (none),
// runs the search that learnt them (ShapeOptions::Certify::AfterSearch).
struct Rederived {
  answer::Result result;
  std::optional<encoder::NoWinCertificate> certificate;
  std::string route;  // how: "from the rules alone, no search" or "by the search that learnt its lemmas"
};
Rederived rederive_formula(const CertifiedQuestion& q, const elab::Case& c, std::optional<std::size_t> stability_lemmas,
                           const model::Budget& budget, const limits::Limits& limits);

}  // namespace carve::cli
