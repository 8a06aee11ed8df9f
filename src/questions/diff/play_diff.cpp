// The joint breadth-first search over pairs of states for play_diff.
#include "questions/diff/play_diff.hpp"

#include <algorithm>
#include <chrono>
#include <set>
#include <stdexcept>
#include <unordered_set>

#include <fmt/format.h>

#include "checkers/replay/replay.hpp"
#include "engines/explicit/moves.hpp"
#include "rules/model/graph_view.hpp"

namespace carve::diff {

using model::Move;
using model::State;

std::size_t touched_vertices(const std::vector<Move>& play) {
  std::set<model::VertexId> vs;
  for (const auto& m : play) {
    vs.insert(m.added.vertices.begin(), m.added.vertices.end());
    if (m.collapse) vs.insert(m.collapse->vertices.begin(), m.collapse->vertices.end());
    if (m.new_root) vs.insert(*m.new_root);
  }
  return vs.size();
}

namespace {

// Every move of one reading in `state`: each allowed candidate, one path per distinct removal
// (or the stable claim), each succession choice.
void for_each_move(const model::Game& game, const State& state, limits::Budget& budget, const std::function<void(const Move&)>& visit) {
  model::GraphView view(game, state);
  const auto candidates = search::candidate_edges(game, state, budget);
  auto with_roots = [&](Move m, const model::EdgeSet* removed) {
    State after = model::after_collapse(game, state, view, removed);
    if (!model::succession_due(game, after)) return visit(m);
    for (auto r : model::eligible_roots(game, after)) {
      m.new_root = r;
      visit(m);
    }
  };
  for (const auto* c : candidates.list) {
    view.set_candidate(*c);
    model::CollapsePaths paths(game, view, state.root);
    bool any = false;
    paths.for_each_removal(budget, [&](const model::EdgeSet& removed, const model::ViewPath& p) {
      any = true;
      with_roots(search::move_for(game, state, view, &p), &removed);
      return true;
    });
    if (!any) with_roots(search::move_for(game, state, view, nullptr), nullptr);
  }
}

// Every walk of 1..max_edges view edges from the root through e_new, as a move of this reading
// (the first eligible root when succession is due): the paths the representatives of
// for_each_move may hide. Walks ending at the root need not be listed: every path kind and
// density reading is closed under reversal (rules/model/collapse_paths.hpp), so a walk and its
// reverse are judged alike by each reading.
void for_each_walk(const model::Game& game, const State& state, int max_edges, limits::Budget& budget,
                   const std::function<void(const Move&)>& visit) {
  model::GraphView view(game, state);
  const auto candidates = search::candidate_edges(game, state, budget);
  for (const auto* c : candidates.list) {
    view.set_candidate(*c);
    model::ViewPath p{{state.root}, {}};
    std::function<void()> extend = [&]() {
      budget.tick();
      const bool uses_new = std::find(p.edges.begin(), p.edges.end(), view.new_edge()) != p.edges.end();
      if (uses_new) {
        model::EdgeSet removed(view.edges().size());
        for (auto e : p.edges) removed.set(e);
        Move m = search::move_for(game, state, view, &p);
        State after = model::after_collapse(game, state, view, &removed);
        if (model::succession_due(game, after)) {
          const auto roots = model::eligible_roots(game, after);
          if (!roots.empty()) m.new_root = roots.front();
        }
        visit(m);
      }
      if (static_cast<int>(p.edges.size()) >= max_edges) return;
      const auto v = p.vertices.back();
      for (auto e : view.incident(v)) {
        const auto& vs = *view.edges()[e].vertices;
        for (auto w : vs) {
          if (w == v && vs.size() > 1) continue;  // a loop {v} steps back to v; other edges leave v
          p.vertices.push_back(w);
          p.edges.push_back(e);
          extend();
          p.vertices.pop_back();
          p.edges.pop_back();
        }
      }
    };
    extend();
  }
}

std::string pair_key(const State& a, const State& b) {
  std::string k;
  for (const State* s : {&a, &b}) {
    std::string bits;
    boost::to_string(s->inherent, bits);
    k += bits + ":" + std::to_string(s->root) + ":";
    for (const auto& e : s->virtuals) {
      for (auto v : e.slots) k += std::to_string(v) + ",";
      k += ";";
    }
    k += "|";
  }
  return k;
}

struct Node {
  State state[2];
  std::vector<Move> play;
};

// One scope, level by level (turns 1..max_turns). At each level the representatives of every
// pair are judged first (building the next level); only when none differs are the walks of at
// most `path_length` edges judged, which may hide behind a representative of the same removal.
// The difference touching fewest vertices at the first level that has one is kept.
std::optional<PlayDifference> search_scope(const model::Game* games[2], int scope, const PlayOptions& o, limits::Budget& budget,
                                           PlayDiff& out) {
  std::vector<Node> frontier{Node{{model::initial_state(*games[0]), model::initial_state(*games[1])}, {}}};
  std::unordered_set<std::string> seen{pair_key(frontier[0].state[0], frontier[0].state[1])};
  out.covered_turns = 0;
  for (int level = 1; level <= o.max_turns; ++level) {
    std::vector<Node> next;
    std::optional<PlayDifference> best;
    // Judges m, legal under `side`, under the other reading; `grow`: keep the successor pair.
    auto judge = [&](const Node& node, int side, const Move& m, bool grow) {
      ++out.moves;
      budget.tick();
      const int other = 1 - side;
      auto there = model::apply_turn(*games[other], node.state[other], m, budget);
      std::vector<Move> play = node.play;
      play.push_back(m);
      if (auto* v = std::get_if<model::Violation>(&there)) {
        const std::size_t touched = touched_vertices(play);
        if (!best || touched < best->touched) best = PlayDifference{scope, std::move(play), side, *v, touched};
        return;
      }
      if (!grow || best || level == o.max_turns) return;  // no deeper level will be searched
      auto here = model::apply_turn(*games[side], node.state[side], m, budget);
      Node n;
      n.state[side] = std::get<State>(std::move(here));
      n.state[other] = std::get<State>(std::move(there));
      if (!seen.insert(pair_key(n.state[0], n.state[1])).second) return;
      n.play = std::move(play);
      next.push_back(std::move(n));
    };
    for (const auto& node : frontier) {
      ++out.pairs;
      for (int side = 0; side < 2; ++side)
        for_each_move(*games[side], node.state[side], budget, [&](const Move& m) { judge(node, side, m, true); });
    }
    for (std::size_t i = 0; !best && o.path_length > 0 && i < frontier.size(); ++i)
      for (int side = 0; side < 2; ++side)
        for_each_walk(*games[side], frontier[i].state[side], o.path_length, budget, [&](const Move& m) {
          if (std::holds_alternative<State>(model::apply_turn(*games[side], frontier[i].state[side], m, budget)))
            judge(frontier[i], side, m, false);
        });
    if (best) return best;
    out.covered_turns = level;
    frontier = std::move(next);
    if (frontier.empty()) break;
  }
  return std::nullopt;
}

}  // namespace

void confirm(const model::Game* games[2], const PlayDifference& d) {
  model::Budget unlimited;
  const auto accepted = replay::replay(*games[d.accepting], d.play, nullptr, std::nullopt, unlimited);
  const auto rejected = replay::replay(*games[1 - d.accepting], d.play, nullptr, std::nullopt, unlimited);
  if (!accepted.legal || rejected.legal || rejected.failed_turn != static_cast<int>(d.play.size()) ||
      rejected.violation.rule != d.violation.rule)
    throw std::logic_error("the play difference does not replay as the search found it");
}

const char* name(PlaySearch s) {
  switch (s) {
#define PLAY_SEARCH(Enum, name, help) \
  case PlaySearch::Enum: return name;
#include "questions/diff/play_searches.def"
#undef PLAY_SEARCH
  }
  return "?";
}

const char* help(PlaySearch s) {
  switch (s) {
#define PLAY_SEARCH(Enum, name, help) \
  case PlaySearch::Enum: return help;
#include "questions/diff/play_searches.def"
#undef PLAY_SEARCH
  }
  return "?";
}

std::optional<PlaySearch> parse_play_search(const std::string& n) {
#define PLAY_SEARCH(Enum, name, help) \
  if (n == name) return PlaySearch::Enum;
#include "questions/diff/play_searches.def"
#undef PLAY_SEARCH
  return std::nullopt;
}

std::vector<std::string> play_search_names() {
  return {
#define PLAY_SEARCH(Enum, name, help) name,
#include "questions/diff/play_searches.def"
#undef PLAY_SEARCH
  };
}

PlayDiff play_diff(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options,
                   bool same_legality) {
  if (same_legality) {
    PlayDiff out;
    out.search = options.search;
    out.max_turns = options.max_turns;
    out.status = PlayDiff::Status::SameLegality;
    out.reason = "the parts of the rules that judge a turn (construction, collapse, succession) are the same: every play is judged alike";
    return out;
  }
  switch (options.search) {
    case PlaySearch::Sat: return play_diff_sat(a, b, scopes, options);
    case PlaySearch::Enumerate: return play_diff_enumerate(a, b, scopes, options);
  }
  throw std::logic_error("play_diff: a play search outside the table");
}

PlayDiff over_scopes(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options, PlaySearch search,
                     const ScopeSearch& each) {
  PlayDiff out;
  out.search = search;
  out.max_turns = options.max_turns;
  const auto t0 = std::chrono::steady_clock::now();
  limits::Budget budget(options.limits, t0);
  try {
    for (int scope : scopes) {
      const model::Game ga = a(scope), gb = b(scope);
      const model::Game* games[2] = {&ga, &gb};
      auto d = each(games, scope, budget, out);
      if (out.status == PlayDiff::Status::Refused) break;
      if (d) {
        confirm(games, *d);
        out.difference = std::move(d);
        out.status = PlayDiff::Status::Found;
        break;
      }
    }
    if (!out.difference && out.status != PlayDiff::Status::Refused) out.status = PlayDiff::Status::None;
  } catch (const limits::LimitReached& e) {
    out.status = PlayDiff::Status::Unknown;
    out.reason = fmt::format("{} (every play of {} turns compared at the last scope)", e.what(), out.covered_turns);
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

PlayDiff play_diff_enumerate(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options) {
  return over_scopes(a, b, scopes, options, PlaySearch::Enumerate,
                     [&](const model::Game* games[2], int scope, limits::Budget& budget, PlayDiff& out) {
                       return search_scope(games, scope, options, budget, out);
                     });
}

}  // namespace carve::diff
