// The engines that decide carving questions, and which rules records each supports. Asked
// before any work: an engine that does not encode a question's rules exactly is refused by
// name (exit code 2, the rule and the engine in the message), and `auto` picks the fastest
// engine that supports them.
// Invariant: choose() returns an engine whose refusal() is empty, or throws InputError.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/game.hpp"
#include "model/refusal.hpp"
#include "model/target.hpp"

namespace carve::engines {

// The engines, in the order `auto` prefers them.
const std::vector<std::string>& names();

// Why `engine` (explicit, sat, smt, shape -- the infinite tree, --depth any) or route (export,
// certificate) does not decide questions under these rules; nothing when it does. `shape` is
// never chosen by `auto` (it answers another question: the tree without a depth bound).
std::optional<model::Refusal> refusal(const std::string& engine, const model::Game& game, const model::Target& target);

// "auto" (or empty) becomes the fastest engine that supports the rules: sat (CaDiCaL decides
// most questions fastest, and certifies its no-wins), else explicit search, which runs the
// reference semantics itself and supports every rules record. A named engine is returned as
// it is, or refused with its reason.
std::string choose(const std::string& engine, const model::Game& game, const model::Target& target);

}  // namespace carve::engines
