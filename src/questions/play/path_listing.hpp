// ℛ(S_t, e_new) listed for a person: one path per distinct edge set E(P)
// (model::CollapsePaths::for_each_removal), shortest first, then by the vertices' and edges' ids
// along the path -- the same order for the same state and e_new, every time.
// Invariant: every listed path is one the reference semantics hands out as legal; `complete` is
// false whenever ℛ may hold more edge sets than listed (a cap, a limit, or a view too large to
// enumerate, where find_any's one path is listed).
#pragma once
#include <cstddef>

#include "rules/model/collapse_paths.hpp"
#include "questions/play/session.hpp"

namespace carve::play {

struct Listing {
  std::vector<ListedPath> paths;
  bool complete = true;
  std::string why;  // when not complete
};

// `budget` bounds the enumeration; a limit ends it with what was listed (complete = false).
Listing list_paths(const model::Game& game, const model::State& state, const model::EdgeElement& added, std::size_t cap,
                   model::Budget& budget);

// "V T V"
std::string type_text(const std::vector<model::EdgeType>& types);

}  // namespace carve::play
