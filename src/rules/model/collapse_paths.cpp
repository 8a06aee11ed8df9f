// Search over (vertex, automaton state, edges used[, vertices visited]) from the root.
#include "rules/model/collapse_paths.hpp"

#include <deque>
#include <set>
#include <unordered_set>

#include <absl/container/flat_hash_set.h>

#include "foundations/limits/guarded_growth.hpp"


namespace carve::model {

CollapsePaths::CollapsePaths(const Game& game, const GraphView& view, VertexId root)
    : game_(game), view_(view), root_(root), one_way_(&game.rules.density.from_root() != &game.rules.density) {}

template <class F>
void CollapsePaths::neighbours(VertexId v, std::uint32_t e, F&& f) const {
  const auto& vs = *view_.edges()[e].vertices;
  if (vs.size() == 1) {
    f(v);
    return;
  }
  for (auto w : vs)
    if (w != v) f(w);
}

std::optional<std::string> CollapsePaths::violation(const ViewPath& p) const {
  const auto& edges = view_.edges();
  if (p.edges.empty()) return std::string("a path needs at least one edge");
  if (p.vertices.size() != p.edges.size() + 1) return std::string("a path alternates vertices and edges");
  for (std::size_t i = 0; i < p.edges.size(); ++i) {
    if (p.edges[i] >= edges.size()) return "step " + std::to_string(i + 1) + " uses an edge not in E_t ∪ {e_new}";
    const auto& vs = *edges[p.edges[i]].vertices;
    auto has = [&](VertexId x) { return std::find(vs.begin(), vs.end(), x) != vs.end(); };
    if (!has(p.vertices[i]) || !has(p.vertices[i + 1]))
      return "step " + std::to_string(i + 1) + " uses an edge that does not join its two vertices";
    if (p.vertices[i] == p.vertices[i + 1] && vs.size() > 1)
      return "step " + std::to_string(i + 1) + " stays at the same vertex";
  }
  const auto& relaxed = game_.rules.relaxed;
  if (!relaxed.root_endpoint && p.vertices.front() != root_ && p.vertices.back() != root_)
    return std::string("Φ_root fails: neither end of the path is the root");
  bool inc = false;
  for (auto e : p.edges) inc = inc || edges[e].is_new;
  if (!relaxed.contains_new && !inc) return std::string("Φ_inc fails: the path does not use e_new");
  std::vector<EdgeType> types;
  for (auto e : p.edges) types.push_back(edges[e].type);
  if (!game_.rules.density.accepts(types))
    return "Φ_dense fails: the edge types " + type_word(types) + " contain the forbidden pattern " + game_.rules.density_words();
  const auto kind = game_.rules.path();
  std::set<std::uint32_t> es(p.edges.begin(), p.edges.end());
  const bool distinct_edges = es.size() == p.edges.size();
  std::set<VertexId> vs(p.vertices.begin(), p.vertices.end());
  const bool distinct_vertices = vs.size() == p.vertices.size();
  const bool closed_at_root = p.vertices.front() == root_ && p.vertices.back() == root_ && p.vertices.size() > 2 &&
                              std::set<VertexId>(p.vertices.begin(), p.vertices.end() - 1).size() == p.vertices.size() - 1;
  switch (kind) {
    case PathKind::Walk:
      break;
    case PathKind::Trail:
      if (!distinct_edges) return std::string("not a trail: an edge is used twice");
      break;
    case PathKind::Simple:
      if (!distinct_vertices || !distinct_edges) return std::string("not a simple path: a vertex or edge repeats");
      break;
    case PathKind::SimpleOrCycle:
      if (!distinct_edges || !(distinct_vertices || closed_at_root))
        return std::string("neither a simple path nor a cycle through the root");
      break;
  }
  return std::nullopt;
}

ViewPath CollapsePaths::oriented(const ViewPath& p) const {
  const auto& forward = game_.rules.density;
  int q = forward.start();
  for (auto e : p.edges) q = forward.step(q, view_.edges()[e].type);
  if (q != DensityAutomaton::kDead) return p;
  return ViewPath{{p.vertices.rbegin(), p.vertices.rend()}, {p.edges.rbegin(), p.edges.rend()}};
}

void orient(const Rules& rules, const std::vector<EdgeType>& types_from_root, CollapsePath& path) {
  if (&rules.density.from_root() == &rules.density || rules.density.accepts(types_from_root)) return;
  std::reverse(path.vertices.begin(), path.vertices.end());
  std::reverse(path.edges.begin(), path.edges.end());
}

std::vector<VertexId> CollapsePaths::starts() const {
  if (!game_.rules.relaxed.root_endpoint) return {root_};
  std::vector<VertexId> all(view_.vertex_count());
  for (VertexId v = 0; v < all.size(); ++v) all[v] = v;
  return all;
}

bool CollapsePaths::satisfies_inc(std::uint32_t e) const {
  return game_.rules.relaxed.contains_new || view_.edges()[e].is_new;
}

std::optional<ViewPath> CollapsePaths::find_any(Budget& budget) const {
  std::optional<ViewPath> found;
  if (game_.rules.path() == PathKind::Walk) {
    // Walks: the state (vertex, automaton state, Φ_inc met) is all that matters; BFS with parents.
    struct Key {
      VertexId v; int q; bool inc;
      bool operator==(const Key&) const = default;
    };
    struct KeyHash {
      std::size_t operator()(const Key& k) const { return (k.v * 131u + static_cast<unsigned>(k.q)) * 2u + k.inc; }
    };
    std::unordered_map<Key, std::pair<Key, std::uint32_t>, KeyHash> parent;
    const auto& dfa = game_.rules.density.from_root();
    std::deque<Key> queue;
    for (auto s : starts()) {
      queue.push_back(Key{s, dfa.start(), false});
      parent.emplace(queue.back(), std::make_pair(queue.back(), UINT32_MAX));
    }
    while (!queue.empty()) {
      Key k = queue.front();
      queue.pop_front();
      budget.tick();
      if (k.inc) {
        ViewPath p;
        for (Key c = k;;) {
          p.vertices.push_back(c.v);
          auto [pk, e] = parent.at(c);
          if (e == UINT32_MAX) break;
          p.edges.push_back(e);
          c = pk;
        }
        std::reverse(p.vertices.begin(), p.vertices.end());
        std::reverse(p.edges.begin(), p.edges.end());
        return one_way_ ? oriented(p) : p;
      }
      for (auto e : view_.incident(k.v)) {
        int q2 = dfa.step(k.q, view_.edges()[e].type);
        if (q2 == DensityAutomaton::kDead) continue;
        neighbours(k.v, e, [&](VertexId w) {
          Key nk{w, q2, k.inc || satisfies_inc(e)};
          if (parent.emplace(nk, std::make_pair(k, e)).second) queue.push_back(nk);
        });
      }
    }
    return std::nullopt;
  }
  auto first = [&](const auto&, const ViewPath& p) {
    found = p;
    return false;
  };
  if (view_.edges().size() <= EdgeSet::kCapacity) enumerate<EdgeSet>(budget, first);
  else enumerate<WideEdgeSet>(budget, first);
  return found;
}

void CollapsePaths::for_each_removal(Budget& budget, const std::function<bool(const EdgeSet&, const ViewPath&)>& visit) const {
  if (view_.edges().size() > EdgeSet::kCapacity) throw SearchLimit("more edges than one collapse search handles");
  enumerate<EdgeSet>(budget, visit);
}

template <class Set, class Visit>
void CollapsePaths::enumerate(Budget& budget, Visit&& visit) const {
  const auto& edges = view_.edges();
  const auto kind = game_.rules.path();
  const auto& dfa = game_.rules.density.from_root();
  const std::size_t ne = edges.size();
  // Flat sets: at depth 4 they hold millions of entries per call, and a node-based set takes
  // seconds to free them when a limit unwinds the search (a flat one frees one array).
  absl::flat_hash_set<Set, EdgeSetHash> reported;
  // Walks and trails: the future depends only on (vertex, state, used); memoise visited keys.
  struct Key {
    VertexId v;
    int q;
    Set used;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const { return k.used.hash() * 31 + k.v * 7 + static_cast<std::size_t>(k.q); }
  };
  absl::flat_hash_set<Key, KeyHash> seen;
  const bool memo = kind == PathKind::Walk || kind == PathKind::Trail;

  ViewPath path;
  Set used(ne);
  boost::dynamic_bitset<> visited(view_.vertex_count());
  std::vector<int> counts(ne, 0);
  bool stop = false;
  auto inc_holds = [&] { return game_.rules.relaxed.contains_new ? !path.edges.empty() : used.test(view_.new_edge()); };

  std::function<void(VertexId, int)> dfs = [&](VertexId v, int q) {
    if (stop) return;
    budget.tick();
    if (memo) {
      limits::make_room(seen, budget);
      if (!seen.insert(Key{v, q, used}).second) return;
    }
    if (!path.edges.empty() && inc_holds() && !reported.count(used)) {
      limits::make_room(reported, budget);
      reported.insert(used);
      if (!(one_way_ ? visit(used, oriented(path)) : visit(used, path))) {
        stop = true;
        return;
      }
    }
    for (auto e : view_.incident(v)) {
      if (stop) return;
      if (kind != PathKind::Walk && counts[e] > 0) continue;
      int q2 = dfa.step(q, edges[e].type);
      if (q2 == DensityAutomaton::kDead) continue;
      neighbours(v, e, [&](VertexId w) {
        if (stop) return;
        // Only a path from the root may close there (a cycle through the root).
        const bool closing = kind == PathKind::SimpleOrCycle && w == root_ && path.vertices.front() == root_ && path.edges.size() >= 1;
        if ((kind == PathKind::Simple || kind == PathKind::SimpleOrCycle) && visited.test(w) && !closing) return;
        ++counts[e];
        const bool was_used = used.test(e);
        used.set(e);
        path.vertices.push_back(w);
        path.edges.push_back(e);
        if (closing) {
          // A cycle closed at the root ends here: report it, never extend it.
          if (inc_holds() && !reported.count(used)) {
            limits::make_room(reported, budget);
            reported.insert(used);
            if (!(one_way_ ? visit(used, oriented(path)) : visit(used, path))) stop = true;
          }
        } else {
          const bool simple = kind == PathKind::Simple || kind == PathKind::SimpleOrCycle;
          if (simple) visited.set(w);
          dfs(w, q2);
          if (simple) visited.reset(w);
        }
        path.vertices.pop_back();
        path.edges.pop_back();
        if (!was_used) used.reset(e);
        --counts[e];
      });
    }
  };
  for (auto s : starts()) {
    if (stop) return;
    path = ViewPath{{s}, {}};
    visited.reset();
    visited.set(s);
    dfs(s, dfa.start());
  }
}

}  // namespace carve::model
