// Replaying a play through the reference semantics: the certificate check for `win`, and the
// judge of play cases.
// Invariant: a play is reported legal only if apply_turn accepted every turn; a win only if the
// target component exists after the reported turn and at no earlier turn (the game ends at its
// first victory), and a claim only if it names exactly such a component.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "rules/model/semantics.hpp"
#include "rules/model/victory.hpp"

namespace carve::replay {

struct Result {
  bool legal = true;
  int failed_turn = 0;                   // 1-based, when !legal
  model::Violation violation;
  std::optional<int> win_turn;           // first turn after which a target component exists
  std::optional<model::Component> component;
  std::optional<bool> claim_holds;       // when a claim was given
  std::vector<model::State> states;      // S_0 .. S_n (as far as the play is legal)
};

Result replay(const model::Game& game, const std::vector<model::Move>& play, const model::Target* target,
              const std::optional<std::vector<model::VertexId>>& claim, model::Budget& budget);

}  // namespace carve::replay
