// A state of a carving game described for a person and for a program: its components (the
// finite ones with their vertices and edges by name, the one joined to the untouched infinite
// part said to be infinite), the root, the victory, and what a turn removed. One describer serves
// `carve play` (its JSON view and its words) and `carve replay --states`.
// Invariant: everything described is computed by the reference semantics (model::components,
// model::winning_component, the states apply_turn produced); nothing here judges a move.
//
// JSON shapes (docs/play.md, "The API"):
//   vertex    {"id": 3, "name": "01"}                        id: the universe's VertexId
//   edge      {"key": "T:0,1", "op": "T", "type": "T"|"V", "name": "{lambda, 0}",
//              "slots": [ids as written], "vertices": [ids of V(e)]}
//              key: op, ':' and the slots' ids joined by ',' -- one key per edge element
//   component {"finite": bool, "vertices": [vertex], "edges": [edge], "wins": bool}
//   state     {"root": vertex, "components": [component], "won": null | won}
//   won       {"turn": N, "target": "P3", "component": component, "text": "won at turn N: ..."}
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/model/semantics.hpp"
#include "rules/model/target.hpp"
#include "rules/model/victory.hpp"

namespace carve::play {

nlohmann::json vertex_json(const model::Game& game, model::VertexId v);
nlohmann::json edge_json(const model::Game& game, const model::EdgeElement& e, model::EdgeType type);
// The edge's identity in JSON ("T:0,1"): what a picture keys its highlight by.
std::string edge_key(const model::EdgeElement& e);
nlohmann::json component_json(const model::Game& game, const model::Component& c, bool wins);

// The victory after a turn: the first turn after which a winning component exists.
struct Won {
  int turn = 0;
  model::Component component;
};
// The winning component in `state`, if any -- under start-win, S_0 counts only when the reading
// says it does (turn == 0 and start-win=no: never).
std::optional<Won> victory_at(const model::Game& game, const model::State& state, const model::Target* target, int turn);
nlohmann::json won_json(const model::Game& game, const Won& w, const model::Target& target);
// "won at turn 2: component {0, 00, 01} ≅ P3"
std::string won_text(const model::Game& game, const Won& w, const model::Target& target);

// The edges a turn removed: E_t ∪ {e_new} minus E_{t+1}, each with its type (a fresh e_new that
// the collapse took is among them).
std::vector<std::pair<model::EdgeElement, model::EdgeType>> removed_edges(const model::Game& game, const model::State& before,
                                                                           const model::State& after, const model::Move& move);

// {"root", "components", "won"} of one state; `won` is passed in (it depends on the play).
nlohmann::json state_json(const model::Game& game, const model::State& state, const model::Target* target,
                          const std::optional<Won>& won);
// The same in words, one line per component:
//   root 0
//   finite component {0, 00, 01}: edges {0, 00} T, {0, 01} T   (wins: ≅ P3)
//   infinite component: 27 vertices in scope, λ among them, joined to the tree below depth 4
std::string state_words(const nlohmann::json& state);
// One turn of a replayed play for `replay --states`: its move, the edges it removed and the state
// after it, as JSON and as words.
nlohmann::json turn_json(const model::Game& game, int turn, const model::Move& move, const model::State& before,
                         const model::State& after, const model::Target* target, const std::optional<Won>& won);
std::string turn_words(const nlohmann::json& turn);

}  // namespace carve::play
