// Turn by turn through apply_turn, checking victory after each turn.
#include "checker/replay/replay.hpp"

#include <fmt/format.h>

namespace carve::replay {

Result replay(const model::Game& game, const std::vector<model::Move>& play, const model::Target* target,
              const std::optional<std::vector<model::VertexId>>& claim, model::Budget& budget) {
  Result r;
  r.states.push_back(model::initial_state(game));
  auto check_win = [&](int turn) {
    if (!target || r.win_turn) return;
    if (turn == 0 && game.rules.reading.start_win == model::sw::StartWin::No) return;
    if (auto c = model::winning_component(game, r.states.back(), *target)) {
      r.win_turn = turn;
      r.component = c;
    }
  };
  check_win(0);
  for (std::size_t i = 0; i < play.size(); ++i) {
    if (r.win_turn) {
      r.legal = false;
      r.failed_turn = static_cast<int>(i) + 1;
      r.violation = {game.rule_label("victory"),
                     fmt::format("the game ended with a victory after turn {}; no further turn is played", *r.win_turn)};
      return r;
    }
    auto out = model::apply_turn(game, r.states.back(), play[i], budget);
    if (auto* v = std::get_if<model::Violation>(&out)) {
      r.legal = false;
      r.failed_turn = static_cast<int>(i) + 1;
      r.violation = *v;
      return r;
    }
    r.states.push_back(std::get<model::State>(out));
    check_win(static_cast<int>(i) + 1);
  }
  if (claim) {
    r.claim_holds = target && model::is_winning_component(game, r.states.back(), *target, *claim);
    if (!*r.claim_holds) {
      // A witness's final claim is part of the certificate: a wrong one rejects the witness.
      r.legal = false;
      r.failed_turn = static_cast<int>(play.size());
      r.violation = {game.rule_label("victory"),
                     "the claimed component is not a finite component isomorphic to the target"};
    }
  }
  return r;
}

}  // namespace carve::replay
