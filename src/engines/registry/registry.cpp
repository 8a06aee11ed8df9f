// The engine registry: explicit search supports every rules record; the symbolic engines and
// routes ask the encodings (engines/sat/search/rules_support.hpp), the shape engine its own encoding.
#include "engines/registry/registry.hpp"

#include <stdexcept>

#include "engines/sat/search/rules_support.hpp"
#include "engines/sat/shape/shape_encoding.hpp"

namespace carve::engines {

std::optional<model::Refusal> refusal(Engine engine, const model::Game& game, const model::Target& target) {
  switch (engine) {
    case Engine::Auto:
    case Engine::Explicit: return std::nullopt;
    case Engine::Sat:
    case Engine::Smt: return encoder::symbolic_refusal(game, target, elab::name(engine));
    case Engine::Shape: {
      auto r = encoder::ShapeEncoding::refusal(game, target);
      if (r) {
        r->engine = "shape (--depth any)";
        r->hint = "ask within a depth bound (--depth D)";
      }
      return r;
    }
  }
  throw std::logic_error("engines::refusal: an engine without its case");
}

std::optional<model::Refusal> refusal(Route route, const model::Game& game, const model::Target& target) {
  return encoder::symbolic_refusal(game, target, route == Route::Export ? "export" : "certificate");
}

Engine choose(Engine engine, const model::Game& game, const model::Target& target) {
  if (engine != Engine::Auto) return engine;
  for (const Engine e : elab::automatic())
    if (!refusal(e, game, target)) return e;
  throw std::logic_error("engines::choose: no engine supports these rules (explicit search supports all)");
}

}  // namespace carve::engines
