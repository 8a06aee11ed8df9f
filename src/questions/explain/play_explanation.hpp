// Why a play is illegal, in the spec's own words, and what would make its first illegal turn legal:
// the nearest legal move (the same e_new with another collapse path of ℛ, "stable" when ℛ = ∅, an
// eligible root or the root kept) and the readings of the spec under which the play is legal
// (the other profiles, and every single switch changed from the reading in force).
// Invariant: every judgement comes from the reference semantics (model::apply_turn through
// checkers/replay; ℛ from model::CollapsePaths): the failed turn and the rule are replay's; every
// suggested move was accepted by apply_turn in the state before the failed turn; every reading
// listed replays the play legally up to and including that turn (elaborated again from the spec
// under that reading, as carve solve would). A legal play says so, with the turn of its first
// win when a target is given.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "rules/elaborate/case.hpp"
#include "rules/model/semantics.hpp"
#include "rules/model/victory.hpp"

namespace carve::explain {

struct NearestMove {
  enum class Kind { OtherPath, Stable, Collapse, EligibleRoot, KeepRoot };
  Kind kind = Kind::OtherPath;
  model::Move move;        // accepted by apply_turn in the state before the failed turn
  std::string words;       // "the same e_new with the collapse path (λ, 0, 1)", ...
};

struct LegalReading {
  std::string profile;                          // the profile of the reading
  std::vector<std::pair<std::string, std::string>> sets;  // the --set overrides it adds to the question's
  std::string words;                            // "profile lenient", "set loop=allow"
  bool whole_play = false;                      // the whole play is legal under it, not only up to the failed turn
};

struct PlayExplanation {
  int turns = 0;                                // the play's length
  bool legal = true;
  int failed_turn = 0;                          // 1-based, when illegal
  model::Violation violation;                   // the reference semantics' words
  const model::Definition* def = nullptr;       // the def that states the broken rule (null when the spec has none)
  std::optional<int> win_turn;                  // first winning turn (with a target)
  std::vector<model::VertexId> component;
  std::vector<NearestMove> nearest;             // legal moves closest to the failed one
  std::vector<LegalReading> readings;           // readings under which the play is legal through the failed turn
  std::string nearest_note;                     // why no nearest move was listed, when none is
};

// `c`: the question (its spec, settings and game); `target` may be null.
PlayExplanation explain_play(const elab::Case& c, const std::vector<model::Move>& play, const model::Target* target,
                             model::Budget& budget);

}  // namespace carve::explain
