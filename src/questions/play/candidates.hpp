// The e_new a player may construct in a state, listed for the page: the elements of U (000: the
// pairs of the scope's vertices; 001: every operator tuple over the formulas e_new may mention)
// that contain every vertex the player picked and that the construction rule accepts
// (model::construction_allowed, the reference semantics), in a fixed order -- 001 by operator in the
// spec's order, then by slots; 000 by the pair's ids -- and paged.
// Invariant: every listed element is one check_construction accepts in the state; the listing
// examines at most `work_cap` elements of U and lists at most `cap`, and when it stops early says so
// (complete = false, `why`) instead of passing for the whole of U.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "rules/model/game.hpp"
#include "rules/model/state.hpp"

namespace carve::play {

struct CandidatesPage {
  std::size_t offset = 0;
  std::vector<model::EdgeElement> edges;  // the listing's [offset, offset + limit)
  std::size_t listed = 0;                 // the listing's length
  bool complete = true;                   // false: U has more that were not examined or not listed
  std::string why;
};

inline constexpr std::size_t kCandidatesCap = 5000;
inline constexpr std::size_t kCandidatesWorkCap = 2'000'000;

CandidatesPage list_candidates(const model::Game& game, const model::State& state, const std::vector<model::VertexId>& containing,
                               std::size_t offset, std::size_t limit, std::size_t cap = kCandidatesCap,
                               std::size_t work_cap = kCandidatesWorkCap);

}  // namespace carve::play
