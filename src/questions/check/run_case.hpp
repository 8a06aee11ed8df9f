// Judging one case: run the engine its expectation calls for (or the one asked for) and compare.
// Invariant: `pass` is true only when the observed answer equals the expected one, and a `win`
// from search counts only after its witness has replayed through the reference semantics; a case
// that says `certify drat;` passes only with a DRAT proof of its no-win that checkers/drat accepted.
#pragma once
#include <optional>
#include <string>

#include "checkers/replay/replay.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "rules/elaborate/case.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::cases {

using Limits = limits::Limits;

struct Outcome {
  bool pass = false;
  bool limit_reached = false;  // an engine answered unknown because the budget ran out: neither pass nor fail
  bool refused = false;        // the case's engine does not encode its rules (detail says which): bad input
  std::string write_error;     // a certificate file could not be written ("cannot write PATH: reason")
  std::string expected;
  std::string actual;
  std::string detail;
  // What is true of the case, in words, whatever it expects: "the shortest win is 2 turns
  // (explicit engine)", "no play of at most 3 turns wins", "turn 2 breaks rule 3.3: ..." (empty
  // when no engine decided it).
  std::string answer;
  double seconds = 0;
  std::optional<answer::Answer> search;  // the answering engine's Answer (its certificate is `certificate`)
  std::optional<replay::Result> replay;
  std::optional<encoder::NoWinCertificate> certificate;  // when a no-win was certified (or tried)
};

// Which no-win verdicts to certify beyond the cases that say `certify drat;` (always certified).
struct Certification {
  bool every_no_win = false;  // check --certify: every no-win (the SAT engine decides it)
  std::string proof_dir;      // where FILE.cnf/FILE.drat go; empty: a temporary folder, files removed after the check
  bool binary = true;
};

std::string describe(const parser::ast::Expectation& e);
// The symbolic engines' options: "sat" is the encoder on CaDiCaL, "smt" the same on Z3; the
// limits become the run's budget (a fresh one: its clock starts now).
encoder::SatOptions sat_options(elab::Engine engine, int turns, const Limits& limits);

// `engine`: empty for the case's own engine (its `engine` item, else explicit); "explicit",
// "sat" or "smt" to force one; "all" to run the case's own engine and then every other engine that can
// answer, each of which must agree or answer unknown (named in `detail`).
// The limits hold for each engine's run of the case: every run gets its own budget.
// Which engines judge a case: `forced` (else the case's own), and with `every` each other engine after it.
struct Judges {
  std::optional<elab::Engine> forced;
  bool every = false;
};
Outcome run_case(const elab::Case& c, const Limits& limits, const Judges& judges = {}, const Certification& certification = {});

// The answer when an allocation failed (std::bad_alloc) inside an engine: unknown, with the
// reason (limits::allocation_failure_reason), no turn known to be covered.
answer::Result out_of_memory(const Limits& limits);

// Replays a search witness; returns an empty string when it replays to a win at its last turn.
std::string confirm_witness(const model::Game& game, const model::Target& target, const answer::Result& r);

}  // namespace carve::cases
