// The board of a carve play session as the page shows it: render::Board (one layout for the whole
// session, stable SVG ids) drawing the frame the session is at -- S_t with the turn that led to it
// (its collapse path numbered, the old root, the winning component), and the turn being built: a
// pending e_new, or, when succession is due, E'' with the chosen path removed.
// Invariant: the picture is drawn from the session's own states and moves (each judged by the
// reference semantics); the board is made again only when the session's universe changes (a load
// of another scope), so within one universe nothing moves.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "questions/play/session.hpp"
#include "questions/render/board.hpp"

namespace carve::play::web {

// The frame of the session's present: what the board draws.
render::Frame session_frame(const Session& session);

class BoardPicture {
 public:
  // The SVG of the session's present (render::GraphvizError when dot fails).
  std::string svg(const Session& session);

 private:
  std::unique_ptr<render::Board> board_;
  std::vector<std::string> names_;  // the universe the board was made for
};

}  // namespace carve::play::web
