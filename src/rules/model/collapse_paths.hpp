// The legal collapse paths ℛ(S_t, e_new) of a view G': legality of a given path, existence of
// one, and enumeration of the distinct edge sets E(P) they remove.
// Invariant: every routine here decides "legal" the same way — a path starts or ends at the
// root (Φ_root), uses e_new (Φ_inc), its edge-type sequence -- read from its first vertex to its
// last -- is accepted by the density automaton (Φ_dense), and it respects the path kind in force;
// a predicate the rules switch off (Rules::relaxed, carve explain) is not asked -- without Φ_root
// paths are searched from every vertex, and a simple-or-cycle path still closes only at the root.
// Paths are searched from the root: the kinds are closed under reversal, so a path ending at the
// root is the reverse of one starting there, and the search reads types with
// DensityAutomaton::from_root() (accepting w when w or its reverse avoids the pattern). Every
// path handed out is oriented so that its own type sequence avoids the pattern: reversed when
// only its reverse does (then it ends at the root). The two have the same edge set.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/dynamic_bitset.hpp>

#include "foundations/limits/budget.hpp"
#include "rules/model/edge_set.hpp"
#include "rules/model/graph_view.hpp"

namespace carve::model {

struct ViewPath {
  std::vector<VertexId> vertices;
  std::vector<std::uint32_t> edges;  // indices into GraphView::edges()
};

// The run's budget (foundations/limits/budget.hpp): every enumeration here ticks it, and a search that
// exceeds it throws SearchLimit, which callers answer with `unknown` and its reason.
using SearchLimit = limits::LimitReached;
using Budget = limits::Budget;

class CollapsePaths {
 public:
  CollapsePaths(const Game& game, const GraphView& view, VertexId root);

  // nullopt if the path is in ℛ; otherwise the reason it is not.
  std::optional<std::string> violation(const ViewPath& p) const;
  // Some legal path, if ℛ ≠ ∅ (in a view of any size).
  std::optional<ViewPath> find_any(Budget& budget) const;
  // Calls visit once per distinct E(P) (as a bitset over the view's edges) with one path
  // realising it; visit returns false to stop. Views of more than EdgeSet::kCapacity edges
  // throw SearchLimit.
  void for_each_removal(Budget& budget,
                        const std::function<bool(const EdgeSet&, const ViewPath&)>& visit) const;
  // The path as reported: reversed when its types, read from the root, avoid only the reversed pattern.
  ViewPath oriented(const ViewPath& p) const;

 private:
  // for_each_removal over any set type (EdgeSet, WideEdgeSet).
  template <class Set, class Visit>
  void enumerate(Budget& budget, Visit&& visit) const;
  // enumerate's depth-first search: its path, the edge sets reported so far (collapse_paths.cpp).
  template <class Set, class Visit>
  class Enumeration;
  // The vertices reachable from v along view edge e (every other member of V(e); v itself for a loop).
  template <class F>
  void neighbours(VertexId v, std::uint32_t e, F&& f) const;
  // Where a search starts: the root, or every vertex when Φ_root is off.
  std::vector<VertexId> starts() const;
  // Whether a step along view edge e meets Φ_inc: it is e_new, or Φ_inc is off.
  bool satisfies_inc(std::uint32_t e) const;

  const Game& game_;
  const GraphView& view_;
  VertexId root_;
  bool one_way_;  // the pattern's language is not closed under reversal: paths need orienting
};

// A collapse path an engine found from the root, reading its types with from_root(), oriented
// as CollapsePaths hands paths out: reversed (vertices and edges) when its own type sequence
// avoids only the reversed pattern.
void orient(const Rules& rules, const std::vector<EdgeType>& types_from_root, CollapsePath& path);

}  // namespace carve::model
