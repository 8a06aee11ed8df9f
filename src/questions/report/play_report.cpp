// The writer of a play (play_report.hpp).
#include "questions/report/play_report.hpp"

#include <fmt/format.h>

#include "rules/model/state.hpp"

namespace carve::report {

nlohmann::json move_json(const model::Game& game, const model::Move& m, int turn) {
  nlohmann::json j;
  j["turn"] = turn;
  j["add"] = model::edge_name(game, m.added);
  if (m.collapse) {
    std::vector<std::string> vs;
    for (auto v : m.collapse->vertices) vs.push_back(model::vertex_name(game, v));
    j["collapse"] = vs;
    std::vector<std::string> es;
    for (const auto& e : m.collapse->edges) es.push_back(model::edge_name(game, e));
    j["collapse_edges"] = es;
  } else {
    j["collapse"] = "stable";
  }
  j["root"] = m.new_root ? nlohmann::json(model::vertex_name(game, *m.new_root)) : nlohmann::json(nullptr);
  j["text"] = model::move_text(game, m);
  return j;
}

nlohmann::json play_json(const model::Game& game, const std::vector<model::Move>& play) {
  nlohmann::json moves = nlohmann::json::array();
  for (std::size_t i = 0; i < play.size(); ++i) moves.push_back(move_json(game, play[i], static_cast<int>(i) + 1));
  return moves;
}

std::string play_lines(const std::vector<std::string>& move_texts, const std::string& indent) {
  std::string out;
  for (std::size_t i = 0; i < move_texts.size(); ++i) out += fmt::format("{}{:>2}. {}\n", indent, i + 1, move_texts[i]);
  return out;
}

std::string play_lines(const model::Game& game, const std::vector<model::Move>& play, const std::string& indent) {
  std::vector<std::string> texts;
  for (const auto& m : play) texts.push_back(model::move_text(game, m));
  return play_lines(texts, indent);
}

}  // namespace carve::report
