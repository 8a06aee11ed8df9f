// The finite scope of a document-001 play of at most k turns, as the SAT encoding sees it: the
// vertices a move may mention, and the edge elements a frame carries (E_Ω, then the virtual
// tuples the construction rule allows, a few per vertex set).
//
// Invariant (exactness; the argument is in hyper_scope.cpp and docs/sat-encoding-001.md): every
// legal play of at most k turns is, up to an automorphism of the game that fixes ρ_0, a play
// whose virtual edges are elements listed here and whose new roots are candidate vertices; so
// the answer "is the target reachable within k turns" is the same in the scope as in the game.
// Elements are distinct elements of U (a virtual element is one tuple), each with |V(e)| >= 2.
#pragma once
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engines/answer/variable_scope.hpp"
#include "foundations/limits/budget.hpp"
#include "rules/model/state.hpp"

namespace carve::encoder {

struct HyperElement {
  model::EdgeElement edge;   // the element as the document writes it (op, slots, V(e))
  int inherent = -1;         // id in E_Ω, or -1 for a virtual tuple
};

// How far the scope is cut down. Reduced: the blocks and tuples a k-turn play can need, up to the
// automorphisms above (the search). WholeUniverse: every formula a move may mention and every
// tuple the construction rule allows -- no symmetry argument, for a DRAT certificate, which
// carries none (engines/sat/search/no_win_certificate.hpp).
enum class ScopeCut { Reduced, WholeUniverse };

// An upper bound on the virtual tuples of the whole universe: per operator, the product over its
// slots of the formulas of the slot's sort a move may mention (F*, and every formula under
// virtual-scope = formulas), summed; saturating. Cheap: no tuple is listed.
std::size_t whole_universe_tuples(const model::Game& game);

// The scope of a certified formula (engines/sat/search/no_win_certificate.hpp): the whole
// universe while whole_universe_tuples is at most kWholeUniverseTuples -- a refutation then needs
// no argument outside the proof --, else the search's reduced scope, whose refutation certifies
// the no-win with the theorem of hyper_scope.cpp (the certificate says so). Past the bound the
// whole universe's formula does not fit in a working machine (3 variables with construction
// relaxed: 14.3 million Θ tuples; 6 variables over F*: 9 GB while writing it).
inline constexpr std::size_t kWholeUniverseTuples = 200000;
ScopeCut certificate_cut(const model::Game& game);

struct HyperScope {
  std::vector<HyperElement> elements;              // E_Ω first (element i = inherent edge i), then virtual tuples
  std::size_t inherent_count = 0;
  std::vector<bool> candidate;                     // per vertex: a move may mention it
  std::vector<model::VertexId> path_vertices;      // vertices of some element, and the possible roots
  std::map<std::vector<model::VertexId>, int> by_slots;  // element tuple -> index
  std::vector<BlockClass> classes;
  int touched_blocks = 0;   // E_Ω-components of F* a k-turn play can touch (ρ_0's included)
  ScopeCut cut = ScopeCut::Reduced;
  std::size_t mentionable() const { return static_cast<std::size_t>(std::count(candidate.begin(), candidate.end(), true)); }

  bool is_virtual(std::size_t e) const { return e >= inherent_count; }
  int element_of(const std::vector<model::VertexId>& slots) const {
    auto it = by_slots.find(slots);
    return it == by_slots.end() ? -1 : it->second;
  }
};

// Throws std::logic_error if the universe is not a deduction universe or has an edge with fewer
// than two vertices (every element of U has a ∇ and a Δ slot); limits::LimitReached when the
// budget (may be null) runs out while the tuples of U are enumerated (|F*|^slots of them), or
// when the elements listed so far times `element_bytes` (what the caller's encoding needs per
// element at least; 0: not checked) would not fit in its memory ceiling.
// `root_may_be_off`: a collapse path may start away from the root (Φ_root off, or under a selector:
// carve explain), so each turn's collapse may touch one more component.
HyperScope hyper_scope(const model::Game& game, int turns, ScopeCut cut = ScopeCut::Reduced, limits::Budget* budget = nullptr,
                       std::size_t element_bytes = 0, bool root_may_be_off = false);

}  // namespace carve::encoder
