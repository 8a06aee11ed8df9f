// The frames of a picture: a state of a carving game with what happened in the turn that led to
// it (the edge added, the collapse path removed, the root before succession) and, on the turn
// the game is won, the winning component.
// Invariant: every frame's state and highlights come from the reference semantics (replay and
// resolve_path), never from a re-implementation of the rules; frames[i] shows S_i, and
// path_edges[i] is step i + 1 of the collapse path, from path_vertices[i] to path_vertices[i + 1]
// (a walk that takes an edge twice lists it twice).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "rules/model/semantics.hpp"
#include "rules/model/victory.hpp"

namespace carve::render {

// An edge of G' = E_t ∪ {e_new} as the picture needs it.
struct DrawnEdge {
  std::string op;                       // "T", "V", "Theta", "Omega"
  std::vector<model::VertexId> slots;   // as the document writes it
  std::vector<model::VertexId> vertices;
  bool inherent = false;                // tree edge (E_Ω) or virtual
  bool is_new = false;                  // e_new of the turn
};

struct Frame {
  int turn = 0;                                  // 0: S_0
  model::State state;                            // S_turn
  std::optional<model::Move> move;               // the move of this turn (none for S_0)
  std::vector<model::VertexId> path_vertices;    // the collapse path of this turn, v_0 .. v_k
  std::vector<DrawnEdge> path_edges;             // E(P*), removed by this turn
  std::optional<model::VertexId> previous_root;  // ρ_{t-1} when succession moved the root
  std::optional<model::Component> win;           // the winning component, on the winning frame
  std::optional<model::EdgeElement> pending;     // carve play: e_new chosen, its turn not yet played
  std::string caption;                           // the turn in full, in the DSL's syntax
  std::string summary;                           // the turn in one short line (a long path shortened)
};

struct Play {
  std::vector<Frame> frames;
  std::string title;
  std::string target;        // the target as model::target_label shows it ("a-b,b-c = P3"), or empty
  bool legal = true;
  std::string problem;       // why the play stops early, when !legal
};

// The collapse path's distinct edges, numbered 0, 1, … in the order the path first takes them:
// the number of each step's edge (a walk that takes an edge again repeats its number).
std::vector<std::size_t> path_edge_numbers(const Frame& frame);

// The frame of S_0 (`state`: the game's initial state).
Frame initial_frame(const model::Game& game, const model::State& state);

// The frame of one legal turn: `move` played in `before` gave `after` (S_turn, or E'' with the
// root still ρ_{turn-1} while succession is still to be chosen); its collapse path is resolved
// against G' = E_{turn-1} ∪ {e_new}. The caption and summary say the turn; the win is not set.
Frame turn_frame(const model::Game& game, int turn, const model::State& before, const model::Move& move, const model::State& after);

// The frame shows the game won by `component` (≅ `target`, as model::target_label shows it).
void mark_win(Frame& frame, const model::Component& component, const std::string& target);

// Replays `play` from S_0 through the reference semantics; stops at the first illegal turn
// (recorded in `problem`). With no moves, the single frame S_0. `budget` (may be null: none)
// bounds the replay (limits::LimitReached).
Play replay_frames(const model::Game& game, const std::vector<model::Move>& play, const model::Target* target,
                   const std::string& title, model::Budget* budget = nullptr);

}  // namespace carve::render
