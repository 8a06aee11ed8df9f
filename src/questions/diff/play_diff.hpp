// Play differences: the shortest play that one reading accepts turn by turn and the other
// rejects at its last turn, found by explicit search over both readings at once (a breadth-first
// walk over pairs of states reached by plays both accept).
// Order: scope first (smallest depth or variable count), then turns, then the number of distinct
// vertices the play mentions, then the order moves are generated in.
// Invariant: a reported difference replays (checkers/replay, from S_0, before it is reported)
// through the reference semantics as stated -- every
// turn legal under `accepting`, every turn but the last legal under the other reading, the last
// one rejected by it with `violation` -- and no shorter play among the moves listed differs.
// The moves listed at a pair of states are, for each reading, every candidate e_new it allows,
// one collapse path per distinct removed edge set (or the stable claim when no path exists), and
// every succession choice; and, at a level where none of those differs, every walk of at most
// PlayOptions::path_length edges from the root through e_new (docs/diff.md).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "questions/diff/verdict_diff.hpp"
#include "rules/model/semantics.hpp"

namespace carve::diff {

struct PlayDifference {
  int scope = 0;
  std::vector<model::Move> play;
  int accepting = 0;           // 0: reading A accepts every turn; 1: reading B
  model::Violation violation;  // the other reading's, at the last turn
  std::size_t touched = 0;     // distinct vertices the play mentions
};

struct PlayDiff {
  enum class Status { Found, None, SameLegality, Unknown } status = Status::Unknown;
  std::string reason;          // SameLegality: why; Unknown: the limit
  int max_turns = 0;
  int covered_turns = 0;       // every play of this many turns was compared (at the last scope)
  std::uint64_t pairs = 0;     // pairs of states expanded
  std::uint64_t moves = 0;     // moves judged under the other reading
  double seconds = 0;
  std::optional<PlayDifference> difference;
};

struct PlayOptions {
  int max_turns = 2;
  // Walks of at most this many edges from the root through e_new are judged too, at a level
  // where no representative differs (0: representatives only).
  int path_length = 6;
  limits::Limits limits;
};

// With `same_legality` (compare_rules found the parts apply_turn reads equal) nothing is
// searched: every play is judged alike by construction.
PlayDiff play_diff(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options,
                   bool same_legality);

// The vertices a play mentions (e_new's, the collapse path's, the succession choices).
std::size_t touched_vertices(const std::vector<model::Move>& play);

}  // namespace carve::diff
