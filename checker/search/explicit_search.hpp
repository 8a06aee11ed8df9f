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

#include "model/collapse_paths.hpp"
#include "model/victory.hpp"

namespace carve::search {

enum class Verdict { Win, NoWin, Unknown };
std::string verdict_name(Verdict v);

struct Options {
  int max_turns = 3;
  model::Budget budget;
  bool progress = false;      // report on stderr
  bool transpositions = true;
};

struct Result {
  Verdict verdict = Verdict::Unknown;
  std::optional<int> turns;            // length of the witness (win) or null
  std::vector<model::Move> witness;
  std::optional<model::Component> component;
  std::uint64_t states = 0;            // states expanded
  std::uint64_t successors = 0;        // successor states generated
  std::size_t table_entries = 0;
  int completed_depth = -1;            // every play of this many turns was covered
  std::string reason;                  // for unknown
  bool limit_reached = false;          // unknown because the run's budget (time, memory) ran out
  double seconds = 0;
};

Result explicit_search(const model::Game& game, const model::Target& target, Options options);

}  // namespace carve::search
