// The universe of a carving game: its vertices and its inherent edges E_Ω, each inherent edge
// with the vertex it concludes (the child in 000, concl(e) in 001), so that "child edges",
// "parent edge" and Gen(v) are all expressible.
// Invariants: every inherent edge's `vertices` is sorted, duplicate-free and a subset of the
// vertex ids; `slots` is the edge as the document writes it (000: the pair (parent, child);
// 001: the 5-tuple); `frontier[v]` is true exactly for vertices that always stay joined to an
// infinite part no move may touch (000: the nodes at the depth bound).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rules/model/word_tree.hpp"

namespace carve::model {

using VertexId = std::uint32_t;

// A vertex's sort: 0 for a tree node, i + 1 for a formula of the i-th declared formula predicate.
using Sort = std::uint8_t;

struct InherentEdge {
  std::string op;                 // "T" for a tree edge, "Theta" / "Omega" in 001
  std::vector<VertexId> slots;    // the element of E_Ω as written
  std::vector<VertexId> vertices; // V(e), sorted and unique
  VertexId conclusion;            // the vertex this edge generates
};

struct Universe {
  enum class Kind { WordTree, Deduction } kind = Kind::WordTree;
  std::vector<std::string> names;   // printable vertex names ("lambda", "0110", "Delta(x,y,z)")
  std::vector<Sort> sorts;
  std::vector<std::string> sort_names;  // sort_names[i] names sort i ("node", "Delta", "Nabla")
  std::vector<bool> in_universe;    // 001: membership of F*; false for formulas outside F*
  std::vector<bool> frontier;
  std::vector<InherentEdge> inherent;
  std::vector<std::vector<std::uint32_t>> inherent_at;  // vertex -> inherent edges containing it
  std::map<std::vector<VertexId>, std::uint32_t> inherent_by_slots;
  std::map<std::string, VertexId> by_name;

  // 000: the depth bound D (vertices are the words of length <= D) and the alphabet, in the
  // order of each node's children (rules/model/word_tree.hpp).
  int depth = -1;
  std::string alphabet;
  // 001: statistics of the least fixed point.
  int rounds = 0;
  std::size_t axioms = 0;           // |𝒜|: the well-formed axiom instances; F* = 𝒜 when no rule adds a formula
  std::size_t variables = 0;
  std::size_t formulas_total = 0;   // |F_Δ| + |F_∇| over the given variables

  std::size_t size() const { return names.size(); }
  VertexId add_vertex(const std::string& name, Sort sort, bool in_universe_flag, bool frontier_flag);
  std::uint32_t add_inherent(std::string op, std::vector<VertexId> slots, VertexId conclusion);
};

// 000 Def 1.1 truncated to the words over `alphabet` (checked by alphabet_error) of length
// <= depth; the nodes at that depth are the frontier (rules/model/word_tree.cpp).
Universe word_tree_universe(const std::string& alphabet, int depth);
// The documents' own tree, over "01".
Universe binary_tree_universe(int depth);

}  // namespace carve::model
