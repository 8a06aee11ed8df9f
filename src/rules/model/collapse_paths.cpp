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

// From each start, a path extended edge by edge in depth-first order; each distinct edge set E(P)
// of a legal path is handed to `visit` once, with the first path found realising it.
template <class Set, class Visit>
class CollapsePaths::Enumeration {
 public:
  Enumeration(const CollapsePaths& paths, Budget& budget, Visit& visit)
      : paths_(paths),
        edges_(paths.view_.edges()),
        kind_(paths.game_.rules.path()),
        dfa_(paths.game_.rules.density.from_root()),
        budget_(budget),
        visit_(visit),
        memo_(kind_ == PathKind::Walk || kind_ == PathKind::Trail),
        simple_(kind_ == PathKind::Simple || kind_ == PathKind::SimpleOrCycle),
        used_(edges_.size()),
        visited_(paths.view_.vertex_count()),
        counts_(edges_.size(), 0) {}

  void run() {
    for (auto s : paths_.starts()) {
      if (stop_) return;
      path_ = ViewPath{{s}, {}};
      visited_.reset();
      visited_.set(s);
      dfs(s, dfa_.start());
    }
  }

 private:
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

  bool inc_holds() const {
    return paths_.game_.rules.relaxed.contains_new ? !path_.edges.empty() : used_.test(paths_.view_.new_edge());
  }

  // The current path's edge set, if it meets Φ_inc and is new; visit's false stops the search.
  void report() {
    if (!inc_holds() || reported_.count(used_)) return;
    limits::make_room(reported_, budget_);
    reported_.insert(used_);
    if (!(paths_.one_way_ ? visit_(used_, paths_.oriented(path_)) : visit_(used_, path_))) stop_ = true;
  }

  // The path ends at v in automaton state q: report it, then extend it along each incident edge
  // the automaton and the path kind allow.
  void dfs(VertexId v, int q) {
    if (stop_) return;
    budget_.tick();
    if (memo_) {
      limits::make_room(seen_, budget_);
      if (!seen_.insert(Key{v, q, used_}).second) return;
    }
    if (!path_.edges.empty()) {
      report();
      if (stop_) return;
    }
    for (auto e : paths_.view_.incident(v)) {
      if (stop_) return;
      if (kind_ != PathKind::Walk && counts_[e] > 0) continue;
      const int q2 = dfa_.step(q, edges_[e].type);
      if (q2 == DensityAutomaton::kDead) continue;
      paths_.neighbours(v, e, [&](VertexId w) {
        if (!stop_) step(e, q2, w);
      });
    }
  }

  // One step along edge e to w (automaton state q2 after it), undone after the search beyond it.
  void step(std::uint32_t e, int q2, VertexId w) {
    // Only a path from the root may close there (a cycle through the root).
    const bool closing =
        kind_ == PathKind::SimpleOrCycle && w == paths_.root_ && path_.vertices.front() == paths_.root_ && path_.edges.size() >= 1;
    if (simple_ && visited_.test(w) && !closing) return;
    ++counts_[e];
    const bool was_used = used_.test(e);
    used_.set(e);
    path_.vertices.push_back(w);
    path_.edges.push_back(e);
    if (closing) {
      report();  // a cycle closed at the root ends here: reported, never extended
    } else {
      if (simple_) visited_.set(w);
      dfs(w, q2);
      if (simple_) visited_.reset(w);
    }
    path_.vertices.pop_back();
    path_.edges.pop_back();
    if (!was_used) used_.reset(e);
    --counts_[e];
  }

  const CollapsePaths& paths_;
  const std::vector<ViewEdge>& edges_;
  const PathKind kind_;
  const DensityAutomaton& dfa_;
  Budget& budget_;
  Visit& visit_;
  const bool memo_, simple_;
  // Flat sets: at depth 4 they hold millions of entries per call, and a node-based set takes
  // seconds to free them when a limit unwinds the search (a flat one frees one array).
  absl::flat_hash_set<Set, EdgeSetHash> reported_;
  absl::flat_hash_set<Key, KeyHash> seen_;
  ViewPath path_;
  Set used_;
  boost::dynamic_bitset<> visited_;
  std::vector<int> counts_;
  bool stop_ = false;
};

template <class Set, class Visit>
void CollapsePaths::enumerate(Budget& budget, Visit&& visit) const {
  Enumeration<Set, std::remove_reference_t<Visit>>(*this, budget, visit).run();
}

}  // namespace carve::model
