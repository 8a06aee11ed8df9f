// list_candidates: U's elements in order, each kept when it contains the picked vertices and the
// construction rule accepts it; an odometer over the slots for 001's tuples.
#include "questions/play/candidates.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "rules/model/semantics.hpp"

namespace carve::play {

namespace {

using model::VertexId;

struct Lister {
  const model::Game& game;
  const model::State& state;
  const std::vector<VertexId>& containing;
  std::size_t cap, work_cap;
  std::vector<model::EdgeElement> found;
  std::size_t examined = 0;
  bool stopped = false;
  std::string why;

  // false: stop listing.
  bool offer(const std::string& op, const std::vector<VertexId>& slots) {
    if (++examined > work_cap) {
      why = fmt::format("stopped after examining {} elements of U", work_cap);
      return stopped = true, false;
    }
    for (auto v : containing)
      if (std::find(slots.begin(), slots.end(), v) == slots.end()) return true;
    auto e = model::EdgeElement::make(op, slots);
    if (!model::construction_allowed(game, state, e)) return true;
    if (found.size() == cap) {
      why = fmt::format("more than {} are allowed: pick formulas to narrow the list", cap);
      return stopped = true, false;
    }
    found.push_back(std::move(e));
    return true;
  }

  void pairs() {
    const auto n = static_cast<VertexId>(game.universe.size());
    for (VertexId a = 0; a < n; ++a)
      for (VertexId b = a; b < n; ++b)
        if (!offer("V", {a, b})) return;
  }

  void tuples() {
    const auto& u = game.universe;
    std::vector<VertexId> pool;
    for (VertexId v = 0; v < u.size(); ++v)
      if (u.in_universe[v] || game.rules.reading.virtual_scope == model::sw::VirtualScope::Formulas) pool.push_back(v);
    for (const auto& op : game.rules.operators) {
      std::vector<std::vector<VertexId>> choices(op.slot_preds.size());
      for (std::size_t i = 0; i < choices.size(); ++i)
        for (auto v : pool)
          if (u.sort_names[u.sorts[v]] == op.slot_preds[i]) choices[i].push_back(v);
      if (choices.empty() || std::any_of(choices.begin(), choices.end(), [](const auto& c) { return c.empty(); })) continue;
      std::vector<std::size_t> at(choices.size(), 0);
      std::vector<VertexId> slots(choices.size());
      while (true) {
        for (std::size_t i = 0; i < choices.size(); ++i) slots[i] = choices[i][at[i]];
        if (!offer(op.name, slots)) return;
        std::size_t i = choices.size();
        while (i > 0 && ++at[i - 1] == choices[i - 1].size()) at[--i] = 0;
        if (i == 0) break;
      }
    }
  }
};

}  // namespace

CandidatesPage list_candidates(const model::Game& game, const model::State& state, const std::vector<VertexId>& containing,
                               std::size_t offset, std::size_t limit, std::size_t cap, std::size_t work_cap) {
  Lister l{game, state, containing, cap, work_cap, {}, 0, false, {}};
  if (game.rules.construct == model::Rules::Construct::Pair) l.pairs();
  else l.tuples();
  CandidatesPage page;
  page.offset = offset;
  page.listed = l.found.size();
  page.complete = !l.stopped;
  page.why = l.why;
  for (std::size_t i = offset; i < std::min(l.found.size(), offset + limit); ++i) page.edges.push_back(l.found[i]);
  return page;
}

}  // namespace carve::play
