// Random shapes, readings and legal plays (see random_play.hpp).
#include "tests/shape/random_play.hpp"

#include <algorithm>
#include <functional>
#include <set>
#include <stdexcept>

#include "rules/model/semantics.hpp"
#include "rules/model/shape_universe.hpp"

namespace carve::shape::testing {

using model::VertexId;

namespace {

const std::vector<model::Switch> kReadingSwitches = {model::Switch::Path,     model::Switch::Density, model::Switch::Loop,
                                                      model::Switch::Duplicate, model::Switch::Readd,  model::Switch::StartWin,
                                                      model::Switch::Reroot,   model::Switch::Iso};

template <class T>
const T& pick(const std::vector<T>& xs, std::mt19937_64& rng) {
  return xs[std::uniform_int_distribution<std::size_t>(0, xs.size() - 1)(rng)];
}

bool chance(std::mt19937_64& rng, double p) { return std::bernoulli_distribution(p)(rng); }

std::size_t depth_of(const model::Game& g, VertexId v) { return model::word_of_name(g.universe.names[v]).size(); }

// A collapse path from the root through e_new found by a randomised depth-first search over
// (vertex, automaton state, e_new used), obeying the path kind; nothing when the search budget
// runs out first.
struct PathSearch {
  const model::Game& game;
  const model::GraphView& view;
  VertexId root;
  std::mt19937_64& rng;
  long budget = 20000;
  std::vector<VertexId> path;
  std::vector<int> counts;
  std::vector<bool> visited;
  std::set<std::tuple<VertexId, int, bool>> seen;

  bool allowed(std::uint32_t e, VertexId w) const {
    const auto kind = game.rules.path();
    if (kind != model::PathKind::Walk && counts[e] > 0) return false;
    if ((kind == model::PathKind::Simple || kind == model::PathKind::SimpleOrCycle) && visited[w]) return false;
    return true;
  }
  std::vector<std::pair<std::uint32_t, VertexId>> steps(VertexId v) {
    std::vector<std::pair<std::uint32_t, VertexId>> out;
    for (auto e : view.incident(v)) {
      const auto& vs = *view.edges()[e].vertices;
      if (vs.size() == 1) out.emplace_back(e, v);
      for (auto w : vs)
        if (w != v) out.emplace_back(e, w);
    }
    std::shuffle(out.begin(), out.end(), rng);
    return out;
  }
  bool dfs(VertexId v, int q, bool used) {
    if (used) return true;
    if (--budget < 0) return false;
    for (auto [e, w] : steps(v)) {
      const int q2 = game.rules.density.step(q, view.edges()[e].type);
      if (q2 == model::DensityAutomaton::kDead || !allowed(e, w)) continue;
      const bool used2 = used || view.edges()[e].is_new;
      if (game.rules.path() == model::PathKind::Walk && !seen.insert({w, q2, used2}).second) continue;
      ++counts[e];
      visited[w] = true;
      path.push_back(w);
      if (dfs(w, q2, used2)) return true;
      path.pop_back();
      if (w != root) visited[w] = false;
      --counts[e];
      if (budget < 0) return false;
    }
    return false;
  }
  std::optional<std::vector<VertexId>> find() {
    counts.assign(view.edges().size(), 0);
    visited.assign(view.vertex_count(), false);
    visited[root] = true;
    path = {root};
    if (dfs(root, game.rules.density.start(), false)) return path;
    return std::nullopt;
  }
};

std::optional<model::ViewPath> as_legal(const model::Game& game, const model::GraphView& view, const model::CollapsePaths& paths,
                                        const std::vector<VertexId>& vs) {
  auto r = model::resolve_path(game, view, model::CollapsePath{vs, {}});
  auto* vp = std::get_if<model::ViewPath>(&r);
  if (!vp || paths.violation(*vp)) return std::nullopt;
  return *vp;
}

// Random tail: keep stepping along edges of G' while the path stays legal.
void extend(const model::Game& game, const model::GraphView& view, const model::CollapsePaths& paths,
            std::vector<VertexId>& vs, std::mt19937_64& rng) {
  for (int i = 0; i < 30 && chance(rng, 0.7); ++i) {
    std::vector<VertexId> options;
    for (auto e : view.incident(vs.back()))
      for (auto w : *view.edges()[e].vertices) options.push_back(w);
    if (options.empty()) return;
    vs.push_back(pick(options, rng));
    if (!as_legal(game, view, paths, vs)) {
      vs.pop_back();
      return;
    }
  }
}

// Walks: random tree-edge dives inserted into the path (a step out and the same way back).
void dive(const model::Game& game, const model::GraphView& view, const model::CollapsePaths& paths,
          std::vector<VertexId>& vs, std::mt19937_64& rng) {
  for (int d = 0; d < 3 && chance(rng, 0.5); ++d) {
    const std::size_t at = std::uniform_int_distribution<std::size_t>(0, vs.size() - 1)(rng);
    std::vector<VertexId> out{vs[at]};
    for (int len = std::uniform_int_distribution<int>(1, 6)(rng); len > 0; --len) {
      std::vector<VertexId> next;
      for (auto e : view.incident(out.back()))
        if (view.edges()[e].type == model::EdgeType::T)
          for (auto w : *view.edges()[e].vertices)
            if (w != out.back()) next.push_back(w);
      if (next.empty()) break;
      out.push_back(pick(next, rng));
    }
    std::vector<VertexId> trial(vs.begin(), vs.begin() + static_cast<long>(at) + 1);
    trial.insert(trial.end(), out.begin() + 1, out.end());
    trial.insert(trial.end(), out.rbegin() + 1, out.rend());
    trial.insert(trial.end(), vs.begin() + static_cast<long>(at) + 1, vs.end());
    if (as_legal(game, view, paths, trial)) vs = std::move(trial);
  }
}

std::vector<VertexId> random_collapse(const model::Game& game, const model::GraphView& view, const model::CollapsePaths& paths,
                                      VertexId root, const model::ViewPath& fallback, std::mt19937_64& rng) {
  PathSearch search{game, view, root, rng, 20000, {}, {}, {}, {}};
  std::vector<VertexId> vs = search.find().value_or(fallback.vertices);
  if (!as_legal(game, view, paths, vs)) vs = fallback.vertices;
  extend(game, view, paths, vs, rng);
  if (game.rules.path() == model::PathKind::Walk) dive(game, view, paths, vs, rng);
  if (chance(rng, 0.25)) std::reverse(vs.begin(), vs.end());
  if (!as_legal(game, view, paths, vs)) throw std::logic_error("random_play: the random collapse path is not legal");
  return vs;
}

VertexId random_node(const model::Game& game, const std::vector<VertexId>& hot, const std::vector<VertexId>& deep,
                     std::mt19937_64& rng) {
  const double r = std::uniform_real_distribution<double>(0, 1)(rng);
  if (r < 0.35 && !hot.empty()) return pick(hot, rng);
  if (r < 0.7 && !deep.empty()) return pick(deep, rng);
  return static_cast<VertexId>(std::uniform_int_distribution<std::size_t>(0, game.universe.size() - 1)(rng));
}

model::EdgeElement random_pair(const model::Game& game, const model::State& s, const std::vector<VertexId>& hot,
                               const std::vector<VertexId>& deep, std::mt19937_64& rng) {
  const VertexId u = random_node(game, hot, deep, rng);
  VertexId v = random_node(game, hot, deep, rng);
  if (game.rules.reading.loop == model::sw::Loop::Allow && chance(rng, 0.1)) v = u;
  if (game.rules.reading.readd == model::sw::Readd::Allow && chance(rng, 0.15)) {
    // A tree pair whose edge is gone, if u has one.
    for (auto id : game.universe.inherent_at[u])
      if (!s.inherent.test(id)) v = game.universe.inherent[id].vertices[0] == u ? game.universe.inherent[id].vertices[1] : game.universe.inherent[id].vertices[0];
  }
  return model::EdgeElement::make("V", {u, v});
}

// One random legal move from s, if one is found in a few tries.
std::optional<model::Move> random_move(const model::Game& game, const model::State& s, const std::vector<VertexId>& hot,
                                       const std::vector<VertexId>& deep, std::mt19937_64& rng) {
  for (int tries = 0; tries < 60; ++tries) {
    model::Move m;
    m.added = random_pair(game, s, hot, deep, rng);
    if (!model::construction_allowed(game, s, m.added)) continue;
    model::GraphView view(game, s);
    view.set_candidate(m.added);
    model::CollapsePaths paths(game, view, s.root);
    model::Budget budget;
    budget.max_nodes = 300000;
    std::optional<model::ViewPath> any;
    try {
      any = paths.find_any(budget);
    } catch (const model::SearchLimit&) {
      continue;
    }
    model::State after;
    if (any) {
      m.collapse = model::CollapsePath{random_collapse(game, view, paths, s.root, *any, rng), {}};
      auto vp = std::get<model::ViewPath>(model::resolve_path(game, view, *m.collapse));
      model::EdgeSet removed(view.edges().size());
      for (auto e : vp.edges) removed.set(e);
      after = model::after_collapse(game, s, view, &removed);
    } else {
      after = model::after_collapse(game, s, view, static_cast<const model::EdgeSet*>(nullptr));
    }
    if (model::succession_due(game, after)) {
      auto roots = model::eligible_roots(game, after);
      if (roots.empty()) continue;
      std::vector<VertexId> preferred;
      for (auto r : roots)
        if (std::find(hot.begin(), hot.end(), r) != hot.end() || depth_of(game, r) >= 6) preferred.push_back(r);
      m.new_root = !preferred.empty() && chance(rng, 0.7) ? pick(preferred, rng) : pick(roots, rng);
    }
    return m;
  }
  return std::nullopt;
}

}  // namespace

int combos() { return 4 * 2 * 2 * 2 * 2 * 2 * 2 * 2; }

model::Game reading_game(int combo, model::Universe universe) {
  model::Game g;
  g.spec_name = "binary_tree";
  g.document = "000";
  g.profile = "combination " + std::to_string(combo);
  g.universe = std::move(universe);
  g.declared = kReadingSwitches;
  int c = combo;
  for (auto sw : kReadingSwitches) {
    const auto values = model::values_of(sw);
    g.rules.reading.set(sw, values[static_cast<std::size_t>(c) % values.size()]);
    c /= static_cast<int>(values.size());
  }
  g.rules.construct = model::Rules::Construct::Pair;
  g.rules.density = model::DensityAutomaton::avoid(
      {{model::EdgeType::V, 1, 1}, {model::EdgeType::T, 2, -1}, {model::EdgeType::V, 1, 1}},
      g.rules.reading.density == model::sw::Density::Subsequence);
  g.rules.succession.trigger_by_conclusion = false;
  g.rules.succession.eligible_by_conclusion = true;
  g.rules.succession.choice = model::Succession::Choice::BySwitch;
  g.rules.victory.match = model::Victory::Match::BySwitch;
  g.rules.label = {{"construct", "3.1"}, {"collapse", "3.2"}, {"paths", "2.2"}, {"succession", "3.3"}, {"victory", "4"}};
  g.initial_root = g.universe.by_name.at("lambda");
  return g;
}

std::string reading_text(const model::Game& game) { return game.reading(); }

std::vector<std::string> random_shape(std::mt19937_64& rng, int depth) {
  std::set<std::string> words{""};
  const int anchors = std::uniform_int_distribution<int>(3, 6)(rng);
  for (int a = 0; a < anchors; ++a) {
    const int len = a == 0 ? depth : std::uniform_int_distribution<int>(std::min(8, depth), depth)(rng);
    std::string w;
    for (int i = 0; i < len; ++i) {
      w += chance(rng, 0.5) ? '1' : '0';
      words.insert(w);
      if (chance(rng, 0.4)) words.insert(w.substr(0, w.size() - 1) + (w.back() == '0' ? '1' : '0'));
    }
    if (chance(rng, 0.5)) words.insert({w + "0", w + "1"});
  }
  return {words.begin(), words.end()};
}

std::vector<model::Move> random_play(const model::Game& game, int turns, std::mt19937_64& rng) {
  std::vector<VertexId> deep, hot{game.initial_root};
  for (VertexId v = 0; v < game.universe.size(); ++v)
    if (depth_of(game, v) >= 8) deep.push_back(v);
  model::State s = model::initial_state(game);
  std::vector<model::Move> play;
  for (int t = 0; t < turns; ++t) {
    auto m = random_move(game, s, hot, deep, rng);
    if (!m) break;
    model::Budget budget;
    auto next = model::apply_turn(game, s, *m, budget);
    if (auto* v = std::get_if<model::Violation>(&next))
      throw std::logic_error("random_play: a generated move breaks rule " + v->rule + ": " + v->message);
    s = std::get<model::State>(next);
    for (auto v : m->added.vertices) hot.push_back(v);
    hot.push_back(s.root);
    play.push_back(std::move(*m));
  }
  return play;
}

int deepest_mention(const model::Game& game, const std::vector<model::Move>& play) {
  std::size_t d = 0;
  for (const auto& m : play) {
    for (auto v : m.added.vertices) d = std::max(d, depth_of(game, v));
    if (m.collapse)
      for (auto v : m.collapse->vertices) d = std::max(d, depth_of(game, v));
    if (m.new_root) d = std::max(d, depth_of(game, *m.new_root));
  }
  return static_cast<int>(d);
}

}  // namespace carve::shape::testing
