// A configuration S_t = (G_t, ρ_t) and a turn's move.
// Invariants: `inherent` has one bit per inherent edge of the universe (set = still present);
// `virtuals` is sorted and duplicate-free (E_{V,t} is a set); every VirtualEdge's `vertices` is
// its slots sorted and deduplicated.
#pragma once
#include <compare>
#include <optional>
#include <string>
#include <vector>

#include <boost/dynamic_bitset.hpp>

#include "rules/model/game.hpp"

namespace carve::model {

struct EdgeElement {                 // an element of E_Ω or U, as the document writes it
  std::string op;                    // "T", "V" (000 pairs), "Theta", "Omega"
  std::vector<VertexId> slots;       // 000: the pair, sorted; 001: the 5-tuple
  std::vector<VertexId> vertices;    // V(e)
  static EdgeElement make(std::string op, std::vector<VertexId> slots);
  auto operator<=>(const EdgeElement& o) const { return slots <=> o.slots; }
  bool operator==(const EdgeElement& o) const { return slots == o.slots; }
};

struct State {
  boost::dynamic_bitset<> inherent;
  std::vector<EdgeElement> virtuals;
  VertexId root = 0;
  bool operator==(const State&) const = default;
};

State initial_state(const Game& game);

// A collapse path as the player gives it: v_0 .. v_k and, for each step, the edge taken.
struct CollapsePath {
  std::vector<VertexId> vertices;
  std::vector<EdgeElement> edges;    // edges[i] joins vertices[i] and vertices[i+1]
};

struct Move {
  EdgeElement added;                    // e_new
  std::optional<CollapsePath> collapse; // none: the player claims stability (R = ∅)
  std::optional<VertexId> new_root;     // the succession choice; none: keep ρ_t
};

std::string vertex_name(const Game& game, VertexId v);
std::string edge_name(const Game& game, const EdgeElement& e);   // "{0, 1}" or "Theta(...)"
std::string move_text(const Game& game, const Move& m);           // DSL `turn` syntax

}  // namespace carve::model
