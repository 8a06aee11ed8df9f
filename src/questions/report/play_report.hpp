// A play as every report writes it: an answer's witness, diff's distinguishing play, explain's
// counterfactual witness, the atlas's and split's recorded witnesses. JSON: its moves numbered from
// turn 1 (move_json); text: one line a move, "   1. turn ...", under the indentation its report gives.
// Invariant: a move's words are model::move_text's in the vertex names of the game it was played
// in, so the same play reads the same in every report (tests/cli: AnswerWriter.*).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/model/game.hpp"
#include "rules/model/state.hpp"

namespace carve::report {

// One move at turn `turn`: {turn, add, collapse (vertices or "stable"), collapse_edges, root, text}.
nlohmann::json move_json(const model::Game& game, const model::Move& m, int turn);
nlohmann::json play_json(const model::Game& game, const std::vector<model::Move>& play);
// "  1. turn words" a line; `indent` opens each line.
std::string play_lines(const model::Game& game, const std::vector<model::Move>& play, const std::string& indent = "  ");
// The same lines from moves already in words (a record's witness: its moves' `text`).
std::string play_lines(const std::vector<std::string>& move_texts, const std::string& indent = "  ");

}  // namespace carve::report
