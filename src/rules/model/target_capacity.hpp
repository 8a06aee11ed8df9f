// The capacity theorem of document 001: a target that needs more parallel elements on one set of
// formulas than the operators can ever give it is carved by no play, of any length, under any
// reading or relaxation that keeps the universe's operators (carve explain's included).
//   Every element of a state is a distinct operator tuple (E_Ω's, or a virtual e_new ∉ E_Ω;
//   duplicate=merge adds none twice). A component that is, or contains, the target maps the
//   target's m edges on one k-set S of its vertices to m distinct elements whose vertex set is
//   exactly the image of S (same size, injective: rules/model/victory.cpp). An element on a
//   k-set V is an operator whose slots map onto V, each slot to a formula of the slot's sort.
//   So if for every assignment of sorts to k distinct formulas the operators' surjective,
//   sort-respecting slot maps onto them number fewer than m, no state holds the target.
// The count is an upper bound (it does not ask which formulas exist), which is what makes the
// theorem sound for every universe, F* or every well-formed formula (virtual-scope=formulas).
// Invariant: a gap is reported only when, for its k, the largest count over every sort
// assignment is below the target's largest number of edges sharing one k-set.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rules/model/game.hpp"
#include "rules/model/target.hpp"

namespace carve::model {

struct CapacityGap {
  std::size_t set_size = 0;           // k: the size of the target's vertex set with most parallel edges
  std::size_t needed = 0;             // m: the target's edges on one such set
  std::size_t most = 0;               // the largest number of elements any k formulas can carry
  std::vector<std::string> sorts;     // a sort assignment reaching `most`
  std::string words;                  // the theorem's instance, in words
};

// Sort-respecting surjective maps of `slot_sorts` onto k vertices of sorts `vertex_sorts`
// (inclusion-exclusion over the vertices left out).
std::size_t surjective_slot_maps(const std::vector<std::string>& slot_sorts, const std::vector<std::string>& vertex_sorts);

// The gap, if any (document 001 only: the word trees' targets are graphs, nothing parallel).
std::optional<CapacityGap> capacity_gap(const Game& game, const Target& target);

}  // namespace carve::model
