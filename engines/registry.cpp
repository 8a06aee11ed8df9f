// The engine registry: explicit search supports every rules record; the symbolic engines and
// routes ask the encodings (encoder/rules_support.hpp), the shape engine its own encoding.
#include "engines/registry.hpp"

#include <stdexcept>

#include "encoder/rules_support.hpp"
#include "encoder/shape_encoding.hpp"

namespace carve::engines {

const std::vector<std::string>& names() {
  static const std::vector<std::string> all{"sat", "explicit", "smt"};
  return all;
}

std::optional<model::Refusal> refusal(const std::string& engine, const model::Game& game, const model::Target& target) {
  if (engine == "explicit") return std::nullopt;
  if (engine == "shape") {
    auto r = encoder::ShapeEncoding::refusal(game, target);
    if (r) {
      r->engine = "shape (--depth any)";
      r->hint = "ask within a depth bound (--depth D)";
    }
    return r;
  }
  if (engine == "sat" || engine == "smt" || engine == "export" || engine == "certificate")
    return encoder::symbolic_refusal(game, target, engine);
  throw std::logic_error("engines::refusal: unknown engine " + engine);
}

std::string choose(const std::string& engine, const model::Game& game, const model::Target& target) {
  if (!engine.empty() && engine != "auto") return engine;
  for (const auto& e : names())
    if (!refusal(e, game, target)) return e;
  throw std::logic_error("engines::choose: no engine supports these rules (explicit search supports all)");
}

}  // namespace carve::engines
