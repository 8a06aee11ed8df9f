// The 000 encoding, rule by rule. The comment blocks state why each part is exact.
//
// Pairs and slots (engines/sat/frames/scope_pairs.hpp, virtual_slots.hpp). Every edge of G_t or G' lies on an
// unordered pair of scope vertices carrying at most one edge (a tree edge never comes back), so
// a step of a path is determined by its two vertices; its type is T exactly when the pair's tree
// edge is present. Tree edges are literals per tree pair; a virtual edge is the slot of the turn
// that made it (its endpoints) with one "alive" literal per later frame. A slot of a turn whose
// e_new names a present virtual edge (duplicate=merge) never becomes alive: that edge is e_new,
// so G' has no two edges on one pair and E'' is a set as in the rules.
//
// Collapse (engines/sat/frames/turn_collapse.hpp). One route per rules record, each exact for every legal
// path (the argument is in its file): under path=walk the removal set is encoded directly --
// WalkCollapse for the documents' pattern V T{2,} V (the shape of its walks), PhaseWalk for any
// pattern whose automaton read from the root has no cycle but self-loops (every subsequence
// reading, and some factor ones) -- and otherwise by positions, PositionalPath, with a length
// bound proved sufficient for every path kind and pattern (split around a short positional
// middle under the documents' pattern). Every route reads Φ_dense from the root
// (DensityAutomaton::from_root(), minimal; for the documents' pattern its own automaton, the
// CNF unchanged), and decode() turns each path the way the rules read it (model::orient). Only
// a path-length override below the bound makes the encoding inexact.
//
// Obligation to collapse. Walks: ℛ ≠ ∅ iff in the product graph (vertex, automaton state,
// e_new used) a state with the flag set is reachable from (root, start, no). The encoding asks
// for a *closed* set C of product states: (root, start, 0) ∈ C and every successor of a member
// is a member; a stable move requires that C holds no flagged state. If a legal walk exists,
// every closed set holds its flagged end, so stability is impossible; if none exists, the least
// closed set (the reachable states) satisfies every clause, so stability is possible. Exact.
// Trails and simple paths: existence of a legal path is not reachability in any small product
// (it needs the set of used edges or vertices), so it is enforced lazily: whenever a model's
// stable move does not replay, the reference semantics names a legal path P (taken from the
// root end), and the lemma
// "root = P's start ∧ e_new = P's new edge ∧ every other pair of P present with P's type →
// not stable" is added for every turn. The lemma is implied by the rules: under its premise P
// is a path of G' with the same vertex sequence and type sequence, so it is legal, ℛ ≠ ∅. The
// formula with lemmas therefore has the same legal plays as the rules; a model the driver
// accepts replays, and an unsatisfiable formula means no legal play (finitely many paths, so
// the loop ends).
//
// Without Φ_root (carve explain) e_new alone is a path: one V step, along an edge of G', using
// e_new; when the automaton accepts the word V and the kind admits it (a trail always, a simple
// path unless e_new is a loop, which loop=forbid excludes), ℛ ≠ ∅ in every state, so the turn
// collapses -- one clause per turn, implied by the rules like the lemmas, and without it every
// stable move anywhere in the scope would cost a lemma of its own.
//
// Eager stability lemmas (trail, simple and simple-or-cycle kinds, when the automaton read from
// the root accepts every T^m V). If an endpoint x of e_new = {x, y}, x != y, is joined to ρ by present tree
// edges, then ℛ ≠ ∅: the tree path ρ..x followed by e_new is a rooted path of type T^m V that
// contains e_new, and it is simple -- unless y lies on ρ..x, and then ρ..y followed by e_new
// (to x, beyond y) is. So "stable" needs both endpoints cut off from ρ's tree component. The
// clauses read r[x] ⇐ "x is in ρ's tree component" (forced true along present tree edges
// from ρ, free otherwise: a model may only make it smaller), so they are implied by the rules
// like the lazy lemmas, and they spare the search most of the plays it would otherwise refute
// one lemma at a time.
//
// Succession (000 §3.3 as the rules record states it). Each of the spec's two edge sets is a
// role: by conclusion (ParentEdge) a vertex's parent pair, by premise (ChildEdges) its child
// pairs. "v has a present inherent edge in the role" <-> some role pair carries its tree edge in
// E'' or, under readd=allow, a virtual edge (the same pair is the same element of E_Ω, and the
// reference semantics counts it) -- except that a frontier node always has one by premise (its
// child edges into the untouched infinite subtree are out of scope and never removed), and λ
// never has one by conclusion. trigger <-> the root has none in the trigger's role: both
// directions, over exact literals of E'', so trigger is exact. On trigger the next root is a
// vertex with none in the eligibility role -- "none" only needs each present edge to force its
// literal true, so the one-sided virtual literals suffice -- and, when the rules exclude the old
// root (rules.old_root_may_return(): `choose other`, or `choose new by reroot` under
// reroot=forbid), a vertex other than the root of S_t. Without trigger the root stays. These are
// model::succession_due and model::eligible_root clause for clause; when no vertex is eligible
// no next root satisfies them, as the reference semantics then admits no move.
//
// Victory at frame f. An injective map x[i][v] of target vertices onto non-frontier vertices,
// target edges mapped onto present pairs, target non-edges onto absent pairs, no loop on an image
// vertex, and no present pair between an image vertex and a non-image vertex. The image is then
// a union of components whose edges are exactly the image of the target's, and since the target
// is connected it is one component, isomorphic to the target and finite (no frontier vertex).
// The rules record's variants (model::Victory; rules/model/victory.cpp is the reference):
// - iso=typed: a target edge typed T maps only onto a present tree edge, one typed V only onto an
//   alive slot (a pair carries one edge at a time, so the pair's edge then has that type): x is
//   an isomorphism keeping types, and every such isomorphism satisfies the clauses. An untyped
//   target's edges count as T, as in the reference's coloured canonical form.
// - contains: only the target's edges map onto present pairs (of their type when typed); no
//   non-edge, loop or closure clause. x is then an injective map keeping the target's edges, a
//   copy of the target; it lies in one component (the target is connected); that component is
//   finite iff some set holding the image, closed under present edges, avoids the frontier
//   (engines/sat/frames/component_reach.hpp: the component itself is such a set, and any such set contains
//   the component). Distinct target edges land on distinct pairs, so on distinct edges.
// - root component: under isomorphism the image is a whole component, so "the root's component"
//   is "the root is in the image"; under contains the root must lie in the copy's component,
//   i.e. reach the image along present edges -- layered reach, at most (non-frontier vertices - 1)
//   steps, since a shortest path inside a finite component visits distinct non-frontier vertices.
#include "engines/sat/tree/tree_encoding.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "engines/sat/paths/tree_path.hpp"

namespace carve::encoder {

using model::VertexId;

std::optional<model::Refusal> TreeEncoding::refusal(const model::Game& game, const model::Target&) {
  const auto& r = game.rules;
  auto no = [&](const char* rule, std::string what) {
    return model::Refusal{"", game.rule_label(rule) + " " + rule, std::move(what), ""};
  };
  if (r.path() == model::PathKind::Walk && route_of(r) == Route::Positions) {
    // Walks the edge-set routes cannot take go by positions; past this size (depth 3 and more)
    // the solver does not finish even a small question in minutes, where explicit search takes
    // a second: bench figures in docs/sat-encoding.md.
    constexpr long kPositionalWalkBudget = 3000;  // steps of the first turn times (tree pairs + 1)
    const int steps = PositionalPath::bound(game, rooted_density(r), false, 1);
    if (static_cast<long>(steps) * static_cast<long>(game.universe.inherent.size() + 1) > kPositionalWalkBudget)
      return no("paths", fmt::format("path=walk and the density pattern {} at depth {} (no edge-set encoding of its "
                                     "walks: the automaton read from the root has a cycle that bouncing does not remove; "
                                     "by positions, {} steps a turn)",
                                     r.density_words(), game.universe.depth, steps));
  }
  return std::nullopt;
}

TreeEncoding::TreeEncoding(const model::Game& game, const model::Target& target, Cnf& cnf, int path_length,
                           bool symmetry_breaking, const Selectors& selectors)
    : game_(game), target_(target), cnf_(cnf), path_override_(path_length), n_(game.universe.size()), pairs_(game),
      root_rule_(RuleSwitch::of(game.rules.relaxed.root_endpoint, selectors.root_endpoint)),
      inc_rule_(RuleSwitch::of(game.rules.relaxed.contains_new, selectors.contains_new)),
      obligation_rule_(RuleSwitch::of(game.rules.relaxed.obligation, selectors.obligation)),
      eligibility_rule_(RuleSwitch::of(game.rules.relaxed.eligibility, selectors.eligibility)),
      route_(collapse_route(game, pairs_, cnf_, path_length, root_rule_.fixed() && inc_rule_.fixed())) {
  if (symmetry_breaking) break_symmetry();
  // Does the automaton accept T^m V for every m (so a tree path from ρ and then e_new is dense)?
  // The run over T^m repeats a state or dies within states() steps, so m <= states() decides it;
  // a pattern of T's alone kills T^m itself, and then the eager clauses would be wrong.
  {
    std::vector<model::EdgeType> word{model::EdgeType::V};
    tree_then_new_is_legal_ = true;
    for (int m = 0; m <= route_.dfa.states() && tree_then_new_is_legal_; ++m) {
      tree_then_new_is_legal_ = route_.dfa.accepts(word);
      word.insert(word.begin(), model::EdgeType::T);
    }
  }
  // Is e_new alone, one V step, a legal path wherever it lies (which Φ_root off lets it)? Its
  // type word V must be dense, and under the simple kinds it must be no loop.
  new_alone_is_a_path_ = route_.dfa.accepts({model::EdgeType::V}) &&
                         (game.rules.path() == model::PathKind::Trail || game.rules.reading.loop == model::sw::Loop::Forbid);
  new_frame();
  // S_0: every tree edge, no virtual edge, the root λ.
  Frame& f = frames_[0];
  for (std::size_t p = 0; p < pairs_.size(); ++p)
    if (f.tree[p]) cnf_.clause({f.tree[p]});
  for (VertexId v = 0; v < n_; ++v) cnf_.clause({v == game.initial_root ? f.root[v] : -f.root[v]});
}

void TreeEncoding::restrict_first_move(const FirstMoves& allowed) {
  if (turns_.empty()) throw std::logic_error("restrict_first_move before turn 1 exists");
  std::vector<int> some;
  for (const auto& [a, b] : allowed)
    if (const int lit = fresh_lit(0, a, b)) some.push_back(lit);
  cnf_.clause(some);  // empty when no allowed pair can be a slot: the part has no play
}

int TreeEncoding::fresh_lit(int turn, VertexId a, VertexId b) {
  const int p = pair_of(a, b);
  if (p < 0 || !pairs_[static_cast<std::size_t>(p)].can_virtual) return 0;
  auto& lit = probes_[{0, turn, p}];
  if (!lit) lit = on_pair(cnf_, turns_[static_cast<std::size_t>(turn)].slot, a, b);
  return lit;
}

int TreeEncoding::removed_lit(int turn, VertexId a, VertexId b) {
  const int p = pair_of(a, b);
  if (p < 0) return 0;
  const Turn& tu = turns_[static_cast<std::size_t>(turn)];
  auto& lit = probes_[{1, turn, p}];
  if (lit) return lit;
  std::vector<int> parts;
  if (static_cast<std::size_t>(p) < pairs_.size() && tu.rem.tree[static_cast<std::size_t>(p)])
    parts.push_back(tu.rem.tree[static_cast<std::size_t>(p)]);
  if (pairs_[static_cast<std::size_t>(p)].can_virtual)
    for (std::size_t i = 0; i < tu.g1.size(); ++i) {
      const int x = cnf_.var(), on = on_pair(cnf_, tu.g1[i].slot, a, b);
      cnf_.clause({-x, on});
      cnf_.clause({-x, tu.rem.slot[i]});
      cnf_.clause({x, -on, -tu.rem.slot[i]});
      parts.push_back(x);
    }
  lit = parts.empty() ? cnf_.false_lit() : cnf_.define_or(parts);
  return lit;
}

void TreeEncoding::new_frame() {
  Frame f;
  for (std::size_t p = 0; p < pairs_.size(); ++p) f.tree.push_back(pairs_[p].tree >= 0 ? cnf_.var() : 0);
  for (std::size_t i = 0; i < frames_.size(); ++i) f.alive.push_back(cnf_.var());
  for (std::size_t v = 0; v < n_; ++v) f.root.push_back(cnf_.var());
  cnf_.exactly_one(f.root);
  frames_.push_back(std::move(f));
  victory_.push_back(0);
}

int TreeEncoding::virtual_on(int frame, int p, bool lower_only) {
  auto& lit = virtual_on_[{frame, p, lower_only}];
  if (lit) return lit;
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  const auto& pr = pairs_[static_cast<std::size_t>(p)];
  if (!pr.can_virtual || f.alive.empty()) return lit = cnf_.false_lit();
  lit = cnf_.var();
  std::vector<int> why{-lit};
  for (std::size_t i = 0; i < f.alive.size(); ++i) {
    const std::vector<int> off = not_on_pair(turns_[i].slot, pr.a, pr.b);
    cnf_.clause({off[0], off[1], -f.alive[i], lit});
    if (lower_only) continue;
    const int z = cnf_.var();
    cnf_.clause({-z, f.alive[i]});
    cnf_.clause({-z, -off[0]});
    cnf_.clause({-z, -off[1]});
    why.push_back(z);
  }
  if (!lower_only) cnf_.clause(why);
  return lit;
}

int TreeEncoding::path_length(int turn) const {
  if (path_override_ > 0) return path_override_;
  return route_.positional ? PositionalPath::bound(game_, route_.dfa, route_.split, turn + 1) : 0;
}

bool TreeEncoding::exact() const {
  if (!route_.positional) return true;
  for (int t = 0; t < turns(); ++t)
    if (path_length(t) < PositionalPath::bound(game_, route_.dfa, route_.split, t + 1)) return false;
  return true;
}

// Every state has a legal move as soon as some pair can take e_new: with e_new fixed, collapse
// along a legal path if there is one, else stay stable; succession, when due, needs an eligible
// root (model::succession_never_blocks; λ under the documents' rules). Pairs that never carry a
// tree edge and may be virtual can take e_new unless duplicate=forbid and a virtual edge is
// already on them; before turn K at most K - 1 virtual edges are present, so C >= 1 such pairs
// (C >= K under duplicate=forbid) let every play of fewer than K turns go on to K.
std::string TreeEncoding::extension_gap(int turns) const {
  return extension_gap_of(game_, turns, pairs_.free_pairs(), "pairs can take e_new without a tree edge");
}

void TreeEncoding::add_turn() {
  const int t = turns();
  const Cnf::Guard guard(cnf_, turn_guard(cnf_, t));
  new_frame();
  Turn tu;
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
  // Construction: e_new is a slot on a pair that may be virtual and whose tree edge (if any) is
  // gone. Under duplicate=merge it may name a present virtual edge: then E_t ∪ {e_new} = E_t,
  // e_new *is* that edge, and its own slot stays out of G'.
  tu.slot = make_slot(cnf_, pairs_);
  for (std::size_t p = 0; p < pairs_.size(); ++p)
    if (s.tree[p] && pairs_[p].can_virtual) {
      std::vector<int> c = not_on_pair(tu.slot, pairs_[p].a, pairs_[p].b);
      c.push_back(-s.tree[p]);
      cnf_.clause(c);
    }
  const bool dup_forbid = game_.rules.reading.duplicate == model::sw::Duplicate::Forbid;
  std::vector<int> dups;
  for (std::size_t i = 0; i < s.alive.size(); ++i) {
    const int same = same_pair(cnf_, turns_[i].slot, tu.slot);
    const int is_new = cnf_.var();  // <-> alive_i ∧ same
    cnf_.clause({-is_new, s.alive[i]});
    cnf_.clause({-is_new, same});
    cnf_.clause({is_new, -s.alive[i], -same});
    if (dup_forbid) cnf_.clause({-is_new});
    dups.push_back(is_new);
    tu.g1.push_back({turns_[i].slot, s.alive[i], is_new});
  }
  const int dup = dups.empty() ? cnf_.false_lit() : cnf_.define_or(dups);
  tu.g1.push_back({tu.slot, -dup, -dup});
  for (VertexId v = 0; v < n_; ++v) tu.touch.push_back(cnf_.define_or({tu.slot.a[v], tu.slot.b[v]}));
  tu.collapse = cnf_.var();
  turns_.push_back(std::move(tu));
  TurnLiterals in;
  in.root = s.root;
  in.start = path_start(cnf_, root_rule_, s.root, turns_.back().collapse);
  in.tree = s.tree;
  in.slots = turns_.back().g1;
  in.collapse = turns_.back().collapse;
  in.virtual_bound = t + 1;  // one virtual edge per earlier turn, and e_new
  in.inc = inc_rule_;
  encode_removal(t, route_.collapse->encode(in));
  when_on(cnf_, obligation_rule_, [&] {
    if (game_.rules.path() == model::PathKind::Walk) {
      encode_closure(t);
      return;
    }
    if (tree_then_new_is_legal_) encode_tree_reach(t);
    if (new_alone_is_a_path_) when_off(cnf_, root_rule_, [&] { cnf_.clause({turns_.back().collapse}); });
  });
  for (const auto& l : lemmas_) apply_lemma(l, t);

  encode_succession(t);
  Turn& cur = turns_.back();
  if (symmetry_) {
    const std::size_t before = cnf_.clauses();
    symmetry_->add_turn(cnf_, cur.touch, nx.root, nx.tree);
    symmetry_clauses_ += cnf_.clauses() - before;
  }
}

// The tree pairs of v's inherent edges in a role: by conclusion its parent pair (λ has none),
// by premise its child pairs. Nothing when v always has a present edge in that role: a frontier
// node keeps its child edges into the untouched infinite subtree.
std::optional<std::vector<int>> TreeEncoding::role_pairs(VertexId v, bool by_conclusion) const {
  if (!by_conclusion && game_.universe.frontier[v]) return std::nullopt;
  if (!by_conclusion) return pairs_.child_pairs(v);
  const int parent = pairs_.parent_pair(v);
  return parent < 0 ? std::vector<int>{} : std::vector<int>{parent};
}

// Literals, one per way v can have a present inherent edge in the role at the frame: the tree
// edge of a role pair, and under readd=allow a virtual edge on it (the same pair is the same
// element of E_Ω, which the reference semantics counts: has_inherent_edge). Exact, or with
// lower_only the virtual ones only forced true when such an edge is present.
std::optional<std::vector<int>> TreeEncoding::role_edges(int frame, VertexId v, bool by_conclusion, bool lower_only) {
  auto pairs = role_pairs(v, by_conclusion);
  if (!pairs) return std::nullopt;
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  const bool readd = game_.rules.reading.readd == model::sw::Readd::Allow;
  std::vector<int> lits;
  for (int p : *pairs) {
    if (f.tree[static_cast<std::size_t>(p)]) lits.push_back(f.tree[static_cast<std::size_t>(p)]);
    if (readd) lits.push_back(virtual_on(frame, p, lower_only));
  }
  return lits;
}

void TreeEncoding::encode_succession(int t) {
  Turn& cur = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
  const auto& rule = game_.rules.succession;
  const bool old_root_may_return = game_.rules.old_root_may_return();
  cur.trigger = cnf_.var();
  for (VertexId v = 0; v < n_; ++v) {
    // trigger <-> the root has no present edge in the trigger's role.
    if (auto lits = role_edges(t + 1, v, rule.trigger_by_conclusion, false)) {
      std::vector<int> c{-s.root[v], cur.trigger};
      for (int l : *lits) {
        c.push_back(l);
        cnf_.clause({-s.root[v], -l, -cur.trigger});
      }
      cnf_.clause(c);
    } else {
      cnf_.clause({-s.root[v], -cur.trigger});
    }
    cnf_.clause({cur.trigger, -s.root[v], nx.root[v]});
    // On trigger, the new root is eligible: no present edge in the eligibility role, in the
    // universe, and not the old root unless it may return. With eligibility off (carve explain),
    // any vertex of the universe.
    // (The role's literals are defined before any selector's guard: definitions hold unguarded.)
    const auto lits = role_edges(t + 1, v, rule.eligible_by_conclusion, true);
    const bool in_universe = game_.universe.in_universe[v];
    when_on(cnf_, eligibility_rule_, [&] {
      if (lits && in_universe) {
        for (int l : *lits) cnf_.clause({-cur.trigger, -nx.root[v], -l});
      } else {
        cnf_.clause({-cur.trigger, -nx.root[v]});
      }
      if (!old_root_may_return) cnf_.clause({-cur.trigger, -s.root[v], -nx.root[v]});
    });
    when_off(cnf_, eligibility_rule_, [&] {
      if (!in_universe) cnf_.clause({-cur.trigger, -nx.root[v]});
    });
  }
}

// E'' = E' \ E(P).
void TreeEncoding::encode_removal(int t, const Removal& rem) {
  Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
  tu.rem = rem;
  for (std::size_t p = 0; p < pairs_.size(); ++p) {
    if (!s.tree[p]) continue;
    cnf_.clause({-nx.tree[p], s.tree[p]});
    cnf_.clause({-nx.tree[p], -rem.tree[p]});
    cnf_.clause({nx.tree[p], -s.tree[p], rem.tree[p]});
  }
  for (std::size_t i = 0; i < tu.g1.size(); ++i) {
    const int present = tu.g1[i].present, gone = rem.slot[i];
    cnf_.clause({-nx.alive[i], present});
    cnf_.clause({-nx.alive[i], -gone});
    cnf_.clause({nx.alive[i], -present, gone});
  }
}

void TreeEncoding::encode_tree_reach(int t) {
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  std::vector<int> r(n_);
  for (VertexId v = 0; v < n_; ++v) {
    r[v] = cnf_.var();
    cnf_.clause({-s.root[v], r[v]});
  }
  for (std::size_t p = 0; p < pairs_.size(); ++p) {
    if (!s.tree[p]) continue;
    cnf_.clause({-r[pairs_[p].a], -s.tree[p], r[pairs_[p].b]});
    cnf_.clause({-r[pairs_[p].b], -s.tree[p], r[pairs_[p].a]});
  }
  for (VertexId x = 0; x < n_; ++x) {
    cnf_.clause({tu.collapse, -r[x], -tu.slot.a[x], tu.slot.b[x]});
    cnf_.clause({tu.collapse, -r[x], -tu.slot.b[x], tu.slot.a[x]});
  }
}

// The closed set of product states (vertex, automaton state, e_new used); along a slot it steps
// from the endpoint A to B and from B to A (a loop: A to itself).
void TreeEncoding::encode_closure(int t) {
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const auto& dfa = route_.dfa;
  const auto Q = static_cast<std::size_t>(dfa.states());
  // c[v][q][f]: product state in the closed set.
  std::vector<int> c(n_ * Q * 2);
  for (auto& x : c) x = cnf_.var();
  auto at = [&](VertexId v, std::size_t q, int f) { return c[(v * Q + q) * 2 + static_cast<std::size_t>(f)]; };
  for (VertexId v = 0; v < n_; ++v) cnf_.clause({-s.root[v], at(v, static_cast<std::size_t>(dfa.start()), 0)});
  // Without Φ_root a walk starts anywhere; without Φ_inc every step meets it (the flag).
  when_off(cnf_, root_rule_, [&] {
    for (VertexId v = 0; v < n_; ++v) cnf_.clause({at(v, static_cast<std::size_t>(dfa.start()), 0)});
  });
  for (std::size_t p = 0; p < pairs_.size(); ++p) {
    if (!s.tree[p]) continue;
    const auto& pr = pairs_[p];
    for (int dir = 0; dir < 2; ++dir) {
      const VertexId from = dir ? pr.b : pr.a, to = dir ? pr.a : pr.b;
      for (std::size_t q = 0; q < Q; ++q)
        for (int f = 0; f < 2; ++f) {
          const int q2 = dfa.step(static_cast<int>(q), model::EdgeType::T);
          if (q2 == model::DensityAutomaton::kDead) continue;
          cnf_.clause({-at(from, q, f), -s.tree[p], at(to, static_cast<std::size_t>(q2), f)});
          when_off(cnf_, inc_rule_, [&] { cnf_.clause({-at(from, q, f), -s.tree[p], at(to, static_cast<std::size_t>(q2), 1)}); });
        }
    }
  }
  for (const auto& g : tu.g1)
    for (std::size_t q = 0; q < Q; ++q) {
      const int q2 = dfa.step(static_cast<int>(q), model::EdgeType::V);
      if (q2 == model::DensityAutomaton::kDead) continue;
      const auto uq = static_cast<std::size_t>(q2);
      for (int f = 0; f < 2; ++f) {
        std::vector<int> here(n_), next_same(n_), next_used(n_);
        for (VertexId v = 0; v < n_; ++v) {
          here[v] = at(v, q, f);
          next_same[v] = at(v, uq, f);
          next_used[v] = at(v, uq, 1);
        }
        for (int dir = 0; dir < 2; ++dir) {
          const auto& from = dir ? g.slot.b : g.slot.a;
          const auto& to = dir ? g.slot.a : g.slot.b;
          // r: the closed set holds (from-endpoint, q, f) -- forced true when it does.
          const int r = cnf_.var();
          for (VertexId v = 0; v < n_; ++v) cnf_.clause({-here[v], -from[v], r});
          implies_at_end(cnf_, {r, g.present, g.is_new}, to, next_used);
          implies_at_end(cnf_, {r, g.present, -g.is_new}, to, next_same);
          when_off(cnf_, inc_rule_, [&] { implies_at_end(cnf_, {r, g.present}, to, next_used); });
        }
      }
    }
  for (VertexId v = 0; v < n_; ++v)
    for (std::size_t q = 0; q < Q; ++q) cnf_.clause({tu.collapse, -at(v, q, 1)});
}

void TreeEncoding::add_stability_lemma(const model::Game&, const model::GraphView& view, const model::ViewPath& path,
                                       VertexId root) {
  Lemma l;
  l.root = stability_lemma_root(path, root, root_rule_);
  for (std::size_t i = 0; i < path.edges.size(); ++i) {
    const auto& e = view.edges()[path.edges[i]];
    const auto& vs = *e.vertices;
    const Ends ends{vs.front(), vs.back()};
    if (pair_of(ends.first, ends.second) < 0) throw std::logic_error("a legal path on a pair outside the scope");
    if (e.is_new)
      l.fresh = ends;
    else
      l.others.emplace_back(ends, e.type == model::EdgeType::V);
  }
  if (!l.fresh && inc_rule_.fixed()) throw std::logic_error("a legal path without e_new");
  lemmas_.push_back(l);
  for (int t = 0; t < turns(); ++t) apply_lemma(l, t);
}

void TreeEncoding::adopt_lemmas(const TreeEncoding& other) {
  for (const auto& l : other.lemmas_) {
    lemmas_.push_back(l);
    for (int t = 0; t < turns(); ++t) apply_lemma(l, t);
  }
}

void TreeEncoding::apply_lemma(const Lemma& l, int t) {
  const Cnf::Guard guard(cnf_, turn_guard(cnf_, t));
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  std::vector<int> c{tu.collapse};
  if (l.root) c.push_back(-s.root[*l.root]);
  int fresh_pair = -1;
  if (l.fresh) {
    fresh_pair = pair_of(l.fresh->first, l.fresh->second);
    const auto& fp = pairs_[static_cast<std::size_t>(fresh_pair)];
    if (!fp.can_virtual) return;
    for (int x : not_on_pair(tu.slot, fp.a, fp.b)) c.push_back(x);
  }
  for (const auto& [ends, is_virtual] : l.others) {
    const int p = pair_of(ends.first, ends.second);
    if (p == fresh_pair) continue;
    const auto u = static_cast<std::size_t>(p);  // only tree pairs (ids below size()) have a frame literal
    const int lit = is_virtual ? virtual_on(t, p, true) : u < s.tree.size() ? s.tree[u] : 0;
    if (!lit || lit == cnf_.false_lit()) return;  // the pair can never carry that edge: the lemma is void here
    c.push_back(-lit);
  }
  emit_stability_lemma(cnf_, c, l.root.has_value(), l.fresh.has_value(),
                       {root_rule_, inc_rule_, obligation_rule_});
}

std::vector<FrameEdge> TreeEncoding::frame_edges(int frame) const {
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  std::vector<FrameEdge> out;
  for (std::size_t p = 0; p < pairs_.size(); ++p)
    if (f.tree[p]) out.push_back({f.tree[p], {{pairs_[p].a, 0}, {pairs_[p].b, 0}}});
  for (std::size_t s = 0; s < f.alive.size(); ++s) {
    FrameEdge e{f.alive[s], {}};
    for (VertexId v = 0; v < n_; ++v) e.members.emplace_back(v, turns_[s].touch[v]);
    out.push_back(std::move(e));
  }
  return out;
}

void TreeEncoding::break_symmetry() {
  const bool asked = std::any_of(victory_.begin(), victory_.end(), [](int w) { return w != 0; });
  if (turns() > 0 || asked) throw std::logic_error("break_symmetry: turns or victory tests are already built");
  // TreeSymmetry's constructor adds no variable or clause: the chains start with turn 1.
  if (!symmetry_) symmetry_ = std::make_unique<TreeSymmetry>(pairs_, cnf_);
}

int TreeEncoding::victory(int frame) {
  auto& w = victory_[static_cast<std::size_t>(frame)];
  if (w) return w;
  w = cnf_.var();
  const int won = w;
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  const auto& u = game_.universe;
  const bool contains = game_.rules.victory.relation == model::Victory::Relation::Contains;
  const bool root_only = game_.rules.victory.scope == model::Victory::Scope::RootComponent;
  const std::size_t m = target_.vertex_count();
  // A copy of G* maps its m vertices one-to-one into the scope's non-frontier vertices (the rows
  // and columns below are exactly-one and at-most-one): with fewer of those than m no frame is
  // won, and the m * m tables below, nauty's search for G*'s automorphisms included, are never
  // built (a 10^4-vertex target held 400 MB and 10 s of nauty before any poll of the budget).
  if (m > static_cast<std::size_t>(std::count(u.frontier.begin(), u.frontier.end(), false))) {
    cnf_.clause({-won});
    return won;
  }
  VictoryMap map = map_target_vertices(won);
  // Isomorphism: the image is closed (no present edge leaves it, no loop on it; frontier vertices
  // are never in it). The slots' endpoints are read into the map for the edge clauses below.
  if (!contains) image_closed_on_tree(f, map.img);
  for (std::size_t s = 0; s < f.alive.size(); ++s) {
    if (!contains) image_closed_on_slot(f, s, map.img);
    map.slot_a.emplace_back();
    map.slot_b.emplace_back();
    for (std::size_t i = 0; i < m; ++i) {
      map.slot_a[s].push_back(at_end(cnf_, turns_[s].slot.a, map.x[i]));
      map.slot_b[s].push_back(at_end(cnf_, turns_[s].slot.b, map.x[i]));
    }
  }
  if (symmetry_) {
    const std::size_t before = cnf_.clauses();
    break_target_symmetry(cnf_, target_, map.x, game_.rules.typed_isomorphism());
    symmetry_clauses_ += cnf_.clauses() - before;
  }
  map_target_edges(f, won, map);
  if (contains || root_only) image_component(frame, won, map.img);
  return won;
}

// x[i][v]: target vertex i is the non-frontier vertex v, under `won` exactly one v per i and at
// most one i per v; img[v]: v is an image.
TreeEncoding::VictoryMap TreeEncoding::map_target_vertices(int won) {
  const auto& u = game_.universe;
  const std::size_t m = target_.vertex_count();
  VictoryMap map{std::vector<std::vector<int>>(m, std::vector<int>(n_, 0)), std::vector<int>(n_, 0), {}, {}};
  for (std::size_t i = 0; i < m; ++i) {
    std::vector<int> alo{-won};
    for (VertexId v = 0; v < n_; ++v)
      if (!u.frontier[v]) alo.push_back(map.x[i][v] = cnf_.var());
    cnf_.clause(alo);
    std::vector<int> row(alo.begin() + 1, alo.end());
    cnf_.at_most_one(row);
  }
  for (VertexId v = 0; v < n_; ++v) {
    if (u.frontier[v]) continue;
    std::vector<int> col;
    for (std::size_t i = 0; i < m; ++i) col.push_back(map.x[i][v]);
    cnf_.at_most_one(col);
    map.img[v] = cnf_.define_or(col);
  }
  return map;
}

// Every target edge maps onto a present pair (of its type when typed): a tree pair, or an alive
// slot whose ends are the images; under isomorphism every non-edge onto an absent pair.
void TreeEncoding::map_target_edges(const Frame& f, int won, const VictoryMap& map) {
  const bool contains = game_.rules.victory.relation == model::Victory::Relation::Contains;
  const bool typed = game_.rules.typed_isomorphism();
  const std::size_t m = target_.vertex_count();
  const auto& x = map.x;
  // type[i * m + j]: -1 for a non-edge of the target, else its edge's type (an untyped target's
  // colours are all 0 = T, as the reference semantics compares them).
  std::vector<int> type(m * m, -1);
  for (std::size_t k = 0; k < target_.shape.edges.size(); ++k) {
    const auto& e = target_.shape.edges[k];
    if (e.size() != 2) continue;
    const auto i = static_cast<std::size_t>(e[0]), j = static_cast<std::size_t>(e[1]);
    type[i * m + j] = type[j * m + i] = target_.shape.edge_colour[k];
  }
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < m; ++j) {
      const int want = type[i * m + j];
      if (i == j || (want < 0 && contains)) continue;
      const bool tree_ok = !typed || want == static_cast<int>(model::EdgeType::T);
      const bool slot_ok = !typed || want == static_cast<int>(model::EdgeType::V);
      std::vector<int> cover{-won};
      for (std::size_t p = 0; p < pairs_.size() && i < j; ++p) {
        if (!f.tree[p]) continue;
        for (int dir = 0; dir < 2; ++dir) {
          const VertexId a = dir ? pairs_[p].b : pairs_[p].a, b = dir ? pairs_[p].a : pairs_[p].b;
          if (!x[i][a] || !x[j][b]) continue;
          if (want < 0) cnf_.clause({-x[i][a], -x[j][b], -f.tree[p]});
          else if (tree_ok) cover.push_back(all_of({f.tree[p], x[i][a], x[j][b]}));
        }
      }
      for (std::size_t s = 0; s < f.alive.size(); ++s) {
        const auto &pre_a = map.slot_a[s], &pre_b = map.slot_b[s];
        if (want < 0) {
          cnf_.clause({-f.alive[s], -pre_a[i], -pre_b[j]});
        } else if (i < j && slot_ok) {
          for (int dir = 0; dir < 2; ++dir)
            cover.push_back(all_of({f.alive[s], dir ? pre_b[i] : pre_a[i], dir ? pre_a[j] : pre_b[j]}));
        }
      }
      if (want >= 0 && i < j) cnf_.clause(cover);
    }
}

// Contains: the image's component is finite (a closed set around it avoids the frontier). The
// root's component: the root is in the image (isomorphism) or, under contains, joined to it by
// present edges -- at most (non-frontier vertices) - 1 of them.
void TreeEncoding::image_component(int frame, int won, const std::vector<int>& img) {
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  const auto& u = game_.universe;
  const bool contains = game_.rules.victory.relation == model::Victory::Relation::Contains;
  const bool root_only = game_.rules.victory.scope == model::Victory::Scope::RootComponent;
  const auto edges = frame_edges(frame);
  if (contains) {
    std::vector<bool> finite(n_);
    for (VertexId v = 0; v < n_; ++v) finite[v] = !u.frontier[v];
    closed_set(cnf_, img, finite, edges);
  }
  if (root_only && contains) {
    const int steps = static_cast<int>(std::count(u.frontier.begin(), u.frontier.end(), false)) - 1;
    cnf_.clause({-won, reaches(cnf_, f.root, img, edges, steps)});
  } else if (root_only) {
    for (VertexId v = 0; v < n_; ++v)
      cnf_.clause(img[v] ? std::vector<int>{-won, -f.root[v], img[v]} : std::vector<int>{-won, -f.root[v]});
  }
}

// No present tree edge joins an image vertex to a vertex outside the image (frontier vertices
// are never in it).
void TreeEncoding::image_closed_on_tree(const Frame& f, const std::vector<int>& img) {
  const auto& u = game_.universe;
  for (std::size_t p = 0; p < pairs_.size(); ++p) {
    if (!f.tree[p]) continue;
    const auto& pr = pairs_[p];
    for (int dir = 0; dir < 2; ++dir) {
      const VertexId in = dir ? pr.b : pr.a, out = dir ? pr.a : pr.b;
      if (u.frontier[in]) continue;
      cnf_.clause(u.frontier[out] ? std::vector<int>{-img[in], -f.tree[p]} : std::vector<int>{-img[in], img[out], -f.tree[p]});
    }
  }
}

// An alive slot has both endpoints in the image or neither, and is no loop on it.
void TreeEncoding::image_closed_on_slot(const Frame& f, std::size_t s, const std::vector<int>& img) {
  const auto& slot = turns_[s].slot;
  const int ia = at_end(cnf_, slot.a, img), ib = at_end(cnf_, slot.b, img);
  cnf_.clause({-f.alive[s], -ia, ib});
  cnf_.clause({-f.alive[s], ia, -ib});
  for (VertexId v = 0; v < n_; ++v)
    if (img[v]) cnf_.clause({-f.alive[s], -slot.a[v], -slot.b[v], -img[v]});
}

// A fresh y with y -> every literal (one-sided: y only ever needs to imply them).
int TreeEncoding::all_of(const std::vector<int>& lits) {
  const int y = cnf_.var();
  for (int l : lits) cnf_.clause({-y, l});
  return y;
}

// A step's type is T exactly when its pair's tree edge is present at the frame (a pair carries
// at most one edge).
void TreeEncoding::orient(int t, model::CollapsePath& cp) {
  auto& b = cnf_.backend();
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  std::vector<model::EdgeType> types;
  for (std::size_t i = 0; i + 1 < cp.vertices.size(); ++i) {
    // Ids from size() on are pairs off the tree (ScopePairs), with no tree literal.
    const auto p = static_cast<std::size_t>(pair_of(cp.vertices[i], cp.vertices[i + 1]));
    const int tree = p < s.tree.size() ? s.tree[p] : 0;
    types.push_back(tree && b.value(tree) ? model::EdgeType::T : model::EdgeType::V);
  }
  legalize(route_, game_.rules, std::move(types), cp);
}

std::vector<model::Move> TreeEncoding::decode(int turns) {
  auto& b = cnf_.backend();
  std::vector<model::Move> play;
  for (int t = 0; t < turns; ++t) {
    const Turn& tu = turns_[static_cast<std::size_t>(t)];
    const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
    model::Move m;
    const auto& added = pairs_[static_cast<std::size_t>(decode_slot(pairs_, tu.slot, b))];
    m.added = model::EdgeElement::make("V", {added.a, added.b});
    if (b.value(tu.collapse)) {
      m.collapse = route_.collapse->decode(static_cast<std::size_t>(t), b);
      orient(t, *m.collapse);
    }
    if (b.value(tu.trigger))
      for (VertexId v = 0; v < n_; ++v)
        if (b.value(nx.root[v])) m.new_root = v;
    play.push_back(std::move(m));
  }
  return play;
}

}  // namespace carve::encoder
