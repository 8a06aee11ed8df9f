// Frames from a play: replay::replay yields S_0 .. S_n and the winning component; each turn's
// collapse path is resolved against its own G' by model::resolve_path.
#include "questions/render/frames.hpp"

#include <fmt/format.h>

#include "checkers/replay/replay.hpp"
#include "rules/model/graph_view.hpp"
#include "rules/model/target_echo.hpp"
#include "questions/render/labels.hpp"

namespace carve::render {

namespace {

// The collapse path of `move` played in `before`, as edges of G'.
void resolve_collapse(const model::Game& game, const model::State& before, const model::Move& move, Frame& f) {
  if (!move.collapse) return;
  model::GraphView view(game, before);
  view.set_candidate(move.added);
  auto resolved = model::resolve_path(game, view, *move.collapse);
  if (const auto* p = std::get_if<model::ViewPath>(&resolved)) {
    f.path_vertices = p->vertices;
    for (auto e : p->edges) {
      const auto& ve = view.edges()[e];
      const std::string& op = ve.inherent >= 0 ? game.universe.inherent[static_cast<std::size_t>(ve.inherent)].op
                              : ve.virtual_index >= 0 ? before.virtuals[static_cast<std::size_t>(ve.virtual_index)].op
                                                      : move.added.op;
      f.path_edges.push_back(DrawnEdge{op, *ve.slots, *ve.vertices, ve.type == model::EdgeType::T, ve.is_new});
    }
  }
}

// A path of more vertices than this is shortened in the summary (its full text is in `caption`).
constexpr std::size_t kSummaryPathVertices = 8;

std::string summary(const model::Game& game, const Frame& f) {
  if (!f.move) return fmt::format("S_0: the initial state, root {}", vertex_label(game, f.state.root));
  std::string s = fmt::format("turn {}: add {}", f.turn, edge_label(game, f.move->added));
  if (!f.move->collapse) s += " stable";
  else
    s += fmt::format(", collapse {} step{}: {}", f.path_edges.size(), f.path_edges.size() == 1 ? "" : "s",
                     path_summary(game, f.path_vertices, kSummaryPathVertices));
  if (f.previous_root) s += fmt::format("; new root {}", vertex_label(game, f.state.root));
  return s;
}

}  // namespace

std::vector<std::size_t> path_edge_numbers(const Frame& frame) {
  std::vector<std::size_t> out, first;  // first: the step that first took each distinct edge
  for (const auto& e : frame.path_edges) {
    std::size_t k = 0;
    while (k < first.size()) {
      const auto& seen = frame.path_edges[first[k]];
      if (seen.inherent == e.inherent && seen.op == e.op && seen.slots == e.slots) break;
      ++k;
    }
    if (k == first.size()) first.push_back(out.size());
    out.push_back(k);
  }
  return out;
}

Frame initial_frame(const model::Game& game, const model::State& state) {
  Frame f;
  f.state = state;
  f.caption = "S_0: the initial state";
  f.summary = summary(game, f);
  return f;
}

Frame turn_frame(const model::Game& game, int turn, const model::State& before, const model::Move& move, const model::State& after) {
  Frame f;
  f.turn = turn;
  f.state = after;
  f.move = move;
  std::string text = model::move_text(game, move);  // "turn add ...;"
  if (text.rfind("turn ", 0) == 0) text = text.substr(5);
  f.caption = fmt::format("turn {}: {}", turn, text);
  resolve_collapse(game, before, move, f);
  if (before.root != after.root) f.previous_root = before.root;
  f.summary = summary(game, f);
  return f;
}

void mark_win(Frame& frame, const model::Component& component, const std::string& target) {
  frame.win = component;
  frame.caption += fmt::format(" — won: a component isomorphic to {}", target);
  frame.summary += fmt::format(" — won: the green component ≅ {}", target);
}

Play replay_frames(const model::Game& game, const std::vector<model::Move>& play, const model::Target* target,
                   const std::string& title, model::Budget* budget) {
  model::Budget unlimited;
  auto r = replay::replay(game, play, target, std::nullopt, budget ? *budget : unlimited);
  Play out;
  out.title = title;
  out.target = target ? model::target_label(*target) : "";
  out.legal = r.legal;
  if (!r.legal)
    out.problem = fmt::format("turn {} breaks rule {}: {}", r.failed_turn, r.violation.rule, r.violation.message);
  for (std::size_t t = 0; t < r.states.size(); ++t) {
    Frame f = t == 0 ? initial_frame(game, r.states[0]) : turn_frame(game, static_cast<int>(t), r.states[t - 1], play[t - 1], r.states[t]);
    if (r.win_turn && *r.win_turn == f.turn && r.component) mark_win(f, *r.component, out.target);
    out.frames.push_back(std::move(f));
  }
  return out;
}

}  // namespace carve::render
