// The passes of elaboration, in the order elaborate() runs them. Each compiles one concern of
// the spec into the Game (its rules record, its universe) or rejects it with a location, and
// marks the statements it compiled; elaborate() then rejects any statement no pass compiled,
// so no word of a spec is accepted and ignored.
// Invariant: a pass reads only the index, the settings and what earlier passes wrote.
#pragma once
#include <set>

#include "rules/elaborate/elaborate.hpp"
#include "rules/elaborate/passes/spec_index.hpp"

namespace carve::elab {

struct Elaboration {
  const SpecIndex& ix;
  const Settings& settings;
  model::Game& game;
  std::set<const void*> compiled;  // the statements (by address) some pass compiled
  limits::Budget* budget = nullptr;  // bounds the universe's construction (may be null)

  template <class S>
  const S* take(const S* s) {
    compiled.insert(s);
    return s;
  }
  // The one statement of a kind, marked compiled, with its def's number recorded under `label`.
  template <class S>
  const S& take_one(const char* what, const char* label = nullptr) {
    auto [s, def] = ix.one<S>(what);
    if (label) game.rules.label[label] = def->number;
    return *take(s);
  }
};

// Switch values: the profile (its ancestors first), then --set / `set` overrides.
void reading_pass(Elaboration& e);
// The game's frame: edge types, the virtual-edge domain, components, the target's kind, the
// construction and collapse rules (each stated once).
void frame_pass(Elaboration& e);
// What a path is and which paths are legal: the kind's switch, the predicates, Φ_dense.
void paths_pass(Elaboration& e);
// Succession: trigger and eligibility edge sets, and whether the old root may be chosen again.
void succession_pass(Elaboration& e);
// Victory: which components count, how they must relate to the target, which isomorphism.
void victory_pass(Elaboration& e);
// The universe: a word tree (000) or the least fixed point of a deduction system (001).
void universe_pass(Elaboration& e);
void tree_universe_pass(Elaboration& e, const parser::ast::VerticesStmt& vertices);
void deduction_universe_pass(Elaboration& e);

}  // namespace carve::elab
