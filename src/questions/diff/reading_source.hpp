// One side of carve diff: a spec and the settings of its reading (profile, --set overrides) at
// any scope, elaborated through the same path as `carve solve`.
// Invariant: game_at(s) is elab::elaborate(spec, settings_at(s)); `label` names the spec, the
// profile and the overrides as the user gave them.
#pragma once
#include <functional>
#include <string>

#include "rules/elaborate/elaborate.hpp"
#include "text/parser/ast.hpp"

namespace carve::diff {

struct ReadingSource {
  std::string spec_path;
  parser::ast::Spec spec;
  std::function<elab::Settings(int scope)> settings_at;
  std::string label;  // "spec/binary_tree.carve profile simple set path=walk"
  model::Game game_at(int scope) const { return elab::elaborate(spec, settings_at(scope)); }
};

}  // namespace carve::diff
