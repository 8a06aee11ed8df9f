// The symbolic engines' refusals, named for the route that asks.
#include "engines/sat/search/rules_support.hpp"

#include "engines/sat/hypergraph/hypergraph_encoding.hpp"
#include "engines/sat/tree/tree_encoding.hpp"

namespace carve::encoder {

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
