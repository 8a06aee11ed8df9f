// Whether two readings are the same rules, decided from the typed rules records alone (before
// any search), and which of their parts differ.
// Invariant: `same` is true only when every part of the records that the reference semantics
// or the victory test consults is equal in effect: switch values compare as enums, a switch that
// a rule statement overrides (reroot under `choose any`/`choose other`, iso under an explicit
// match) by the value it takes, and the density automata by their languages. `same_legality`
// is the same over the parts apply_turn consults (so victory-only differences leave every play
// judged alike).
#pragma once
#include <string>
#include <vector>

#include "rules/model/game.hpp"

namespace carve::diff {

struct RulesComparison {
  bool same_document = true;
  bool same = true;            // every part equal in effect: no question can tell them apart
  bool same_legality = true;   // the parts apply_turn reads are equal: every play is judged alike
  std::vector<std::string> differences;  // "path: walk | simple", one line per differing part
};

RulesComparison compare_rules(const model::Game& a, const model::Game& b);

}  // namespace carve::diff
