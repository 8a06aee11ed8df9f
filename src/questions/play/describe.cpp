// States in words and JSON, from model::components and the states apply_turn produced.
#include "questions/play/describe.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "rules/model/target_echo.hpp"

namespace carve::play {

using nlohmann::json;

json vertex_json(const model::Game& game, model::VertexId v) { return {{"id", v}, {"name", model::vertex_name(game, v)}}; }

std::string edge_key(const model::EdgeElement& e) {
  std::string key = e.op + ":";
  for (std::size_t i = 0; i < e.slots.size(); ++i) key += (i ? "," : "") + std::to_string(e.slots[i]);
  return key;
}

json edge_json(const model::Game& game, const model::EdgeElement& e, model::EdgeType type) {
  return {{"key", edge_key(e)},
          {"op", e.op},
          {"type", type == model::EdgeType::T ? "T" : "V"},
          {"name", model::edge_name(game, e)},
          {"slots", e.slots},
          {"vertices", e.vertices}};
}

json component_json(const model::Game& game, const model::Component& c, bool wins) {
  json vs = json::array(), es = json::array();
  for (auto v : c.vertices) vs.push_back(vertex_json(game, v));
  for (std::size_t i = 0; i < c.edges.size(); ++i)
    es.push_back(edge_json(game, c.edges[i], i < c.types.size() ? c.types[i] : model::EdgeType::T));
  return {{"finite", c.finite}, {"vertices", vs}, {"edges", es}, {"wins", wins}};
}

std::optional<Won> victory_at(const model::Game& game, const model::State& state, const model::Target* target, int turn) {
  if (!target) return std::nullopt;
  if (turn == 0 && game.rules.reading.start_win == model::sw::StartWin::No) return std::nullopt;
  auto c = model::winning_component(game, state, *target);
  if (!c) return std::nullopt;
  return Won{turn, *c};
}

namespace {
std::string names_of(const model::Game& game, const std::vector<model::VertexId>& vs) {
  std::string out;
  for (auto v : vs) out += (out.empty() ? "" : ", ") + model::vertex_name(game, v);
  return "{" + out + "}";
}
}  // namespace

std::string won_text(const model::Game& game, const Won& w, const model::Target& target) {
  return fmt::format("won at turn {}: component {} ≅ {}", w.turn, names_of(game, w.component.vertices), model::target_label(target));
}

json won_json(const model::Game& game, const Won& w, const model::Target& target) {
  return {{"turn", w.turn},
          {"target", model::target_label(target)},
          {"component", component_json(game, w.component, true)},
          {"text", won_text(game, w, target)}};
}

std::vector<std::pair<model::EdgeElement, model::EdgeType>> removed_edges(const model::Game& game, const model::State& before,
                                                                           const model::State& after, const model::Move& move) {
  std::vector<std::pair<model::EdgeElement, model::EdgeType>> out;
  const auto& u = game.universe;
  for (auto i = before.inherent.find_first(); i != boost::dynamic_bitset<>::npos; i = before.inherent.find_next(i))
    if (!after.inherent.test(i)) out.emplace_back(model::EdgeElement{u.inherent[i].op, u.inherent[i].slots, u.inherent[i].vertices}, model::EdgeType::T);
  auto present_after = [&](const model::EdgeElement& e) { return std::binary_search(after.virtuals.begin(), after.virtuals.end(), e); };
  for (const auto& e : before.virtuals)
    if (!present_after(e)) out.emplace_back(e, model::EdgeType::V);
  // A fresh e_new that the collapse took: never present, and removed by the turn all the same.
  const bool fresh = !std::binary_search(before.virtuals.begin(), before.virtuals.end(), move.added);
  if (fresh && move.collapse && !present_after(move.added)) out.emplace_back(move.added, model::EdgeType::V);
  return out;
}

json state_json(const model::Game& game, const model::State& state, const model::Target* target, const std::optional<Won>& won) {
  json comps = json::array();
  for (const auto& c : model::components(game, state)) {
    const bool wins = won && c.vertices == won->component.vertices;
    comps.push_back(component_json(game, c, wins));
  }
  json j{{"root", vertex_json(game, state.root)}, {"components", comps}};
  j["won"] = won && target ? won_json(game, *won, *target) : json(nullptr);
  return j;
}

namespace {
std::string name_list(const json& vertices) {
  std::string out;
  for (const auto& v : vertices) out += (out.empty() ? "" : ", ") + v["name"].get<std::string>();
  return "{" + out + "}";
}
// "{lambda, 0, 1, ...}": at most `most` names, the first ones.
std::string first_names(const json& vertices, std::size_t most) {
  std::string out;
  for (std::size_t i = 0; i < vertices.size() && i < most; ++i) out += (i ? ", " : "") + vertices[i]["name"].get<std::string>();
  return "{" + out + (vertices.size() > most ? ", ...}" : "}");
}

std::string edge_list(const json& edges) {
  std::string out;
  for (const auto& e : edges) out += (out.empty() ? "" : ", ") + e["name"].get<std::string>() + " " + e["type"].get<std::string>();
  return out.empty() ? "no edge" : out;
}
}  // namespace

std::string state_words(const json& state) {
  const auto root_id = state["root"]["id"].get<model::VertexId>();
  std::string out = "root " + state["root"]["name"].get<std::string>() + "\n";
  std::size_t finite = 0;
  for (const auto& c : state["components"]) finite += c["finite"].get<bool>();
  for (const auto& c : state["components"]) {
    bool has_root = false;
    for (const auto& v : c["vertices"]) has_root |= v["id"].get<model::VertexId>() == root_id;
    if (c["finite"].get<bool>()) {
      out += fmt::format("finite component {}: {}{}{}\n", name_list(c["vertices"]), edge_list(c["edges"]), has_root ? " (the root's)" : "",
                         c["wins"].get<bool>() ? " -- wins" : "");
    } else {
      const auto n = c["vertices"].size();
      out += fmt::format("infinite component: {} {} in scope {}{}, joined to a part no move may touch\n", n, n == 1 ? "vertex" : "vertices",
                         first_names(c["vertices"], 8), has_root ? " (the root's)" : "");
    }
  }
  if (finite == 0) out += "no finite component\n";
  if (!state["won"].is_null()) out += state["won"]["text"].get<std::string>() + "\n";
  return out;
}

json turn_json(const model::Game& game, int turn, const model::Move& move, const model::State& before, const model::State& after,
               const model::Target* target, const std::optional<Won>& won) {
  json removed = json::array();
  for (const auto& [e, type] : removed_edges(game, before, after, move)) removed.push_back(edge_json(game, e, type));
  return {{"turn", turn},
          {"move", model::move_text(game, move)},
          {"removed", removed},
          {"root_before", vertex_json(game, before.root)},
          {"state", state_json(game, after, target, won)}};
}

std::string turn_words(const json& turn) {
  std::string out = fmt::format("after turn {}: {}\n", turn["turn"].get<int>(), turn["move"].get<std::string>());
  out += "removed " + edge_list(turn["removed"]) + "\n";
  const auto& s = turn["state"];
  if (s["root"]["id"] != turn["root_before"]["id"])
    out += fmt::format("the root moved from {} to {}\n", turn["root_before"]["name"].get<std::string>(), s["root"]["name"].get<std::string>());
  return out + state_words(s);
}

}  // namespace carve::play
