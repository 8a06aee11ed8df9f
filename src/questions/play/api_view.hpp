// The JSON shapes of carve play's API (documented in questions/play/api.hpp and docs/play.md): the session
// view, moves, ℛ's pages, rules, errors, hints. Made here once, for the terminal and the server.
// Invariant: a view only reads the session (Session's const queries and its cached listing of ℛ).
#pragma once
#include <nlohmann/json.hpp>

#include "questions/play/api.hpp"

namespace carve::play {

nlohmann::json rule_json(const RuleRef& r);
// {"error", "rule", "message", "text"}
nlohmann::json error_json(const Error& e);
nlohmann::json move_view(const model::Game& game, const model::Move& m, int turn);
nlohmann::json path_json(const model::Game& game, const ListedPath& p, std::size_t index);
nlohmann::json page_json(const model::Game& game, const PathsPage& page, std::size_t limit);
nlohmann::json target_view(const model::Target& t);
nlohmann::json reading_json(const model::Game& game);
nlohmann::json hint_json(const model::Game& game, const Hint& h, const model::Target& target);
nlohmann::json session_view(Session& s);

}  // namespace carve::play
