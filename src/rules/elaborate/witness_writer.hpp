// Writes a win as a witness file: a case in the DSL's own syntax that pins the spec, every
// switch, the scope, the target and the play, so `carve replay` / `carve check` can re-judge it
// with nothing else at hand, from any folder (the spec is named relative to the witness).
// Invariant: load_case(witness) reproduces the game (same interpretation and scope) and the
// play, and its expectation `win at N` is the witness's own claim.
#pragma once
#include <string>
#include <vector>

#include "rules/elaborate/case.hpp"

namespace carve::elab {

struct WitnessInput {
  std::string spec_ref;           // how the witness refers to its spec: a path relative to the witness's folder
  const parser::ast::Spec* spec;  // for the declared switches
  const Settings* settings;
  const model::Game* game;
  const model::Target* target;
  std::vector<model::Move> play;
  std::vector<model::VertexId> component;
  std::string title;
  std::string spec_given;   // the spec's path as the user gave it (a comment, for people)
  std::string spec_sha256;  // the spec's content, bound: a replay against another content fails
};

std::string witness_text(const WitnessInput& w);
// The case items that pin a game: spec, profile, every switch the spec declares, the scope (000:
// depth, or `depth any` when the settings ask about the infinite tree; 001: types, variables,
// relations, root) -- one item per line, indented for a case block.
// With `spec_sha256`, the spec item binds the spec's content too (a witness does).
std::string game_items(const std::string& spec_ref, const parser::ast::Spec& spec, const Settings& settings, const model::Game& game,
                       const std::string& spec_sha256 = "");
std::string target_text(const model::Target& t);  // the `target ...` item's argument
// A string as a case file writes it: quoted, with `"` and `\` escaped.
std::string quoted(const std::string& s);

}  // namespace carve::elab
