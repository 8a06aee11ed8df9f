// The symbolic engines' refusals, named for the route that asks.
#include "encoder/rules_support.hpp"

#include "encoder/hypergraph_encoding.hpp"
#include "encoder/tree_encoding.hpp"

namespace carve::encoder {

namespace support {
std::string victory_words(const model::Game& game) {
  const auto& v = game.rules.victory;
  std::string out = v.scope == model::Victory::Scope::RootComponent ? "the root's component" : "any finite component";
  out += v.relation == model::Victory::Relation::Contains ? " containing a copy of the target" : " isomorphic to the target";
  if (game.rules.typed_isomorphism()) out += ", edge types kept (iso=typed)";
  return out;
}
}  // namespace support

std::optional<model::Refusal> symbolic_refusal(const model::Game& game, const model::Target& target, const std::string& engine) {
  auto r = game.universe.kind == model::Universe::Kind::WordTree ? TreeEncoding::refusal(game, target)
                                                                   : HypergraphEncoding::refusal(game, target);
  if (r) {
    r->engine = engine;
    if (r->hint.empty()) r->hint = "use --engine explicit";
  }
  return r;
}

}  // namespace carve::encoder
