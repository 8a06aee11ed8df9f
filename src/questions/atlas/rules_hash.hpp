// The fingerprint of a rules record: what an atlas result says it was computed under, so results
// computed under different rules never pass for each other.
// Invariant: two games get the same text (and hash) exactly when they agree on the document, the
// spec, every switch value, the density pattern, succession, victory, the construction and the
// scope (alphabet and depth, or the 001 universe's size).
#pragma once
#include <string>

#include "rules/model/game.hpp"

namespace carve::atlas {

std::string rules_text(const model::Game& game);
std::string rules_sha256(const model::Game& game);  // SHA-256 of rules_text

}  // namespace carve::atlas
