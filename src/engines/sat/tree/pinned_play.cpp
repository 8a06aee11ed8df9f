// Pinning a play's turns by unit clauses (see pinned_play.hpp for why this is exact).
#include "engines/sat/tree/pinned_play.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "rules/model/graph_view.hpp"

namespace carve::encoder {

PinnedPlay pinned_play(const model::Game& game, const std::vector<model::Move>& moves) {
  PinnedPlay out;
  out.moves = moves;
  out.states.push_back(model::initial_state(game));
  model::Budget budget;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto next = model::apply_turn(game, out.states.back(), moves[i], budget);
    if (auto* v = std::get_if<model::Violation>(&next))
      throw std::logic_error(fmt::format("a pinned play's turn {} is refused by rule {}: {}", i + 1, v->rule, v->message));
    out.states.push_back(std::get<model::State>(next));
  }
  return out;
}

namespace {
void unit(Cnf& cnf, int lit, const char* what, int turn) {
  if (lit == 0) throw std::logic_error(fmt::format("pinning turn {}: the encoding has no literal for its {}", turn + 1, what));
  cnf.clause({lit});
}
}  // namespace

void pin_turn(TreeEncoding& enc, Cnf& cnf, const model::Game& game, const PinnedPlay& play, int turn) {
  const auto t = static_cast<std::size_t>(turn);
  const model::State& before = play.states[t];
  const model::State& after = play.states[t + 1];
  const model::Move& move = play.moves[t];
  if (move.added.slots.size() != 2) throw std::logic_error("pinning a move that is not a pair (document 000 only)");
  unit(cnf, enc.fresh_lit(turn, move.added.slots[0], move.added.slots[1]), "e_new", turn);
  unit(cnf, move.collapse ? enc.collapse_lit(turn) : -enc.collapse_lit(turn), "collapse", turn);
  model::GraphView view(game, before);
  view.set_candidate(move.added);
  for (const auto& e : view.edges()) {
    bool kept = false;
    if (e.inherent >= 0) {
      kept = after.inherent.test(static_cast<std::size_t>(e.inherent));
    } else {
      const model::EdgeElement& element = e.virtual_index >= 0 ? before.virtuals[static_cast<std::size_t>(e.virtual_index)] : view.candidate();
      kept = std::binary_search(after.virtuals.begin(), after.virtuals.end(), element);
    }
    const auto& slots = *e.slots;
    const int removed = enc.removed_lit(turn, std::min(slots[0], slots[1]), std::max(slots[0], slots[1]));
    unit(cnf, kept ? -removed : removed, "removal", turn);
  }
  unit(cnf, enc.root_lit(turn + 1, after.root), "root", turn);
}

void require_some_frame_won_after(Cnf& cnf, TreeEncoding& enc, int from, int to) {
  std::vector<int> some;
  for (int f = from + 1; f <= to; ++f) some.push_back(enc.victory(f));
  cnf.clause(some);
}

}  // namespace carve::encoder
