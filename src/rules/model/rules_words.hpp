// The rules of a question said in words: one line per rule (rules/model/rule_aspects.def), each naming
// the def of the spec that states it (number, title, location), so that a user sees what carve
// compiled and that an edit took effect. `carve elaborate`, `carve solve`'s header and the
// certificate manifest print these lines; explanations may quote one rule's line.
// Invariant: the words are generated from the compiled rules record (Game::rules: the reading,
// the density pattern's items, succession, victory, the operators) and from the universe's kind
// -- never from the spec's text -- so two games whose rules differ in any field the reference
// semantics reads get different words for that rule; every switch value the semantics reads is
// stated in the line of the rule it belongs to, with its name ("loop=forbid") when the spec
// declares the switch.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/model/game.hpp"

namespace carve::model {

#define ASPECT(id, name, label, doc) id,
enum class RuleAspect : std::uint8_t {
#include "rules/model/rule_aspects.def"
};
#undef ASPECT

struct RuleWords {
  RuleAspect aspect{};
  std::string name;      // "construction", "Φ_dense", ... (rule_aspects.def)
  std::string def;       // the number of the def that states it ("3.1"); empty when the game records none
  std::string heading;   // "def 3.1 构造" (Definition::heading), or empty
  std::string location;  // "spec/binary_tree.carve:84:1", or empty
  std::string words;     // the rule in words
  std::vector<Switch> switches;  // the switches whose values `words` states (declared by the spec)
};

std::string_view aspect_name(RuleAspect a);
// Every rule of the game, in the table's order.
std::vector<RuleWords> rules_in_words(const Game& game);
// One rule's line.
RuleWords rule_words(const Game& game, RuleAspect a);
// "def 3.1 构造 (spec/binary_tree.carve:84:1): <words>", or the words alone when no def is known;
// without the location (which depends on where the spec was read from) when `located` is false.
std::string rule_line(const RuleWords& r, bool located = true);
// Every rule, one line each: `indent`, the rule's name padded to one column, then rule_line.
std::string rules_text(const Game& game, const std::string& indent = "  ");
// Φ_dense alone: the avoided pattern as the spec writes it and how it is read, then what it
// forbids ("avoid V V as a subsequence: no two virtual edges anywhere on a path").
std::string avoided_pattern_words(const Rules& rules, bool tree);

}  // namespace carve::model
