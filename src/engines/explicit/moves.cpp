// Move generation over candidates, collapses and succession choices.
#include "engines/explicit/moves.hpp"

#include "engines/explicit/goal_finish.hpp"
#include "engines/explicit/state_key.hpp"
#include "foundations/limits/guarded_growth.hpp"

#include <absl/container/flat_hash_set.h>
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_set>

namespace carve::search {

using model::VertexId;

namespace {

// 001: the first tuple of `op` (in slot order) whose set of vertices is exactly `set`, whose
// slots have the operator's sorts, and which is neither inherent nor already a virtual edge.
// Explicit search asks this for every vertex set of every state, so the enumeration allocates
// nothing per tuple: each slot picks a position in `set`, and a tuple covers `set` exactly when
// the bitmask of its positions is full (its slots lie in `set` by construction).
std::optional<EdgeElement> fresh_tuple(const Game& game, const State& state, const model::OperatorDecl& op,
                                       const std::vector<VertexId>& set) {
  const auto& u = game.universe;
  const std::size_t k = op.slot_preds.size();
  if (set.empty() || set.size() > 31) return std::nullopt;  // `set` has at most k vertices; operators have a few slots
  std::vector<std::vector<unsigned>> choices(k);
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t p = 0; p < set.size(); ++p)
      if (u.sort_names[u.sorts[set[p]]] == op.slot_preds[i]) choices[i].push_back(static_cast<unsigned>(p));
  for (const auto& c : choices)
    if (c.empty()) return std::nullopt;
  const unsigned full = (1u << set.size()) - 1;
  std::vector<std::size_t> idx(k, 0);
  std::vector<VertexId> slots(k);
  while (true) {
    unsigned covered = 0;
    for (std::size_t i = 0; i < k; ++i) covered |= 1u << choices[i][idx[i]];
    if (covered == full) {
      for (std::size_t i = 0; i < k; ++i) slots[i] = set[choices[i][idx[i]]];
      auto e = EdgeElement::make(op.name, slots);
      if (!u.inherent_by_slots.count(e.slots) && !std::binary_search(state.virtuals.begin(), state.virtuals.end(), e))
        return e;
    }
    std::size_t i = k;
    while (i > 0) {
      --i;
      if (++idx[i] < choices[i].size()) break;
      idx[i] = 0;
      if (i == 0) return std::nullopt;
    }
  }
}

// 001: the formulas no edge mentions -- no inherent edge of E_Ω (present or removed), no
// virtual edge of the state -- and that are not the base point, in classes of equal sort, F*
// membership and frontier mark. Why one representative suffices: a permutation of one class fixes
// the state and keeps everything the rules read of a formula (its sort, F*, E_Ω, the frontier
// mark, ρ_t; rules/model/semantics.cpp, collapse_paths.cpp, victory.cpp -- a name is only
// printed), so it is an automorphism of the game fixing the state, and candidates that differ by
// such a permutation have isomorphic futures. Hence e_new takes from each class only its first
// vertices, in id order: with virtual-scope=formulas and 3 variables, a Theta's 4 Delta slots
// then range over the 6 formulas of F* and the first 4 of the 48 others, not all 54.
class UnmentionedFormulas {
 public:
  UnmentionedFormulas(const Game& game, const State& state) : class_(game.universe.size(), -1), rank_(game.universe.size(), 0) {
    const auto& u = game.universe;
    std::vector<char> mentioned(u.size(), 0);
    for (const auto& ie : u.inherent)
      for (auto v : ie.vertices) mentioned[v] = 1;
    for (const auto& e : state.virtuals)
      for (auto v : e.vertices) mentioned[v] = 1;
    if (state.root < u.size()) mentioned[state.root] = 1;
    std::map<std::tuple<model::Sort, bool, bool>, int> ids;
    std::vector<std::size_t> size;
    for (VertexId v = 0; v < u.size(); ++v) {
      if (mentioned[v]) continue;
      const auto [it, added] = ids.emplace(std::tuple{u.sorts[v], bool(u.in_universe[v]), bool(u.frontier[v])}, static_cast<int>(size.size()));
      if (added) size.push_back(0);
      class_[v] = it->second;
      rank_[v] = size[static_cast<std::size_t>(it->second)]++;
    }
    classes_ = size.size();
  }
  std::size_t classes() const { return classes_; }
  int class_of(VertexId v) const { return class_[v]; }  // -1: mentioned
  std::size_t rank(VertexId v) const { return rank_[v]; }

 private:
  std::vector<int> class_;
  std::vector<std::size_t> rank_;
  std::size_t classes_ = 0;
};

}  // namespace

Candidates candidate_edges(const Game& game, const State& state, Budget& budget) {
  const auto& u = game.universe;
  Candidates result;
  std::vector<EdgeElement>& out = result.owned;
  auto accept = [&](EdgeElement e) {
    if (model::construction_allowed(game, state, e)) out.push_back(std::move(e));
  };
  if (game.rules.construct == model::Rules::Construct::Pair) {
    thread_local const model::Universe* cached = nullptr;
    thread_local std::size_t cached_size = 0;
    thread_local std::vector<EdgeElement> pairs;
    if (cached != &u || cached_size != u.size()) {
      // Every pair of the scope, once per universe: n^2 / 2 of them (2 million at depth 10, 33
      // million at depth 12 -- seconds to list, gigabytes to keep, seconds to free).
      const std::size_t count = u.size() * (u.size() + 1) / 2;
      if (count > kMaxListedPairs)
        throw model::SearchLimit(fmt::format("{} pairs e_new may join: more than explicit search lists ({})", count, kMaxListedPairs));
      budget.expect_allocation(count * (sizeof(EdgeElement) + 2 * 32 + sizeof(const EdgeElement*)),
                               fmt::format("the list of the {} pairs e_new may join", count));
      pairs.clear();
      cached = nullptr;
      for (VertexId a = 0; a < u.size(); ++a) {
        budget.poll();
        for (VertexId b = a; b < u.size(); ++b) pairs.push_back(EdgeElement::make("V", {a, b}));
      }
      cached = &u;
      cached_size = u.size();
    }
    for (const auto& e : pairs) {
      budget.tick();
      if (model::construction_allowed(game, state, e)) result.list.push_back(&e);
    }
    return result;
  }
  // Present virtual edges (a duplicate candidate, legal only under duplicate=merge).
  for (const auto& e : state.virtuals) accept(e);
  // Fresh tuples: one per (operator, vertex set); the vertex set is all the rules can see.
  std::vector<VertexId> pool;
  for (VertexId v = 0; v < u.size(); ++v)
    if (u.in_universe[v] || game.rules.reading.virtual_scope == model::sw::VirtualScope::Formulas) pool.push_back(v);
  const UnmentionedFormulas unmentioned(game, state);
  std::set<std::vector<VertexId>> sets_done;
  for (const auto& op : game.rules.operators) {
    const std::size_t k = op.slot_preds.size();
    // Enumerate subsets of the pool of size 1..k in increasing order, unmentioned formulas of a
    // class only as a prefix of it (`taken` counts, per class, those in `cur`).
    std::vector<VertexId> cur;
    std::vector<std::size_t> taken(unmentioned.classes(), 0);
    std::function<void(std::size_t)> rec = [&](std::size_t from) {
      budget.tick();
      if (!cur.empty()) {
        if (auto e = fresh_tuple(game, state, op, cur)) {
          // Fresh tuples with the same vertex set are interchangeable whatever their operator.
          if (sets_done.insert(cur).second) accept(*e);
        }
      }
      if (cur.size() == k) return;
      for (std::size_t i = from; i < pool.size(); ++i) {
        const auto v = pool[i];
        const int c = unmentioned.class_of(v);
        if (c >= 0 && taken[static_cast<std::size_t>(c)] != unmentioned.rank(v)) continue;
        if (c >= 0) ++taken[static_cast<std::size_t>(c)];
        cur.push_back(v);
        rec(i + 1);
        cur.pop_back();
        if (c >= 0) --taken[static_cast<std::size_t>(c)];
      }
    };
    rec(0);
  }
  for (const auto& e : out) result.list.push_back(&e);
  return result;
}

namespace {
model::CollapsePath to_collapse_path(const Game& game, const State& state, const model::GraphView& view,
                                     const model::ViewPath& p) {
  model::CollapsePath cp;
  cp.vertices = p.vertices;
  for (auto e : p.edges) {
    const auto& ve = view.edges()[e];
    std::string op = ve.inherent >= 0 ? game.universe.inherent[static_cast<std::size_t>(ve.inherent)].op
                     : ve.virtual_index >= 0 ? state.virtuals[static_cast<std::size_t>(ve.virtual_index)].op
                                             : view.candidate().op;
    cp.edges.push_back(EdgeElement{op, *ve.slots, *ve.vertices});
  }
  return cp;
}

// Every (candidate, collapse) of phase 1 and 2: visit(view, removed, path) once per distinct
// E(P), or once with null removed/path when ℛ = ∅ (stability); visit returns false to stop.
// With by_orbit, one candidate per orbit of the state's automorphisms: symmetric candidates
// have symmetric collapses and isomorphic successors.
void for_each_collapse(const Game& game, const State& state, Budget& budget, model::GraphView& view, bool by_orbit,
                       const std::function<bool(const model::EdgeSet*, const model::ViewPath*)>& visit) {
  // Every removal is an EdgeSet: a view it cannot hold fails before the candidates are listed.
  if (view.edges().size() + 1 > model::EdgeSet::kCapacity) throw model::SearchLimit("more edges than one collapse search handles");
  std::unordered_set<std::string> orbits;
  const auto candidates = candidate_edges(game, state, budget);
  for (const auto* c : candidates.list) {
    const auto& cand = *c;
    if (by_orbit) {
      auto key = candidate_orbit_key(game, state, cand);
      if (!key.empty() && !orbits.insert(std::move(key)).second) continue;
    }
    view.set_candidate(cand);
    model::CollapsePaths paths(game, view, state.root);
    bool any = false, stop = false;
    paths.for_each_removal(budget, [&](const model::EdgeSet& removed, const model::ViewPath& p) {
      any = true;
      stop = !visit(&removed, &p);
      return !stop;
    });
    // Stability: legal when ℛ = ∅, and always when the obligation to collapse is off (carve explain).
    if (stop || ((!any || game.rules.relaxed.obligation) && !visit(nullptr, nullptr))) return;
  }
}

}  // namespace

Move move_for(const Game& game, const State& state, const model::GraphView& view, const model::ViewPath* p) {
  Move m;
  m.added = view.candidate();
  if (p) m.collapse = to_collapse_path(game, state, view, *p);
  return m;
}

bool final_turn_win(const Game& game, const State& state, const model::Target& target, Budget& budget, Move& move,
                    std::vector<model::VertexId>& component) {
  if (auto decided = goal_directed_final_turn_win(game, state, target, budget, move, component)) return *decided;
  return listed_final_turn_win(game, state, target, budget, move, component);
}

namespace {

// Any other victory may depend on the root succession chooses (the root's component) or on
// more than the shape of E'': every successor state is judged by the reference victory test.
bool successor_final_turn_win(const Game& game, const State& state, const model::Target& target, Budget& budget,
                              Move& move, std::vector<model::VertexId>& component) {
  bool won = false;
  for_each_successor(game, state, budget, [&](const PendingMove& m, const State& next) {
    budget.tick();
    auto c = model::winning_component(game, next, target);
    if (!c) return true;
    component = c->vertices;
    move = m.make();
    won = true;
    return false;
  });
  return won;
}

}  // namespace

bool listed_final_turn_win(const Game& game, const State& state, const model::Target& target, Budget& budget,
                           Move& move, std::vector<model::VertexId>& component) {
  if (!model::documents_victory(game)) return successor_final_turn_win(game, state, target, budget, move, component);
  model::GraphView view(game, state);
  bool won = false;
  for_each_collapse(game, state, budget, view, false, [&](const model::EdgeSet* removed, const model::ViewPath* p) {
    budget.tick();
    auto vs = model::winning_vertices(game, view, removed, target);
    if (!vs) return true;
    State after = model::after_collapse(game, state, view, removed);
    std::optional<model::VertexId> root;
    if (model::succession_due(game, after)) {
      const auto roots = model::eligible_roots(game, after);
      if (roots.empty()) return true;  // succession blocks: no legal move ends this way
      root = roots.front();
    }
    component = *vs;
    move = move_for(game, state, view, p);
    move.new_root = root;
    won = true;
    return false;
  });
  return won;
}

Move PendingMove::make() const {
  Move m = move_for(game, state, view, path);
  m.new_root = new_root;
  return m;
}

void for_each_successor(const Game& game, const State& state, Budget& budget,
                        const std::function<bool(const PendingMove&, const State&)>& visit) {
  model::GraphView view(game, state);
  const std::size_t base = view.edges().size();
  // Many (candidate, path) pairs remove the same present edges: after a collapse e_new is gone,
  // so E'' is fixed by the removed present edges alone and one representative move suffices --
  // unless Φ_inc is off (carve explain) and the path leaves a fresh e_new, which then stays in
  // E'': such a move is its candidate's own.
  // Flat: millions of entries at depth 4, freed in one go when a limit unwinds the search.
  absl::flat_hash_set<model::EdgeSet, model::EdgeSetHash> seen;
  for_each_collapse(game, state, budget, view, true, [&](const model::EdgeSet* removed, const model::ViewPath* p) {
    const bool keeps_fresh = removed && view.new_edge() >= base && !removed->test(view.new_edge());
    if (removed && !keeps_fresh) {
      model::EdgeSet present_part = *removed;
      if (view.new_edge() >= base) present_part.reset(view.new_edge());
      limits::make_room(seen, budget);  // millions of entries at depth 4: a rehash must fit the budget
      if (!seen.insert(present_part).second) return true;
    }
    State after = model::after_collapse(game, state, view, removed);
    if (!model::succession_due(game, after)) return visit(PendingMove{game, state, view, p, std::nullopt}, after);
    const auto roots = model::eligible_roots(game, after);
    for (auto r : roots) {
      State s = after;
      s.root = r;
      if (!visit(PendingMove{game, state, view, p, r}, s)) return false;
    }
    return true;
  });
}

}  // namespace carve::search
