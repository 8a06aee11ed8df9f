// The rules a spec states that carve explain can switch off, one row each (relaxations.def), and
// a definition's relaxation: every row whose statement the def holds.
// Invariant: a relaxation changes only the rules record (model::Rules) of a copy of the game,
// each row as its words say; a def's relaxation holds exactly the rows whose statement the def
// holds and whose transform changes the record (a rule already as permissive as explain makes it
// is no part of it). A def with no such row -- the universe, the target, the edge types, the
// path set's conjunction -- is never relaxed and never in a core.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/model/game.hpp"
#include "rules/model/target.hpp"

namespace carve::explain {

enum class Relaxation : std::uint8_t {
#define RELAXATION(id, label, name, words, transform) id,
#include "questions/explain/relaxations.def"
#undef RELAXATION
};

struct RelaxationInfo {
  Relaxation id;
  std::string_view label;  // the statement's key in model::Rules::label
  std::string_view name;   // "Φ_root"
  std::string_view words;  // what the rule becomes
};

// Every row, in the table's order.
const std::vector<RelaxationInfo>& relaxation_table();
const RelaxationInfo& info(Relaxation r);
// The rules record with one row's rule switched off.
void relax(Relaxation r, model::Game& game);

// A def's relaxation: the rows whose statement `def` holds and whose transform changes the rules.
std::vector<Relaxation> relaxations_of(const model::Game& game, const std::string& def);
// A copy of the game with every one of these defs relaxed.
model::Game relaxed_game(const model::Game& game, const std::vector<std::string>& defs);
// The target as a relaxed game asks for it: a typed target loses its types when the rules no
// longer compare them (the isomorphism relaxed), the same graph otherwise unchanged.
model::Target relaxed_target(const model::Game& relaxed, const model::Target& target);
// "Φ_root: a collapse path may start and end anywhere, not only at the root; ..." for a def.
std::string relaxation_words(const std::vector<Relaxation>& rows);

}  // namespace carve::explain
