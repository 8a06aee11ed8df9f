// What the symbolic engines encode exactly: each encoding's refusal (TreeEncoding::refusal,
// HypergraphEncoding::refusal) under the name of the engine or route that would use it.
// Invariant: sat_search, carve export and the certificates are only ever run on rules for
// which this returns nothing; sat_search throws std::logic_error otherwise (a bug in carve).
#pragma once
#include <optional>
#include <string>

#include "rules/model/game.hpp"
#include "rules/model/refusal.hpp"
#include "rules/model/target.hpp"

namespace carve::encoder {

// `engine` names the route in the message: "sat", "smt", "export" or "certificate".
std::optional<model::Refusal> symbolic_refusal(const model::Game& game, const model::Target& target, const std::string& engine);

}  // namespace carve::encoder
