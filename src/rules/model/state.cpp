// Construction of S_0 and the textual forms of vertices, edges and moves.
#include "rules/model/state.hpp"

#include <algorithm>

namespace carve::model {

EdgeElement EdgeElement::make(std::string op, std::vector<VertexId> slots) {
  EdgeElement e;
  e.op = std::move(op);
  if (e.op == "V" || e.op == "T") std::sort(slots.begin(), slots.end());
  e.slots = slots;
  std::sort(slots.begin(), slots.end());
  slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
  e.vertices = std::move(slots);
  return e;
}

State initial_state(const Game& game) {
  State s;
  s.inherent.resize(game.universe.inherent.size());
  s.inherent.set();
  s.root = game.initial_root;
  return s;
}

std::string vertex_name(const Game& game, VertexId v) {
  return v < game.universe.size() ? game.universe.names[v] : "?" + std::to_string(v);
}

std::string edge_name(const Game& game, const EdgeElement& e) {
  std::string s;
  const bool pair = e.op == "V" || e.op == "T";
  s += pair ? "{" : e.op + "(";
  for (std::size_t i = 0; i < e.slots.size(); ++i) s += (i ? ", " : "") + vertex_name(game, e.slots[i]);
  s += pair ? "}" : ")";
  return s;
}

std::string move_text(const Game& game, const Move& m) {
  std::string s = "turn add " + edge_name(game, m.added);
  if (!m.collapse) {
    s += " stable";
  } else {
    s += " collapse (";
    const bool pairs = game.rules.construct == Rules::Construct::Pair;
    for (std::size_t i = 0; i < m.collapse->vertices.size(); ++i) {
      if (i) s += ", ";
      if (!pairs && i > 0 && i - 1 < m.collapse->edges.size()) s += edge_name(game, m.collapse->edges[i - 1]) + ", ";
      s += vertex_name(game, m.collapse->vertices[i]);
    }
    s += ")";
  }
  if (m.new_root) s += " root " + vertex_name(game, *m.new_root);
  return s + ";";
}

}  // namespace carve::model
