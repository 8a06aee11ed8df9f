// questions/games/multi_dag.hpp — Multi-SG games in general: document 003's "某个单一游戏的后继是多个单一游戏".
// A multi-DAG has positions 0..n-1; each option of position v is a multiset of positions below v
// (empty: the component disappears; two or more: it splits), so "后继关系满足拓扑原则" holds by
// construction. A position of the game is a sum: a sorted multiset of components.
// Invariant: every option is sorted and names only positions below its owner; multi_dags lists
// each isomorphism class once (the least code over every relabelling that keeps the options
// pointing downwards), in size order (positions + options, then positions).
#pragma once

#include <vector>

namespace carve::games {

struct MultiDag {
  std::vector<std::vector<std::vector<int>>> options;  // options[v] = sorted list of sorted multisets
  int size() const { return static_cast<int>(options.size()); }
  std::size_t option_count() const;
  bool operator==(const MultiDag&) const = default;
};

using Components = std::vector<int>;  // a sum: sorted positions, one per component

// Every multi-DAG with 1..max_positions positions whose options have at most max_parts parts,
// one per isomorphism class, by (positions + options, positions, code).
std::vector<MultiDag> multi_dags(int max_positions, int max_parts);
// The moves of a sum: one component is replaced by the parts of one of its options.
std::vector<Components> multi_dag_sum_moves(const MultiDag& g, const Components& c);
// Throws std::invalid_argument unless g keeps the invariant (user-built multi-DAGs).
void check_multi_dag(const MultiDag& g);

}  // namespace carve::games
