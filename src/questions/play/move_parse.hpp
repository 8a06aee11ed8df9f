// Vertices, edges and collapse paths as a person types them, in the DSL's own syntax (lambda or
// λ, words such as 01, formulas such as Delta(x,x,x) or Δ(x,x,x), Theta(...) tuples), resolved
// against the game's universe by the case reader's own resolution (elab::resolve_vertex,
// resolve_edge) -- one grammar for case files and for carve play.
// Invariant: a text either resolves to exactly the element a case file writing it would name,
// or is an Error (bad_request) saying what is wrong; nothing here judges legality.
#pragma once
#include <string>
#include <variant>
#include <vector>

#include "rules/model/state.hpp"
#include "questions/play/error.hpp"

namespace carve::play {

std::variant<model::VertexId, Error> parse_vertex(const model::Game& game, const std::string& text);
// 001: an operator tuple "Theta(...)"; 000: "{u, v}" or "u v". Also an edge key ("Theta:4,1,1,1,2",
// questions/play/describe.hpp's edge_key).
std::variant<model::EdgeElement, Error> parse_edge(const model::Game& game, const std::string& text);
// A collapse path's steps: vertices (000), or vertices and edges alternating (001).
std::variant<model::CollapsePath, Error> parse_path(const model::Game& game, const std::vector<std::string>& steps);

}  // namespace carve::play
