// session_frame: the render::Frame of the last turn (or S_0) and of the turn being built.
#include "front/web/board_picture.hpp"

#include <fmt/format.h>

#include "rules/model/target_echo.hpp"
#include "questions/render/labels.hpp"

namespace carve::play::web {

render::Frame session_frame(const Session& s) {
  const auto& game = s.game();
  const int t = s.turn();
  const auto& states = s.states();
  const auto& pending = s.pending();
  if (pending && pending->collapsed) {  // succession due: E'' with the root still ρ_t
    auto f = render::turn_frame(game, t + 1, states[static_cast<std::size_t>(t)], model::Move{pending->added, pending->collapse, std::nullopt},
                                pending->after_collapse);
    f.summary += " — succession: the new root to choose";
    return f;
  }
  render::Frame f = t == 0 ? render::initial_frame(game, states[0])
                           : render::turn_frame(game, t, states[static_cast<std::size_t>(t) - 1], s.play()[static_cast<std::size_t>(t) - 1],
                                                states[static_cast<std::size_t>(t)]);
  if (s.won() && s.won()->turn == t && s.target()) render::mark_win(f, s.won()->component, model::target_label(*s.target()));
  if (pending) {
    f.pending = pending->added;
    f.summary += fmt::format("; turn {}: e_new {} chosen, its collapse to choose", t + 1, render::edge_label(game, pending->added));
  }
  return f;
}

std::string BoardPicture::svg(const Session& session) {
  const auto& game = session.game();
  if (!board_ || names_ != game.universe.names) {
    const std::string target = session.target() ? model::target_label(*session.target()) : "";
    board_ = std::make_unique<render::Board>(game, session.opened().title + (target.empty() ? "" : " — target " + target), target);
    names_ = game.universe.names;
  }
  return board_->svg(game, session_frame(session));
}

}  // namespace carve::play::web
