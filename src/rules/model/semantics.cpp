// One turn, phase by phase, each failure reported under the definition that states the rule.
#include "rules/model/semantics.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace carve::model {

namespace {

// Is some edge of E'' that *is* an element of E_Ω (the same pair / tuple) incident to v in the
// given role? by_conclusion: the edge concludes v (Gen, ParentEdge); otherwise v is a premise.
bool has_inherent_edge(const Game& game, const State& s, VertexId v, bool by_conclusion) {
  const auto& u = game.universe;
  // A frontier node's edges into its untouched infinite part are outside the scope but present:
  // no move may name them, so they are never removed (000: a root at depth D keeps its child
  // edges, and succession never falls due there).
  if (u.frontier[v] && !by_conclusion) return true;
  for (auto id : u.inherent_at[v]) {
    const auto& ie = u.inherent[id];
    if ((ie.conclusion == v) != by_conclusion) continue;
    if (s.inherent.test(id)) return true;
    if (std::binary_search(s.virtuals.begin(), s.virtuals.end(), EdgeElement{ie.op, ie.slots, ie.vertices}))
      return true;
  }
  return false;
}

}  // namespace

namespace {

// The rule of 000 §3.1 / 001 §IV.1, stated once. `reject` receives a message maker and is
// called only for an illegal candidate, so enumerating candidates builds no messages.
template <class Reject>
bool construction_ok(const Game& game, const State& state, const EdgeElement& e, Reject&& reject) {
  const auto& u = game.universe;
  for (auto v : e.slots)
    if (v >= u.size()) return reject([&] { return std::string("e_new mentions a vertex outside the scope"); });
  if (game.rules.construct == Rules::Construct::Pair) {
    if (e.slots.size() != 2) return reject([&] { return std::string("e_new must be a pair {u, v}"); });
    if (e.vertices.size() == 1 && game.rules.reading.loop == model::sw::Loop::Forbid)
      return reject([&] { return fmt::format("u = v = {}: two nodes are needed (switch loop=forbid)", vertex_name(game, e.slots[0])); });
    if (auto it = u.inherent_by_slots.find(e.slots); it != u.inherent_by_slots.end()) {
      if (game.rules.reading.readd == model::sw::Readd::Forbid)
        return reject([&] { return fmt::format("{} is a tree pair: E_V ∩ E_Ω = ∅ (switch readd=forbid)", edge_name(game, e)); });
      if (state.inherent.test(it->second))
        return reject([&] { return fmt::format("{} is a present tree edge", edge_name(game, e)); });
    }
  } else {
    const OperatorDecl* op = nullptr;
    for (const auto& o : game.rules.operators)
      if (o.name == e.op) op = &o;
    if (!op) return reject([&] { return fmt::format("{} is not an operator of U", e.op); });
    if (e.slots.size() != op->slot_preds.size())
      return reject([&] { return fmt::format("{} takes {} formulas", op->name, op->slot_preds.size()); });
    for (std::size_t i = 0; i < e.slots.size(); ++i) {
      const auto v = e.slots[i];
      if (u.sort_names[u.sorts[v]] != op->slot_preds[i])
        return reject([&] {
          return fmt::format("slot {} of {} must be a {} formula, not {}", i + 1, op->name, op->slot_preds[i], u.names[v]);
        });
      if (!u.in_universe[v] && game.rules.reading.virtual_scope == model::sw::VirtualScope::Universe)
        return reject([&] { return fmt::format("{} is not in F* (switch virtual-scope=universe)", u.names[v]); });
    }
    if (u.inherent_by_slots.count(e.slots))
      return reject([&] { return fmt::format("{} ∈ E_Ω: e_new must not be an inherent edge", edge_name(game, e)); });
  }
  if (std::binary_search(state.virtuals.begin(), state.virtuals.end(), e) &&
      game.rules.reading.duplicate == model::sw::Duplicate::Forbid)
    return reject([&] { return fmt::format("{} is already a virtual edge (switch duplicate=forbid)", edge_name(game, e)); });
  return true;
}

}  // namespace

std::optional<Violation> check_construction(const Game& game, const State& state, const EdgeElement& e) {
  std::optional<Violation> out;
  construction_ok(game, state, e, [&](auto&& message) {
    out = Violation{game.rule_label("construct"), message()};
    return false;
  });
  return out;
}

bool construction_allowed(const Game& game, const State& state, const EdgeElement& e) {
  return construction_ok(game, state, e, [](auto&&) { return false; });
}

namespace {

template <class Set>
State collapse_by(const State& state, const GraphView& view, const Set* removed) {
  State next = state;
  const auto& edges = view.edges();
  std::vector<EdgeElement> kept;
  for (std::size_t i = 0; i < state.virtuals.size(); ++i) kept.push_back(state.virtuals[i]);
  std::vector<bool> drop(state.virtuals.size(), false);
  bool keep_fresh = true;
  if (removed) {
    for (auto i = removed->find_first(); i != Set::npos; i = removed->find_next(i)) {
      const auto& e = edges[i];
      if (e.inherent >= 0) next.inherent.reset(static_cast<std::size_t>(e.inherent));
      else if (e.virtual_index >= 0) drop[static_cast<std::size_t>(e.virtual_index)] = true;
      else keep_fresh = false;
    }
  }
  next.virtuals.clear();
  for (std::size_t i = 0; i < kept.size(); ++i)
    if (!drop[i]) next.virtuals.push_back(std::move(kept[i]));
  const auto& ne = edges[view.new_edge()];
  if (ne.virtual_index < 0 && keep_fresh) {
    // A fresh e_new that survives (stability) joins E_V.
    const EdgeElement& e = view.candidate();
    next.virtuals.insert(std::lower_bound(next.virtuals.begin(), next.virtuals.end(), e), e);
  }
  return next;
}

}  // namespace

State after_collapse(const Game&, const State& state, const GraphView& view, const EdgeSet* removed) {
  return collapse_by(state, view, removed);
}

State after_collapse(const Game&, const State& state, const GraphView& view, const WideEdgeSet* removed) {
  return collapse_by(state, view, removed);
}

bool succession_due(const Game& game, const State& after) {
  return !has_inherent_edge(game, after, after.root, game.rules.succession.trigger_by_conclusion);
}

bool eligible_root(const Game& game, const State& after, VertexId v) {
  const auto& u = game.universe;
  if (game.rules.relaxed.eligibility) return v < u.size() && u.in_universe[v];
  if (v == after.root && !game.rules.old_root_may_return()) return false;
  return v < u.size() && u.in_universe[v] && !has_inherent_edge(game, after, v, game.rules.succession.eligible_by_conclusion);
}

std::vector<VertexId> eligible_roots(const Game& game, const State& after) {
  std::vector<VertexId> out;
  for (VertexId v = 0; v < game.universe.size(); ++v)
    if (eligible_root(game, after, v)) out.push_back(v);
  return out;
}

bool succession_never_blocks(const Game& game) {
  const auto& u = game.universe;
  if (game.rules.relaxed.eligibility) return u.in_universe[game.initial_root];  // the root itself is always eligible
  const bool old_root = game.rules.old_root_may_return();
  if (old_root && game.rules.succession.trigger_by_conclusion == game.rules.succession.eligible_by_conclusion &&
      u.in_universe[game.initial_root])
    return true;
  // Vertices eligible in S_0 have no inherent edge in the eligibility role at all, so they stay
  // eligible; when the old root may not return, one of them other than the root is needed.
  State s0 = initial_state(game);
  int eligible = 0;
  for (VertexId v = 0; v < u.size(); ++v) {
    s0.root = static_cast<VertexId>(u.size());  // no root: count every vertex eligible in S_0
    if (eligible_root(game, s0, v)) ++eligible;
  }
  return eligible >= (old_root ? 1 : 2);
}

std::variant<ViewPath, Violation> resolve_path(const Game& game, const GraphView& view, const CollapsePath& p) {
  const std::string rule = game.rule_label("collapse");
  ViewPath out;
  out.vertices = p.vertices;
  if (p.vertices.size() < 2) return Violation{rule, "a collapse path needs at least two vertices"};
  for (std::size_t i = 0; i + 1 < p.vertices.size(); ++i) {
    std::vector<VertexId> slots;
    if (i < p.edges.size()) {
      slots = p.edges[i].slots;
    } else {
      slots = {std::min(p.vertices[i], p.vertices[i + 1]), std::max(p.vertices[i], p.vertices[i + 1])};
    }
    auto e = view.find(slots);
    if (!e)
      return Violation{rule, fmt::format("step {} ({} to {}) uses no edge of E_t ∪ {{e_new}}", i + 1,
                                         vertex_name(game, p.vertices[i]), vertex_name(game, p.vertices[i + 1]))};
    out.edges.push_back(*e);
  }
  return out;
}

std::variant<State, Violation> collapse_phase(const Game& game, const State& state, const EdgeElement& added,
                                              const std::optional<CollapsePath>& collapse, Budget& budget) {
  GraphView view(game, state);
  view.set_candidate(added);
  CollapsePaths paths(game, view, state.root);
  if (collapse) {
    auto resolved = resolve_path(game, view, *collapse);
    if (auto* bad = std::get_if<Violation>(&resolved)) return *bad;
    const auto& vp = std::get<ViewPath>(resolved);
    if (auto why = paths.violation(vp)) return Violation{game.rule_label("paths"), "the collapse path is not in ℛ: " + *why};
    auto remove = [&](auto removed) {
      for (auto e : vp.edges) removed.set(e);
      return after_collapse(game, state, view, &removed);
    };
    const std::size_t n = view.edges().size();
    return n <= EdgeSet::kCapacity ? remove(EdgeSet(n)) : remove(WideEdgeSet(n));
  }
  if (game.rules.relaxed.obligation) return after_collapse(game, state, view, static_cast<const EdgeSet*>(nullptr));
  if (auto p = paths.find_any(budget)) {
    std::string example;
    for (std::size_t i = 0; i < p->vertices.size(); ++i) example += (i ? ", " : "") + vertex_name(game, p->vertices[i]);
    return Violation{game.rule_label("collapse"), fmt::format("ℛ ≠ ∅ (e.g. the path ({})), so the player must collapse", example)};
  }
  return after_collapse(game, state, view, static_cast<const EdgeSet*>(nullptr));
}

std::variant<State, Violation> succession_phase(const Game& game, const State& before, State after,
                                                std::optional<VertexId> new_root) {
  const std::string succ_rule = game.rule_label("succession");
  if (succession_due(game, after)) {
    if (!new_root)
      return Violation{succ_rule, fmt::format("the root {} has lost its edges: the player must name a new root",
                                              vertex_name(game, before.root))};
    if (!eligible_root(game, after, *new_root))
      return Violation{succ_rule, fmt::format("{} is not eligible as the new root", vertex_name(game, *new_root))};
    after.root = *new_root;
  } else if (new_root && *new_root != before.root) {
    return Violation{succ_rule, fmt::format("succession is not due (the root {} keeps its edges); the root cannot move to {}",
                                            vertex_name(game, before.root), vertex_name(game, *new_root))};
  }
  return after;
}

std::variant<State, Violation> apply_turn(const Game& game, const State& state, const Move& move, Budget& budget) {
  if (auto v = check_construction(game, state, move.added)) return *v;
  auto collapsed = collapse_phase(game, state, move.added, move.collapse, budget);
  if (auto* bad = std::get_if<Violation>(&collapsed)) return *bad;
  return succession_phase(game, state, std::move(std::get<State>(collapsed)), move.new_root);
}

}  // namespace carve::model

