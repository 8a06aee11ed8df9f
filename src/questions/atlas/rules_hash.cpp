// The rules record as one line of text per field, then SHA-256 (foundations/files/sha256.hpp).
#include "questions/atlas/rules_hash.hpp"

#include <fmt/format.h>

#include "foundations/files/sha256.hpp"

namespace carve::atlas {

std::string rules_text(const model::Game& game) {
  const auto& r = game.rules;
  std::string t = fmt::format("document {}\nspec {}\nreading {}\ndensity {}\n", game.document, game.spec_name, game.reading(),
                              r.density_pattern);
  t += fmt::format("construct {}\nsuccession trigger_by_conclusion={} eligible_by_conclusion={} choice={}\n",
                   static_cast<int>(r.construct), r.succession.trigger_by_conclusion, r.succession.eligible_by_conclusion,
                   static_cast<int>(r.succession.choice));
  t += fmt::format("victory scope={} relation={} match={}\n", static_cast<int>(r.victory.scope),
                   static_cast<int>(r.victory.relation), static_cast<int>(r.victory.match));
  for (const auto& op : r.operators) t += fmt::format("operator {}\n", op.name);
  const auto& u = game.universe;
  if (u.kind == model::Universe::Kind::WordTree)
    t += fmt::format("scope word-tree alphabet={} depth={}\n", u.alphabet, u.depth);
  else
    t += fmt::format("scope deduction variables={} formulas={} inherent={}\n", u.variables, u.size(), u.inherent.size());
  return t;
}

std::string rules_sha256(const model::Game& game) { return parser::sha256_hex(rules_text(game)); }

}  // namespace carve::atlas
