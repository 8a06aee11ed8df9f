// One reachability question under one rules record (a spec's, or a relaxed one), answered by the
// engines: within a depth bound the sat engine where it encodes the rules, else explicit search --
// which also decides where the sat engine answers unknown without a limit (001 walks beyond its
// length budget) -- or the engine asked for, when it can; on the infinite tree (--depth any) the
// shape engine.
// Invariant: a `win` carries a witness that replayed through the reference semantics, under
// these very rules, to a win at its last turn (else std::logic_error: a bug in carve); `refused`
// says that no engine asked for encodes the rules, with the refusal's words; `unknown` gives the
// reason (a limit of the budget).
#pragma once
#include <optional>
#include <string>

#include "engines/answer/answer.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "rules/model/collapse_paths.hpp"
#include "rules/elaborate/engine.hpp"
#include "rules/model/target.hpp"

namespace carve::explain {

// The adapter's answer::Answer (engines/registry), and whether no engine asked for encodes the
// rules (then `reason` is the refusal's words). A win's `game` is always set.
struct Answer : answer::Answer {
  bool refused = false;

  bool no_win() const { return verdict == answer::Verdict::NoWin; }
};

struct DecideOptions {
  int turns = 1;
  bool depth_any = false;      // the infinite tree: the shape engine
  elab::Engine engine = elab::Engine::Auto;  // auto, sat, explicit, smt (within a depth bound)
  model::Budget budget;        // the run's: its deadline and memory ceiling hold here too
  bool progress = false;
  std::optional<encoder::ProofRequest> proof;  // certify a no-win (the sat or shape engine; explicit search certifies none)
};

Answer decide(const model::Game& game, const model::Target& target, const DecideOptions& options);

// The verdict in words, as every report says it (report::verdict_words: "win in 2 turns", "no-win",
// "unknown: timeout after 2.0 s"), or "undecided (REFUSAL)" when no engine asked for encodes the rules.
std::string answer_text(const Answer& a);

}  // namespace carve::explain
