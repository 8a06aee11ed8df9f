// Elaboration: a parsed spec plus the settings of one question become a Game (the IR).
// Names are resolved, the spec is checked for every construct a carving game needs (each
// stated once), the profile and --set overrides are applied, and the universe is built: the
// truncated word tree for 000, the least fixed point of the deduction rules for 001.
// Invariant: elaborate() either returns a Game whose rules agree with its interpretation or
// throws InputError at the location of the offending construct.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/elaborate/diagnostics.hpp"
#include "foundations/limits/budget.hpp"
#include "rules/model/game.hpp"
#include "text/parser/ast.hpp"

namespace carve::elab {

// A value with the place it came from (a case item, or the command line).
template <class T>
struct Located {
  T value;
  parser::Location loc;
};

struct Settings {
  Located<std::string> profile{"literal", {}};
  std::vector<std::pair<Located<std::string>, Located<std::string>>> sets;  // switch = value
  std::optional<Located<int>> depth;                                        // 000 scope
  // The question is about the infinite tree Ω (`depth any`, docs/infinite-tree.md): the game is
  // elaborated at `depth` 1 and the shape engine replaces its universe by the shapes it chooses.
  bool depth_any = false;
  // 001 settings.
  std::optional<Located<std::vector<std::string>>> types;
  std::optional<Located<std::vector<std::pair<std::string, std::string>>>> variables;
  std::vector<Located<std::pair<std::string, std::vector<std::vector<std::string>>>>> relations;
  std::optional<Located<std::string>> root;  // a vertex name, e.g. "Delta(x,x,x)"
};

// Limits that make a scope "impossible": beyond them the universe would not fit in memory.
inline constexpr int kMaxDepth = model::max_tree_depth(2);  // the binary tree's; over k letters: max_tree_depth(k)
inline constexpr int kMaxVariables = 8;

// `budget` (may be null) bounds the universe's construction: a limit ends it with
// limits::LimitReached, whose reason names the step (the least fixed point's round).
model::Game elaborate(const parser::ast::Spec& spec, const Settings& settings, limits::Budget* budget = nullptr);

// The profiles a spec declares, in order, with their documentation strings.
std::vector<std::pair<std::string, std::string>> profiles_of(const parser::ast::Spec& spec);

}  // namespace carve::elab
