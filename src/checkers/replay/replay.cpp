// Turn by turn through apply_turn, checking victory after each turn.
#include "checkers/replay/replay.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace carve::replay {

namespace {

std::string names(const model::Game& game, const std::vector<model::VertexId>& vs) {
  std::string out;
  for (auto v : vs) out += (out.empty() ? "" : ", ") + model::vertex_name(game, v);
  return "{" + out + "}";
}

// Where the claimed vertices really lie after the last turn: each component holding one of them,
// finite or not, and whether it wins -- so a wrong claim says what is there instead.
std::string claim_mismatch(const model::Game& game, const model::State& state, const model::Target* target,
                           const std::vector<model::VertexId>& claim) {
  std::string out = fmt::format("the claimed component {} is not a finite component isomorphic to the target", names(game, claim));
  std::vector<std::string> parts;
  std::vector<model::VertexId> nowhere;
  const auto comps = model::components(game, state);
  for (const auto& c : comps) {
    std::vector<model::VertexId> held;
    for (auto v : claim)
      if (std::binary_search(c.vertices.begin(), c.vertices.end(), v)) held.push_back(v);
    if (held.empty()) continue;
    const std::string which = names(game, held);
    if (!c.finite) {
      const std::vector<model::VertexId> first(c.vertices.begin(), c.vertices.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(8, c.vertices.size())));
      parts.push_back(fmt::format("{} lie{} in an infinite component ({} vertices in scope: {}{}, joined to a part no move may touch)", which,
                                  held.size() == 1 ? "s" : "", c.vertices.size(), names(game, first), c.vertices.size() > 8 ? " and more" : ""));
    } else {
      const bool wins = target && model::component_wins(game, c, *target);
      parts.push_back(fmt::format("{} lie{} in the finite component {} with {} edge{}{}", which, held.size() == 1 ? "s" : "", names(game, c.vertices),
                                  c.edges.size(), c.edges.size() == 1 ? "" : "s", wins ? ", which wins" : ", which does not win"));
    }
  }
  for (auto v : claim) {
    bool found = false;
    for (const auto& c : comps) found |= std::binary_search(c.vertices.begin(), c.vertices.end(), v);
    if (!found) nowhere.push_back(v);
  }
  if (!nowhere.empty()) parts.push_back(fmt::format("{} is in no component (no present edge mentions it)", names(game, nowhere)));
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? ": " : "; ") + parts[i];
  return out;
}

}  // namespace

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
      r.violation = {game.rule_label("victory"), claim_mismatch(game, r.states.back(), target, *claim)};
    }
  }
  return r;
}

}  // namespace carve::replay
