// Exhaustive search over plays of at most k turns inside the game's scope, by iterative
// deepening (so the first win found is a shortest one) with a transposition table over
// canonical states.
// Invariant: `win` only with a witness whose every turn was produced by the reference
// semantics' move generator and whose final state has a component isomorphic to the target;
// `no-win` only after every play of at most k turns in scope was covered; `unknown` otherwise.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/model/collapse_paths.hpp"
#include "rules/model/victory.hpp"
#include "engines/answer/answer.hpp"

namespace carve::search {

struct Options {
  int max_turns = 3;
  model::Budget budget;
  bool progress = false;      // report on stderr
  bool transpositions = true;
  // The state plays start from (default S_0), reached by a play of `start_turn` turns that has
  // not won: carve play's hints ask "within max_turns more turns from here?". The start state is
  // tested for victory as S_t is after turn t: always when start_turn > 0, and at S_0 only under
  // start-win=yes. The transposition table is the search's own, so a table entry always means
  // "no win within that many turns from that state", whatever the start.
  std::optional<model::State> start;
  int start_turn = 0;
};

answer::Result explicit_search(const model::Game& game, const model::Target& target, Options options);

}  // namespace carve::search
