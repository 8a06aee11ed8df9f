// Stable wins first (e_new survives and closes the target), then collapse wins: under walks, per
// placement, a search for a middle that covers what the two tree components cannot; otherwise
// every listed removal tested against the placements' masks.
#include "engines/explicit/goal_finish.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "engines/explicit/moves.hpp"
#include "engines/explicit/placements.hpp"
#include "foundations/limits/guarded_growth.hpp"
#include "rules/model/graph_view.hpp"
#include "rules/model/union_find.hpp"
#include "rules/model/victory.hpp"

namespace carve::search {

using model::EdgeType;
using model::GraphView;
using model::VertexId;
using model::ViewPath;

namespace {

// A walk from `from` that traverses every edge of `edges` (connected through `from`'s tree
// component) and ends at `to`; appended to `path` (whose last vertex is `from`).
void cover_walk(const GraphView& view, const std::vector<char>& in_set, VertexId from, VertexId to, ViewPath& path) {
  std::vector<char> done(view.edges().size(), 0);
  std::vector<char> seen(view.vertex_count(), 0);
  auto step = [&](std::uint32_t e, VertexId w) {
    path.edges.push_back(e);
    path.vertices.push_back(w);
  };
  // Depth-first tour: every edge of the set is walked, and the tour returns to its start.
  auto tour = [&](auto&& self, VertexId v) -> void {
    seen[v] = 1;
    for (auto e : view.incident(v)) {
      if (!in_set[e] || done[e]) continue;
      done[e] = 1;
      const auto& vs = *view.edges()[e].vertices;
      VertexId w = v;
      for (auto x : vs)
        if (x != v && !seen[x]) w = x;
      if (w == v)
        for (auto x : vs)
          if (x != v) w = x;
      step(e, w);
      if (!seen[w]) self(self, w);
      step(e, v);  // back along the same edge (a loop stays put)
    }
  };
  tour(tour, from);
  if (from == to) return;
  // Then the shortest way to `to` inside the set.
  std::vector<std::pair<VertexId, std::uint32_t>> prev(view.vertex_count(), {UINT32_MAX, 0});
  std::vector<VertexId> queue{from};
  prev[from] = {from, 0};
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const auto v = queue[i];
    for (auto e : view.incident(v)) {
      if (!in_set[e]) continue;
      for (auto w : *view.edges()[e].vertices)
        if (prev[w].first == UINT32_MAX) {
          prev[w] = {v, e};
          queue.push_back(w);
        }
    }
  }
  if (prev[to].first == UINT32_MAX) throw std::logic_error("goal_finish: the middle's start is not in the root's component");
  std::vector<std::pair<std::uint32_t, VertexId>> back;
  for (VertexId v = to; v != from; v = prev[v].first) back.emplace_back(prev[v].second, v);
  for (auto it = back.rbegin(); it != back.rend(); ++it) step(it->first, it->second);
}

struct Finisher {
  const model::Game& game;
  const model::State& state;
  const model::Target& target;
  model::Budget& budget;
  GraphView view{game, state};
  std::size_t base = view.edges().size();
  bool documents_pattern = model::documents_density(game.rules.density).has_value();

  // Per placement: components of the tree edges outside F, and the required edges by component.
  struct Goal {
    const Placement* placement;
    std::vector<VertexId> comp;                 // tree-component representative of each vertex
    std::vector<char> kept;                     // by view edge id (base edges)
    std::vector<int> bit;                       // required edge -> bit, else -1
    std::uint64_t full = 0;
    std::vector<std::uint64_t> comp_mask;       // by representative: required tree edges inside
  };

  Goal make_goal(const Placement& p) {
    Goal g;
    g.placement = &p;
    g.kept.assign(base + 1, 0);
    for (auto e : p.kept) g.kept[e] = 1;
    g.bit.assign(base + 1, -1);
    for (std::size_t i = 0; i < p.required.size(); ++i) g.bit[p.required[i]] = static_cast<int>(i);
    g.full = p.required.size() == 64 ? ~0ull : ((1ull << p.required.size()) - 1);
    model::UnionFind uf(view.vertex_count());
    for (std::uint32_t e = 0; e < base; ++e) {
      const auto& ve = view.edges()[e];
      if (ve.type == EdgeType::T && !g.kept[e]) uf.unite_all(*ve.vertices);
    }
    g.comp.resize(view.vertex_count());
    for (VertexId v = 0; v < view.vertex_count(); ++v) g.comp[v] = uf.find(v);
    g.comp_mask.assign(view.vertex_count(), 0);
    for (std::uint32_t e = 0; e < base; ++e) {
      const auto& ve = view.edges()[e];
      if (ve.type == EdgeType::T && g.bit[e] >= 0) g.comp_mask[g.comp[(*ve.vertices)[0]]] |= 1ull << g.bit[e];
    }
    return g;
  }

  // The middle search for one goal with the current candidate in the view.
  struct Middle {
    VertexId start = 0;
    ViewPath steps;  // from `start`; the last step is a V edge
  };
  std::optional<Middle> find_middle(const Goal& g) {
    const auto& dfa = game.rules.density;
    const auto& edges = view.edges();
    const std::uint32_t fresh = view.new_edge();
    const VertexId root = state.root;
    const std::uint64_t root_mask = g.comp_mask[g.comp[root]];
    auto is_kept = [&](std::uint32_t e) { return e < base && g.kept[e]; };
    auto cover = [&](std::uint32_t e) { return (e < base && g.bit[e] >= 0) ? (1ull << g.bit[e]) : 0ull; };
    struct Key {
      VertexId v;
      int q;
      std::uint64_t mask;
      bool used_new;
      bool last_v;
      bool operator==(const Key&) const = default;
    };
    struct KeyHash {
      std::size_t operator()(const Key& k) const {
        return (k.mask * 0x9e3779b97f4a7c15ull) ^ (k.v * 131u + static_cast<unsigned>(k.q) * 7u + k.used_new * 3u + k.last_v);
      }
    };
    std::unordered_set<Key, KeyHash> seen;
    Middle m;
    bool found = false;
    auto dfs = [&](auto&& self, VertexId v, int q, std::uint64_t mask, bool used_new, bool last_v) -> void {
      if (found) return;
      budget.tick();
      limits::make_room(seen, budget);
      if (!seen.insert(Key{v, q, mask, used_new, last_v}).second) return;
      if (last_v && used_new && ((root_mask | mask | g.comp_mask[g.comp[v]]) & g.full) == g.full) {
        found = true;
        return;
      }
      for (auto e : view.incident(v)) {
        if (is_kept(e)) continue;
        const int q2 = dfa.step(q, edges[e].type);
        if (q2 == model::DensityAutomaton::kDead) continue;
        const auto& vs = *edges[e].vertices;
        for (auto w : vs) {
          if (w == v && vs.size() > 1) continue;
          m.steps.edges.push_back(e);
          m.steps.vertices.push_back(w);
          self(self, w, q2, mask | cover(e), used_new || e == fresh, edges[e].type == EdgeType::V);
          if (found) return;
          m.steps.edges.pop_back();
          m.steps.vertices.pop_back();
        }
      }
    };
    // The middle starts with a V edge at a vertex the prefix can reach: the root's tree component.
    const int q1 = dfa.step(dfa.start(), EdgeType::V);
    if (q1 == model::DensityAutomaton::kDead) return std::nullopt;
    for (std::uint32_t e = 0; e < edges.size() && !found; ++e) {
      if (edges[e].type != EdgeType::V || is_kept(e)) continue;
      const auto& vs = *edges[e].vertices;
      for (auto a : vs) {
        if (found) break;
        if (a != root && g.comp[a] != g.comp[root]) continue;
        for (auto w : vs) {
          if (w == a && vs.size() > 1) continue;
          m.start = a;
          m.steps.vertices = {a, w};
          m.steps.edges = {e};
          dfs(dfs, w, q1, cover(e), e == fresh, true);
          if (found) break;
        }
      }
    }
    if (!found) return std::nullopt;
    return m;
  }

  // Any other pattern: a walk from the root, read by the automaton from the root, that avoids the
  // kept edges, uses e_new and covers the required ones -- searched breadth-first over (vertex,
  // automaton state, required edges covered, e_new used), every walk's future depending on no
  // more; oriented as the rules read it (CollapsePaths::oriented).
  std::optional<ViewPath> find_walk(const Goal& g) {
    const auto& dfa = game.rules.density.from_root();
    const auto& edges = view.edges();
    const std::uint32_t fresh = view.new_edge();
    struct Key {
      VertexId v;
      int q;
      std::uint64_t mask;
      bool used_new;
      bool operator==(const Key&) const = default;
    };
    struct KeyHash {
      std::size_t operator()(const Key& k) const {
        return (k.mask * 0x9e3779b97f4a7c15ull) ^ (k.v * 131u + static_cast<unsigned>(k.q) * 7u + k.used_new);
      }
    };
    std::unordered_map<Key, std::pair<Key, std::uint32_t>, KeyHash> parent;
    const Key first{state.root, dfa.start(), 0, false};
    parent.emplace(first, std::make_pair(first, UINT32_MAX));
    std::vector<Key> queue{first};
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const Key k = queue[i];
      budget.tick();
      if (k.used_new && (k.mask & g.full) == g.full) {
        ViewPath p;
        for (Key c = k;;) {
          p.vertices.push_back(c.v);
          const auto [pk, e] = parent.at(c);
          if (e == UINT32_MAX) break;
          p.edges.push_back(e);
          c = pk;
        }
        std::reverse(p.vertices.begin(), p.vertices.end());
        std::reverse(p.edges.begin(), p.edges.end());
        return model::CollapsePaths(game, view, state.root).oriented(p);
      }
      for (auto e : view.incident(k.v)) {
        if (e < base && g.kept[e]) continue;
        const int q2 = dfa.step(k.q, edges[e].type);
        if (q2 == model::DensityAutomaton::kDead) continue;
        const std::uint64_t cover = (e < base && g.bit[e] >= 0) ? (1ull << g.bit[e]) : 0ull;
        const auto& vs = *edges[e].vertices;
        for (auto w : vs) {
          if (w == k.v && vs.size() > 1) continue;
          const Key nk{w, q2, k.mask | cover, k.used_new || e == fresh};
          limits::make_room(parent, budget);
          if (parent.emplace(nk, std::make_pair(k, e)).second) queue.push_back(nk);
        }
      }
    }
    return std::nullopt;
  }

  // prefix (the whole root component) + middle + suffix (the whole end component).
  ViewPath assemble(const Goal& g, const Middle& m) {
    std::vector<char> in_set(view.edges().size(), 0);
    auto mark_component = [&](VertexId c) {
      std::fill(in_set.begin(), in_set.end(), 0);
      for (std::uint32_t e = 0; e < base; ++e) {
        const auto& ve = view.edges()[e];
        if (ve.type == EdgeType::T && !g.kept[e] && g.comp[(*ve.vertices)[0]] == c) in_set[e] = 1;
      }
    };
    ViewPath p{{state.root}, {}};
    mark_component(g.comp[state.root]);
    cover_walk(view, in_set, state.root, m.start, p);
    for (std::size_t i = 0; i < m.steps.edges.size(); ++i) {
      p.edges.push_back(m.steps.edges[i]);
      p.vertices.push_back(m.steps.vertices[i + 1]);
    }
    const VertexId end = p.vertices.back();
    mark_component(g.comp[end]);
    cover_walk(view, in_set, end, end, p);
    return p;
  }

  // The move is checked against the reference semantics before it is reported.
  // A view of a deep scope has more edges than an EdgeSet holds: then the removal is a WideEdgeSet.
  bool accept(const ViewPath* path, Move& move, std::vector<VertexId>& component) {
    const std::size_t n = view.edges().size();
    return n <= model::EdgeSet::kCapacity ? accept_with(path, model::EdgeSet(n), move, component)
                                          : accept_with(path, model::WideEdgeSet(n), move, component);
  }

  template <class Set>
  bool accept_with(const ViewPath* path, Set removed, Move& move, std::vector<VertexId>& component) {
    if (path)
      for (auto e : path->edges) removed.set(e);
    auto vs = model::winning_vertices(game, view, path ? &removed : nullptr, target);
    if (!vs) throw std::logic_error("goal_finish: a goal-directed last turn does not leave the target");
    move = move_for(game, state, view, path);
    model::State after = model::after_collapse(game, state, view, path ? &removed : nullptr);
    if (model::succession_due(game, after)) {
      auto roots = model::eligible_roots(game, after);
      if (roots.empty()) return false;
      move.new_root = roots.front();
    }
    auto replay = model::apply_turn(game, state, move, budget);
    if (std::holds_alternative<model::Violation>(replay))
      throw std::logic_error("goal_finish: a goal-directed last turn breaks rule " +
                             std::get<model::Violation>(replay).rule + ": " + std::get<model::Violation>(replay).message);
    component = *vs;
    return true;
  }

  // Trails and simple paths: every removal listed, each tested against the placements by masks.
  std::optional<bool> listed_collapse_win(const std::vector<Goal>& goals, const std::vector<const model::EdgeElement*>& candidates,
                                          Move& move, std::vector<VertexId>& component) {
    // Every removal is listed as an EdgeSet: a larger view cannot be listed at all.
    if (base + 1 > model::EdgeSet::kCapacity) throw model::SearchLimit("more edges than one collapse search handles");
    std::vector<std::pair<model::EdgeSet, model::EdgeSet>> masks;  // (required, kept)
    for (const auto& g : goals) {
      model::EdgeSet req(base + 1), keep(base + 1);
      for (auto e : g.placement->required) req.set(e);
      for (auto e : g.placement->kept) keep.set(e);
      masks.emplace_back(req, keep);
    }
    for (const auto* cand : candidates) {
      view.set_candidate(*cand);
      model::CollapsePaths paths(game, view, state.root);
      std::optional<ViewPath> hit;
      paths.for_each_removal(budget, [&](const model::EdgeSet& removed, const ViewPath& p) {
        for (const auto& [req, keep] : masks)
          if (removed.contains_all(req) && !removed.intersects(keep)) {
            hit = p;
            return false;
          }
        return true;
      });
      if (!hit) continue;
      if (accept(&*hit, move, component)) return true;
      return std::nullopt;
    }
    return false;
  }

  std::optional<bool> run(Move& move, std::vector<VertexId>& component) {
    // (Orbits of candidates under the state's automorphisms would cut this list, but computing
    // them costs more than the goal-directed checks they save.)
    const auto listed = candidate_edges(game, state, budget);
    const auto& candidates = listed.list;
    // Stable wins: e_new survives; the component it lands in (or one already there) is the target.
    // Only a candidate whose merged component has the target's size is tested in full.
    const auto comps = model::components(game, state);
    std::vector<int> comp_of(view.vertex_count(), -1);
    bool already = false;
    for (std::size_t i = 0; i < comps.size(); ++i) {
      for (auto v : comps[i].vertices) comp_of[v] = static_cast<int>(i);
      already = already || model::is_target(comps[i], target);
    }
    for (const auto* cand : candidates) {
      std::vector<int> merged;
      std::size_t nv = 0, ne = 1;
      bool finite = true;
      for (auto v : cand->vertices) {
        const int ci = comp_of[v];
        if (ci < 0) {
          ++nv;  // a formula outside F* that no edge mentions joins with e_new
          continue;
        }
        if (std::find(merged.begin(), merged.end(), ci) != merged.end()) continue;
        merged.push_back(ci);
        const auto& c = comps[static_cast<std::size_t>(ci)];
        nv += c.vertices.size();
        ne += c.edges.size();
        finite = finite && c.finite;
      }
      const bool lands = finite && nv == target.vertex_count() && ne == target.edge_count();
      if (!lands && !already) continue;
      view.set_candidate(*cand);
      if (!model::winning_vertices(game, view, static_cast<const model::EdgeSet*>(nullptr), target)) continue;
      model::CollapsePaths paths(game, view, state.root);
      if (paths.find_any(budget)) continue;
      if (accept(nullptr, move, component)) return true;
    }
    // Collapse wins, placement by placement.
    // The placements read only the present edges (ids below `base`), whatever candidate is set.
    const auto placements = target_placements(game, view, base, target);
    std::vector<Goal> goals;
    for (const auto& p : placements) {
      if (p.required.size() > 64) return std::nullopt;
      goals.push_back(make_goal(p));
    }
    if (goals.empty()) return false;
    if (game.rules.path() != model::PathKind::Walk) return listed_collapse_win(goals, candidates, move, component);
    for (const auto* cand : candidates) {
      view.set_candidate(*cand);
      for (const auto& g : goals) {
        if (view.new_edge() < base && g.kept[view.new_edge()]) continue;  // e_new would have to stay
        std::optional<ViewPath> p;
        if (documents_pattern) {
          if (auto m = find_middle(g)) p = assemble(g, *m);
        } else {
          p = find_walk(g);
        }
        if (!p) continue;
        if (accept(&*p, move, component)) return true;
        return std::nullopt;  // no eligible new root: let the exhaustive listing decide
      }
    }
    return false;
  }
};

}  // namespace

std::optional<bool> goal_directed_final_turn_win(const model::Game& game, const model::State& state,
                                                 const model::Target& target, model::Budget& budget, model::Move& move,
                                                 std::vector<model::VertexId>& component) {
  // The placements below rest on the documents' victory (a component isomorphic to the target,
  // whatever the root); the middles of walks on the documents' pattern (find_walk otherwise).
  if (!model::documents_victory(game)) return std::nullopt;
  // The stable wins and the middles read ℛ as paths from the root through e_new that must be
  // taken when they exist: rules with Φ_root, Φ_inc or the obligation off (carve explain) are
  // left to the listing of every move.
  const auto& relaxed = game.rules.relaxed;
  if (relaxed.root_endpoint || relaxed.contains_new || relaxed.obligation) return std::nullopt;
  Finisher f{game, state, target, budget};
  return f.run(move, component);
}

}  // namespace carve::search
