// The engines that decide carving questions (rules/elaborate/engines.def), one adapter a row
// (adapter.hpp), and which rules records each supports. Asked before any work: an engine that does
// not encode a question's rules exactly is refused by name (exit code 2, the rule and the engine in
// the message), and `auto` picks the fastest engine that supports them.
// Invariant: adapter(e).engine() == e for every engine; choose() returns an engine whose
// refusal() is empty (never Auto), or throws.
#pragma once
#include <optional>
#include <string>

#include "engines/registry/adapter.hpp"
#include "rules/elaborate/engine.hpp"
#include "rules/model/game.hpp"
#include "rules/model/refusal.hpp"
#include "rules/model/target.hpp"

namespace carve::engines {

using elab::Engine;

// The routes beside the engines that need the sat encoding's exactness: carve export's formula,
// and a certificate of a no-win.
enum class Route { Export, Certificate };

// The adapter of `engine`: the table's row.
const Adapter& adapter(Engine engine);

// Why `engine` (shape: the infinite tree, --depth any) does not decide questions under these
// rules; nothing when it does (adapter(engine).supports). Auto is never refused (it chooses).
std::optional<model::Refusal> refusal(Engine engine, const model::Game& game, const model::Target& target);
std::optional<model::Refusal> refusal(Route route, const model::Game& game, const model::Target& target);

// Auto becomes the fastest engine that supports the rules (rules/elaborate/engines.def's order: sat --
// CaDiCaL decides most questions fastest, and certifies its no-wins -- else explicit search,
// which runs the reference semantics itself and supports every rules record). Another engine
// is returned as it is (its refusal is the caller's to ask).
Engine choose(Engine engine, const model::Game& game, const model::Target& target);

}  // namespace carve::engines
