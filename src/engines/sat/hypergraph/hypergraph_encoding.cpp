// The 001 encoding, rule by rule. The comment blocks state why each part is exact.
//
// Elements. Every edge a frame can hold is an element of the scope (engines/sat/hypergraph/hyper_scope.hpp):
// E_Ω, then virtual tuples. A virtual element is one tuple of U, so parallel edges (two tuples
// with one vertex set, or a tuple beside the Θ/Ω double edge) are distinct elements, as the
// document's E_t is a set of tuples. Types are fixed per element: T for E_Ω, V for tuples
// (E_V ∩ E_Ω = ∅). Construction: e_new is exactly one virtual element; under duplicate=forbid
// it must be absent; under merge a present element may be chosen (it *is* that edge).
//
// Collapse path (Def 3.1 as Berge paths). Positions pos[i] (0 = the root; "stopped" once the
// path has ended, and stopped stays stopped); step i selects one element e present in
// E'_t = E_t ∪ {e_new} with pos[i], pos[i+1] ∈ V(e) and pos[i] ≠ pos[i+1] (v_{i-1} ≠ v_i; every
// element has at least two vertices). The density automaton's state is propagated over the
// step types (dead = forbidden); Φ_inc: the chosen e_new is the element of some step; Φ_root:
// position 0 is the root (the kinds are closed under reversal, and the automaton is the one read
// from the root, DensityAutomaton::from_root(): a path ending at the root is the reverse of one
// starting there; decode() orients the path as the rules read it, model::orient).
// Kinds: trail = each element on at most one step; simple = no vertex twice among positions
// 0..L and no element twice (a Berge path); simple-or-cycle = no element twice, no vertex twice
// among positions 1..L, and the root again only as the last position of a path of >= 2 steps
// (the reference semantics' closed_at_root; with parallel edges a 2-step cycle exists).
// Length: a trail uses each edge of E'_t at most once and |E'_t| <= |E_Ω| + t + 1 (one virtual
// edge per earlier turn, and e_new); a simple path has at most |vertices| - 1 steps, a root
// cycle |vertices|, and both use distinct edges. So these bounds are exact. Walks may repeat
// edges; a legal walk P can be shortened to one with the same edge set of at most
// m·|vertices|·|Q| steps, m = |E(P)| <= |E_Ω| + t + 1, Q the automaton's live states: cut P
// after the first occurrence of its last new edge (acceptance, Φ_root and Φ_inc survive a
// prefix), and between two consecutive first occurrences cut every repeat of the product state
// (vertex, automaton state) -- the flag "e_new used" is constant there, the cut steps reuse
// edges whose first occurrence is earlier, and the walk continues from the same vertex in the
// same automaton state. Each stretch then visits distinct product states. So that bound is
// exact for walks as well, under every density pattern: the argument asks of the automaton only
// that its language be closed under prefixes, which every avoided pattern's is (and the union
// with the reversed pattern's, read from the root).
//
// Without Φ_root (carve explain) e_new alone is a path (one V step between two of its vertices,
// distinct, so of every kind): when the automaton accepts V, ℛ ≠ ∅ in every state, so every turn
// collapses -- one clause a turn, implied by the rules, instead of a lemma per stable move.
//
// Obligation to collapse. Walks: ℛ ≠ ∅ iff in the product (vertex, automaton state, e_new used)
// a flagged state is reachable from (ρ, start, no); the encoding asks for a closed set of
// product states holding the start, and a stable move requires that it holds no flagged state
// (the argument of tree_encoding.cpp, over hyperedge steps x -> y, x ≠ y ∈ V(e)). Exact.
// Trails and simple paths: lazily, by lemmas: when a decoded stable move does not replay, the
// reference semantics names a legal path P; the lemma "root = P's start ∧ e_new = P's new
// element ∧ every other element of P in E'_t -> collapse" is added for every turn. Under its
// premise P is a path of E'_t with the same elements, hence the same types, so P ∈ ℛ: the lemma
// is implied by the rules. Each lemma is violated by the model that produced it, and there are
// finitely many, so the loop ends; an unsatisfiable formula with lemmas has no legal play.
// A lemma names only the root and P's elements (by their tuples), so it holds in every scope of
// the game that contains them: adopt_lemmas carries the search's lemmas into the whole universe
// of a certificate (engines/sat/search/no_win_certificate.cpp).
//
// Succession. trigger <-> no inherent edge of the root in the trigger's role (Gen: concluding
// it) is present in E''. No virtual element is an element of E_Ω, so only inherent elements
// count. On trigger the next root is a vertex of F* (a root candidate of the scope) with no
// present inherent edge in the eligibility role and, when the rules exclude the old base point
// (rules.old_root_may_return(): `choose other`, or reroot=forbid), not the root of the frame
// before (one clause per vertex, model::eligible_root's test); otherwise the root stays. The
// roles are the spec's edge sets (Gen: concluding v; Premises: v among the premises), read as
// model::succession_due and model::eligible_root read them; with no eligible vertex no next
// root satisfies the clauses, as the reference semantics admits no move.
//
// Victory at frame f. An injective map x of target vertices to vertices that can belong to a
// component (F*, or a formula outside F* that a present edge mentions: only for target vertices
// of degree >= 1, whose image edge mentions them), and an injective map y of target edges to
// present elements with V(y(j)) = x(edge j) (same size, every vertex of the element an image of
// the edge's vertices). Every present element that touches an image vertex is some y(j). The
// image is then closed under present edges, its edges are exactly the images of the target's,
// and the target is connected: it is one component, isomorphic to the target (incidence kept
// by x and y, both bijections onto the component). No image vertex is a frontier vertex (001
// has none; the rule is the same as 000's). The variants (model::Victory):
// - iso=typed: y maps a target edge only onto elements of its type (T: E_Ω, V: a tuple), so the
//   bijections keep types; every typed isomorphism is such a pair of maps.
// - contains: no closure clause; x and y are then injective maps keeping incidence (and types),
//   i.e. a sub-hypergraph isomorphic to the target, in one component (the target is connected);
//   a closed set around the image that avoids the frontier exists iff that component is finite
//   (engines/sat/frames/component_reach.hpp). A target vertex on no edge (K1) may map onto a formula
//   outside F* only while a present element mentions it (only then is it a vertex).
// - root component: under isomorphism the image is a whole component, so the base point must be
//   in it; under contains the base point must reach the image along present edges (layered
//   reach, at most (vertices that may lie in a component) - 1 steps: a shortest path visits
//   distinct vertices).
#include "engines/sat/hypergraph/hypergraph_encoding.hpp"

#include <algorithm>
#include <climits>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "rules/model/union_find.hpp"

namespace carve::encoder {

using model::VertexId;

// Nothing is refused: the succession's edge sets and the old-root choice and every victory
// variant are encoded exactly (the comment blocks above); for walks a bound below the proved
// length makes exact() false, so a no-win becomes `unknown`, never a wrong answer.
// The rules carve explain switches off (model::Relaxed) are encoded too, each a RuleSwitch whose
// clauses drop out when the rule is off (tests/explain/relaxed_engines_test.cpp checks every
// combination against explicit search).
std::optional<model::Refusal> HypergraphEncoding::refusal(const model::Game&, const model::Target&) {
  return std::nullopt;
}

namespace {

// What one (step, element) pair of a collapse path costs at least: a selection variable and five
// clauses of two literals or more (encode_path), each clause at least 32 bytes in any back end
// (CaDiCaL: two 16-byte watches; the recording back ends: a vector of its literals).
constexpr std::size_t kStepElementBytes = 5 * 32 + 8;

// A floor on the steps of turn 1's collapse path, known before the scope: walks and trails get
// at least |E_Ω| + 1 (path_length), simple kinds min(|E_Ω| + 1, |vertices| - 1) with every vertex
// of ρ_0's E_Ω-component in the scope.
std::size_t min_path_steps(const model::Game& game, int path_override) {
  if (path_override > 0) return static_cast<std::size_t>(path_override);
  const auto& u = game.universe;
  const std::size_t edges = u.inherent.size() + 1;
  if (game.rules.path() == model::PathKind::Walk || game.rules.path() == model::PathKind::Trail) return edges;
  model::UnionFind uf(u.size());
  for (const auto& ie : u.inherent) uf.unite_all(ie.vertices);
  std::size_t block = 0;
  for (VertexId v = 0; v < u.size(); ++v) block += uf.find(v) == uf.find(game.initial_root);
  return std::max<std::size_t>(1, std::min(edges, block - 1));
}

}  // namespace

HypergraphEncoding::HypergraphEncoding(const model::Game& game, const model::Target& target, Cnf& cnf, int max_turns,
                                       int path_length, ScopeCut cut, const Selectors& selectors, Collapses removal)
    : game_(game), target_(target), cnf_(cnf), path_override_(path_length), removal_(removal),
      dfa_(model::documents_density(game.rules.density) ? game.rules.density : game.rules.density.from_root().minimal()),
      root_rule_(RuleSwitch::of(game.rules.relaxed.root_endpoint, selectors.root_endpoint)),
      inc_rule_(RuleSwitch::of(game.rules.relaxed.contains_new, selectors.contains_new)),
      obligation_rule_(RuleSwitch::of(game.rules.relaxed.obligation, selectors.obligation)),
      eligibility_rule_(RuleSwitch::of(game.rules.relaxed.eligibility, selectors.eligibility)),
      scope_(hyper_scope(game, max_turns, cut, cnf.budget(), min_path_steps(game, path_length) * kStepElementBytes,
                         !root_rule_.fixed())),
      n_(game.universe.size()) {
  path_index_.assign(n_, -1);
  for (std::size_t j = 0; j < scope_.path_vertices.size(); ++j) path_index_[scope_.path_vertices[j]] = static_cast<int>(j);
  new_frame();
  const Frame& f = frames_[0];
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) cnf_.clause({scope_.is_virtual(e) ? -f.present[e] : f.present[e]});
  cnf_.clause({f.root[game.initial_root]});
}

void HypergraphEncoding::new_frame() {
  const auto& u = game_.universe;
  Frame f;
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) f.present.push_back(cnf_.var());
  std::vector<int> roots;
  for (VertexId v = 0; v < n_; ++v) {
    const bool can = u.in_universe[v] && (scope_.candidate[v] || v == game_.initial_root);
    f.root.push_back(can ? cnf_.var() : cnf_.false_lit());
    if (can) roots.push_back(f.root.back());
  }
  cnf_.exactly_one(roots);
  frames_.push_back(std::move(f));
  victory_.push_back(0);
}

int HypergraphEncoding::needed_length(int turn) const {
  const int edges = static_cast<int>(scope_.inherent_count) + turn + 1;
  const int vertices = static_cast<int>(scope_.path_vertices.size());
  switch (game_.rules.path()) {
    case model::PathKind::Walk: return edges * vertices * dfa_.states();
    case model::PathKind::Trail: return edges;
    case model::PathKind::Simple: return std::min(vertices - 1, edges);
    case model::PathKind::SimpleOrCycle: return std::min(vertices, edges);
  }
  return -1;
}

int HypergraphEncoding::path_length(int turn) const {
  if (path_override_ > 0) return path_override_;
  const int need = needed_length(turn);
  if (game_.rules.path() != model::PathKind::Walk) return need;
  // Walks: the proved bound grows with |vertices|·|Q|; where its positions would cost more than
  // kWalkBudget step literals the encoding falls back to 2(|E_Ω| + t + 1) + 2 steps, which finds
  // most wins but is not proved sufficient (exact() is then false: a no-win becomes `unknown`).
  // The whole universe is encoded only for a certificate, which needs the proved bound.
  if (scope_.cut == ScopeCut::WholeUniverse) return need;
  constexpr long kWalkBudget = 50000;
  const int fallback = 2 * (static_cast<int>(scope_.inherent_count) + turn + 1) + 2;
  if (static_cast<long>(need) * static_cast<long>(scope_.elements.size()) <= kWalkBudget || need <= fallback) return need;
  return fallback;
}

bool HypergraphEncoding::exact() const {
  for (int t = 0; t < turns(); ++t)
    if (!exact_at(t)) return false;
  return !over_approximates();
}

// Every state has a legal move as soon as some virtual element can be e_new (construction reads
// the state only through duplicate=forbid): with e_new fixed, collapse along a legal path if
// there is one, else stay stable; succession, when due, needs an eligible root
// (model::succession_never_blocks: under the document's Gen/Gen succession with the old base
// point allowed back it is eligible itself; other rules may block, and then the gap is
// reported and certificates guard their turns). Before turn K at most K - 1 virtual edges are present, so
// C >= 1 virtual elements (C >= K under duplicate=forbid) let every shorter play go on to K.
// With C = 0 no turn can be played at all: add_turn leaves the turns vacuous and victory()
// refuses every later frame, so only S_0 can win and nothing needs extending.
std::string HypergraphEncoding::extension_gap(int turns) const {
  const std::size_t candidates = scope_.elements.size() - scope_.inherent_count;
  if (candidates == 0) return {};
  return extension_gap_of(game_, turns, candidates, "tuples can be e_new");
}

void HypergraphEncoding::add_turn() {
  const int t = turns();
  const Cnf::Guard guard(cnf_, turn_guard(cnf_, t));
  new_frame();
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const std::size_t E = scope_.elements.size();
  Turn tu;
  const bool dup_forbid = game_.rules.reading.duplicate == model::sw::Duplicate::Forbid;
  std::vector<int> cands;
  for (std::size_t e = 0; e < E; ++e) {
    if (!scope_.is_virtual(e)) {
      tu.fresh.push_back(0);
      tu.g2.push_back(s.present[e]);
      continue;
    }
    const int x = cnf_.var();
    tu.fresh.push_back(x);
    cands.push_back(x);
    if (dup_forbid) cnf_.clause({-x, -s.present[e]});
    tu.g2.push_back(cnf_.define_or({s.present[e], x}));
  }
  // No candidate at all (U \ E_Ω has no tuple over the scope): no turn can be played, so no
  // later frame is reached; victory() refuses those frames and the turn's clauses are vacuous.
  if (cands.empty()) {
    no_move_from_ = std::min(no_move_from_, t + 1);
    cands.push_back(cnf_.var());
  }
  cnf_.exactly_one(cands);
  tu.collapse = cnf_.var();
  turns_.push_back(std::move(tu));
  if (over_approximates()) encode_any_removal(t);
  else encode_path(t);
  encode_removal_and_succession(t);
}

// Every turn whatever its collapse: E_{t+1} = E'_t minus the removal, then succession. Under
// Collapses::Paths also the obligation and the stability lemmas, which read the path.
void HypergraphEncoding::encode_removal_and_succession(int t) {
  const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
  const std::size_t E = scope_.elements.size();
  Turn& cur = turns_.back();
  const int cur_collapse = cur.collapse;
  for (std::size_t e = 0; e < E; ++e) {
    cnf_.clause({-nx.present[e], cur.g2[e]});
    cnf_.clause({-nx.present[e], -cur.rem[e]});
    cnf_.clause({nx.present[e], -cur.g2[e], cur.rem[e]});
  }
  if (over_approximates()) {
    encode_succession(t);
    return;
  }
  when_on(cnf_, obligation_rule_, [&] {
    if (game_.rules.path() == model::PathKind::Walk) encode_closure(t);
    // Without Φ_root, e_new alone (one V step between two of its vertices) is a path whenever
    // the automaton accepts V: the turn collapses (implied by the rules, see the top).
    // (Not in a turn that cannot be played at all: that one stays vacuous.)
    else if (dfa_.accepts({model::EdgeType::V}) && no_move_from_ > t + 1)
      when_off(cnf_, root_rule_, [&] { cnf_.clause({cur_collapse}); });
  });
  for (const auto& l : lemmas_) apply_lemma(l, t);
  encode_succession(t);
}

// The over-approximation's turn: rem[e] only for elements of E'_t, collapse exactly when some
// element is removed, e_new removed on a collapse under Φ_inc. Every legal turn satisfies these:
// a collapse path's edges lie in E'_t, and there is at least one.
void HypergraphEncoding::encode_any_removal(int t) {
  Turn& tu = turns_[static_cast<std::size_t>(t)];
  tu.rem.assign(scope_.elements.size(), cnf_.false_lit());
  std::vector<int> any{-tu.collapse};
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) {
    tu.rem[e] = cnf_.var();
    any.push_back(tu.rem[e]);
    cnf_.clause({-tu.rem[e], tu.g2[e]});
    cnf_.clause({-tu.rem[e], tu.collapse});
    if (scope_.is_virtual(e)) when_on(cnf_, inc_rule_, [&] { cnf_.clause({-tu.collapse, -tu.fresh[e], tu.rem[e]}); });  // Φ_inc
  }
  cnf_.clause(any);
}

void HypergraphEncoding::encode_path(int t) {
  Turn& tu = turns_[static_cast<std::size_t>(t)];
  const auto L = static_cast<std::size_t>(path_length(t));
  if (auto* budget = cnf_.budget())
    budget->expect_allocation(L * scope_.elements.size() * kStepElementBytes,
                              fmt::format("the collapse path of turn {} ({} steps over {} edge elements)", t + 1, L,
                                          scope_.elements.size()));
  encode_path_positions(t, L);
  const auto steps_of = encode_path_steps(tu, L);
  tu.rem.assign(scope_.elements.size(), cnf_.false_lit());
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) {
    if (steps_of[e].empty()) continue;
    tu.rem[e] = cnf_.define_or(steps_of[e]);
    if (game_.rules.path() != model::PathKind::Walk) cnf_.at_most_one(steps_of[e]);
    if (scope_.is_virtual(e)) when_on(cnf_, inc_rule_, [&] { cnf_.clause({-tu.collapse, -tu.fresh[e], tu.rem[e]}); });  // Φ_inc
  }
  if (L > 0) encode_path_kind(t, L);
}

// Positions 0..L: position 0 the root (Φ_root: the root's own literals), every later one exactly
// one path vertex or "stopped", stopped staying stopped; collapse <-> the path has a first step.
void HypergraphEncoding::encode_path_positions(int t, std::size_t L) {
  Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const std::size_t P = scope_.path_vertices.size();
  tu.pos.assign(L + 1, std::vector<int>(P, 0));
  tu.stopped.assign(L + 1, 0);
  std::vector<int> root_row(P);
  for (std::size_t j = 0; j < P; ++j) root_row[j] = s.root[scope_.path_vertices[j]];
  tu.pos[0] = path_start(cnf_, root_rule_, root_row, tu.collapse);
  tu.stopped[0] = cnf_.false_lit();
  for (std::size_t i = 1; i <= L; ++i) {
    for (auto& x : tu.pos[i]) x = cnf_.var();
    tu.stopped[i] = cnf_.var();
    std::vector<int> one = tu.pos[i];
    one.push_back(tu.stopped[i]);
    cnf_.exactly_one(one);
    if (i > 1) cnf_.clause({-tu.stopped[i - 1], tu.stopped[i]});
  }
  if (L == 0) {
    cnf_.clause({-tu.collapse});
  } else {
    cnf_.clause({tu.collapse, tu.stopped[1]});
    cnf_.clause({-tu.collapse, -tu.stopped[1]});
  }
}

// Each step i < L while the path goes on selects one element of E'_t holding positions i and
// i + 1 (distinct), its type carried through the automaton. Returns per element its step literals.
std::vector<std::vector<int>> HypergraphEncoding::encode_path_steps(Turn& tu, std::size_t L) {
  const auto& dfa = dfa_;
  const auto Q = static_cast<std::size_t>(dfa.states());
  const std::size_t E = scope_.elements.size();
  const std::size_t P = scope_.path_vertices.size();
  std::vector<std::vector<int>> dq(L + 1, std::vector<int>(Q));
  for (auto& row : dq)
    for (auto& x : row) x = cnf_.var();
  cnf_.clause({dq[0][static_cast<std::size_t>(dfa.start())]});
  tu.sel.assign(L, std::vector<int>(E, 0));
  std::vector<std::vector<int>> steps_of(E);
  for (std::size_t i = 0; i < L; ++i) {
    const int stop = tu.stopped[i + 1];
    const int isv = cnf_.var();
    std::vector<int> some{stop};
    std::vector<int> row;
    for (std::size_t e = 0; e < E; ++e) {
      const int x = cnf_.var();
      tu.sel[i][e] = x;
      row.push_back(x);
      some.push_back(x);
      steps_of[e].push_back(x);
      cnf_.clause({-x, -stop});
      cnf_.clause({-x, tu.g2[e]});
      cnf_.clause({-x, scope_.is_virtual(e) ? isv : -isv});
      std::vector<int> from{-x}, to{-x};
      for (auto v : scope_.elements[e].edge.vertices) {
        from.push_back(tu.pos[i][static_cast<std::size_t>(path_index_[v])]);
        to.push_back(tu.pos[i + 1][static_cast<std::size_t>(path_index_[v])]);
      }
      cnf_.clause(from);
      cnf_.clause(to);
    }
    cnf_.clause(some);
    cnf_.at_most_one(row);
    for (std::size_t j = 0; j < P; ++j) cnf_.clause({-tu.pos[i][j], -tu.pos[i + 1][j]});
    for (std::size_t q = 0; q < Q; ++q)
      for (int typ = 0; typ < 2; ++typ) {
        const int q2 = dfa.step(static_cast<int>(q), typ ? model::EdgeType::V : model::EdgeType::T);
        const int tlit = typ ? isv : -isv;
        if (q2 == model::DensityAutomaton::kDead)
          cnf_.clause({-dq[i][q], stop, -tlit});
        else
          cnf_.clause({-dq[i][q], stop, -tlit, dq[i + 1][static_cast<std::size_t>(q2)]});
      }
  }
  return steps_of;
}

// The path kind's vertex rule over positions (L >= 1): simple, no vertex twice; simple-or-cycle,
// no vertex twice among 1..L and the start again only as the last position of >= 2 steps, at the
// root.
void HypergraphEncoding::encode_path_kind(int t, std::size_t L) {
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const auto kind = game_.rules.path();
  const std::size_t P = scope_.path_vertices.size();
  if (kind == model::PathKind::Simple) {
    for (std::size_t j = 0; j < P; ++j) {
      std::vector<int> at;
      for (std::size_t i = 0; i <= L; ++i) at.push_back(tu.pos[i][j]);
      cnf_.at_most_one(at);
    }
  } else if (kind == model::PathKind::SimpleOrCycle) {
    for (std::size_t j = 0; j < P; ++j) {
      std::vector<int> at;
      for (std::size_t i = 1; i <= L; ++i) at.push_back(tu.pos[i][j]);
      cnf_.at_most_one(at);
      for (std::size_t i = 1; i < L; ++i) {
        if (i == 1) cnf_.clause({-tu.pos[i][j], -tu.pos[0][j]});
        else cnf_.clause({-tu.pos[i][j], -tu.pos[0][j], tu.stopped[i + 1]});
      }
      if (L == 1) cnf_.clause({-tu.pos[1][j], -tu.pos[0][j]});
      // A path closes only at the root (a tautology when position 0 is the root's own row).
      for (std::size_t i = 2; i <= L; ++i) cnf_.clause({-tu.pos[i][j], -tu.pos[0][j], s.root[scope_.path_vertices[j]]});
    }
  }
}

void HypergraphEncoding::encode_closure(int t) {
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const auto& dfa = dfa_;
  const auto Q = static_cast<std::size_t>(dfa.states());
  const std::size_t P = scope_.path_vertices.size();
  std::vector<int> c(P * Q * 2);
  for (auto& x : c) x = cnf_.var();
  auto at = [&](VertexId v, std::size_t q, std::size_t f) {
    return c[(static_cast<std::size_t>(path_index_[v]) * Q + q) * 2 + f];
  };
  for (auto v : scope_.path_vertices) cnf_.clause({-s.root[v], at(v, static_cast<std::size_t>(dfa.start()), 0)});
  // Without Φ_root a walk starts anywhere; without Φ_inc every step meets it (the flag).
  when_off(cnf_, root_rule_, [&] {
    for (auto v : scope_.path_vertices) cnf_.clause({at(v, static_cast<std::size_t>(dfa.start()), 0)});
  });
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) {
    const auto& vs = scope_.elements[e].edge.vertices;
    const bool virt = scope_.is_virtual(e);
    for (std::size_t q = 0; q < Q; ++q) {
      const int q2 = dfa.step(static_cast<int>(q), virt ? model::EdgeType::V : model::EdgeType::T);
      if (q2 == model::DensityAutomaton::kDead) continue;
      const auto uq = static_cast<std::size_t>(q2);
      for (auto x : vs)
        for (auto y : vs) {
          if (x == y) continue;
          for (std::size_t f = 0; f < 2; ++f) {
            const int member = at(x, q, f);
            if (!virt) {
              cnf_.clause({-member, -s.present[e], at(y, uq, f)});
              when_off(cnf_, inc_rule_, [&] { cnf_.clause({-member, -s.present[e], at(y, uq, 1)}); });
            } else {
              cnf_.clause({-member, -tu.fresh[e], at(y, uq, 1)});
              cnf_.clause({-member, -s.present[e], tu.fresh[e], at(y, uq, f)});
              when_off(cnf_, inc_rule_, [&] { cnf_.clause({-member, -s.present[e], at(y, uq, 1)}); });
            }
          }
        }
    }
  }
  for (auto v : scope_.path_vertices)
    for (std::size_t q = 0; q < Q; ++q) cnf_.clause({tu.collapse, -at(v, q, 1)});
}

void HypergraphEncoding::encode_succession(int t) {
  const auto& u = game_.universe;
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
  Turn& tu = turns_[static_cast<std::size_t>(t)];
  const bool old_root_may_return = game_.rules.old_root_may_return();
  tu.trigger = cnf_.var();
  // The present inherent edges of v in a role (rules/model/semantics.cpp has_inherent_edge); nullopt
  // when v always has one (a frontier vertex in the premise role).
  auto role_edges = [&](VertexId v, bool by_conclusion) -> std::optional<std::vector<int>> {
    if (u.frontier[v] && !by_conclusion) return std::nullopt;
    std::vector<int> lits;
    for (auto id : u.inherent_at[v])
      if ((u.inherent[id].conclusion == v) == by_conclusion) lits.push_back(nx.present[id]);
    return lits;
  };
  for (VertexId v = 0; v < n_; ++v) {
    if (s.root[v] != cnf_.false_lit()) {
      if (auto lits = role_edges(v, game_.rules.succession.trigger_by_conclusion)) {
        std::vector<int> some{-s.root[v], tu.trigger};
        for (int l : *lits) {
          some.push_back(l);
          cnf_.clause({-s.root[v], -tu.trigger, -l});
        }
        cnf_.clause(some);
      } else {
        cnf_.clause({-s.root[v], -tu.trigger});
      }
      cnf_.clause({tu.trigger, -s.root[v], nx.root[v]});
    }
    // With eligibility off (carve explain), any vertex of F* that can be the root.
    if (nx.root[v] != cnf_.false_lit()) when_on(cnf_, eligibility_rule_, [&] {
      if (auto lits = role_edges(v, game_.rules.succession.eligible_by_conclusion)) {
        for (int l : *lits) cnf_.clause({-tu.trigger, -nx.root[v], -l});
      } else {
        cnf_.clause({-tu.trigger, -nx.root[v]});
      }
      if (!old_root_may_return && s.root[v] != cnf_.false_lit()) cnf_.clause({-tu.trigger, -s.root[v], -nx.root[v]});
    });
  }
}

void HypergraphEncoding::add_stability_lemma(const model::Game&, const model::GraphView& view, const model::ViewPath& path,
                                             VertexId root) {
  Lemma l{stability_lemma_root(path, root, root_rule_), std::nullopt, {}};
  for (auto id : path.edges) {
    const auto& ve = view.edges()[id];
    const int e = scope_.element_of(*ve.slots);
    if (e < 0) throw std::logic_error("stability lemma: a path edge outside the scope");
    if (ve.is_new)
      l.fresh = static_cast<std::size_t>(e);
    else
      l.others.push_back(static_cast<std::size_t>(e));
  }
  if (!l.fresh && inc_rule_.fixed()) throw std::logic_error("stability lemma: a legal path without e_new");
  lemmas_.push_back(l);
  for (int t = 0; t < turns(); ++t) apply_lemma(l, t);
}

void HypergraphEncoding::adopt_lemmas(const HypergraphEncoding& other) {
  auto here = [&](std::size_t e) {
    const int mine = scope_.element_of(other.scope_.elements[e].edge.slots);
    if (mine < 0) throw std::logic_error("adopt_lemmas: a lemma's element outside this scope");
    return static_cast<std::size_t>(mine);
  };
  for (const auto& l : other.lemmas_) {
    Lemma m{l.root, l.fresh ? std::optional<std::size_t>(here(*l.fresh)) : std::nullopt, {}};
    for (auto e : l.others) m.others.push_back(here(e));
    lemmas_.push_back(m);
    for (int t = 0; t < turns(); ++t) apply_lemma(m, t);
  }
}

void HypergraphEncoding::apply_lemma(const Lemma& l, int t) {
  const Cnf::Guard guard(cnf_, turn_guard(cnf_, t));
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  if (l.root && s.root[*l.root] == cnf_.false_lit()) return;
  std::vector<int> c{tu.collapse};
  if (l.root) c.push_back(-s.root[*l.root]);
  if (l.fresh) c.push_back(-tu.fresh[*l.fresh]);
  for (auto e : l.others)
    if (e != l.fresh) c.push_back(-tu.g2[e]);
  emit_stability_lemma(cnf_, c, l.root.has_value(), l.fresh.has_value(), {root_rule_, inc_rule_, obligation_rule_});
}

int HypergraphEncoding::victory(int frame) {
  auto& w = victory_[static_cast<std::size_t>(frame)];
  if (w) return w;
  w = cnf_.var();
  if (frame >= no_move_from_) {
    cnf_.clause({-w});
    return w;
  }
  const int won = w;
  const bool contains = game_.rules.victory.relation == model::Victory::Relation::Contains;
  const bool root_only = game_.rules.victory.scope == model::Victory::Scope::RootComponent;
  // The target's edges as vertex sets (V(e), sorted, without repeats).
  std::vector<std::vector<int>> edges;
  for (const auto& e : target_.shape.edges) {
    std::vector<int> vs = e;
    std::sort(vs.begin(), vs.end());
    vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
    edges.push_back(vs);
  }
  const auto x = map_target_vertices(frame, won, edges);
  std::vector<int> img(n_, 0);
  for (VertexId v = 0; v < n_; ++v) {
    std::vector<int> col;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (x[i][v]) col.push_back(x[i][v]);
    if (col.empty()) continue;
    cnf_.at_most_one(col);
    img[v] = cnf_.define_or(col);
  }
  map_target_edges(frame, won, edges, x, img, contains);
  if (contains || root_only) component_of_image(frame, img, contains, root_only);
  return won;
}

// x[i][v]: target vertex i is v, under `won` exactly one v per i (0 where v cannot be its image:
// a frontier vertex, or a formula outside F* that no element mentions). A target vertex on no
// edge maps onto a formula outside F* only while a present element mentions it.
std::vector<std::vector<int>> HypergraphEncoding::map_target_vertices(int frame, int won,
                                                                      const std::vector<std::vector<int>>& edges) {
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  const auto& u = game_.universe;
  const std::size_t m = target_.vertex_count();
  std::vector<std::size_t> degree(m, 0);
  for (const auto& e : edges)
    for (int i : e) ++degree[static_cast<std::size_t>(i)];
  // present_at[v]: the elements containing v (a formula outside F* is a vertex only while one of
  // them is present).
  std::vector<std::vector<int>> present_at(n_);
  for (std::size_t e = 0; e < scope_.elements.size(); ++e)
    for (auto v : scope_.elements[e].edge.vertices) present_at[v].push_back(f.present[e]);
  std::vector<std::vector<int>> x(m, std::vector<int>(n_, 0));
  for (std::size_t i = 0; i < m; ++i) {
    std::vector<VertexId> dom;
    for (VertexId v = 0; v < n_; ++v)
      if (!u.frontier[v] && (u.in_universe[v] || path_index_[v] >= 0)) dom.push_back(v);
    const auto row = cnf_.one_if(won, dom.size());
    for (std::size_t d = 0; d < dom.size(); ++d) {
      x[i][dom[d]] = row[d];
      if (u.in_universe[dom[d]] || degree[i] > 0) continue;
      std::vector<int> mentioned{-row[d]};  // an edge of the target's image mentions it otherwise
      mentioned.insert(mentioned.end(), present_at[dom[d]].begin(), present_at[dom[d]].end());
      cnf_.clause(mentioned);
    }
  }
  return x;
}

// y[j][e]: target edge j is element e (present, same number of vertices, the same type when
// typed, every vertex of e an image of the edge's vertices); each element the image of at most
// one edge, and under isomorphism every present element touching the image is one.
void HypergraphEncoding::map_target_edges(int frame, int won, const std::vector<std::vector<int>>& edges,
                                          const std::vector<std::vector<int>>& x, const std::vector<int>& img, bool contains) {
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  const bool typed = game_.rules.typed_isomorphism();
  const std::size_t E = scope_.elements.size();
  std::vector<std::vector<int>> y(edges.size(), std::vector<int>(E, 0));
  for (std::size_t j = 0; j < edges.size(); ++j) {
    const bool virtual_edge = target_.shape.edge_colour[j] == static_cast<int>(model::EdgeType::V);
    std::vector<std::size_t> dom;
    for (std::size_t e = 0; e < E; ++e)
      if (scope_.elements[e].edge.vertices.size() == edges[j].size() && (!typed || scope_.is_virtual(e) == virtual_edge))
        dom.push_back(e);
    const auto row = cnf_.one_if(won, dom.size());
    for (std::size_t d = 0; d < dom.size(); ++d) {
      const std::size_t e = dom[d];
      y[j][e] = row[d];
      cnf_.clause({-row[d], f.present[e]});
      for (auto v : scope_.elements[e].edge.vertices) {
        std::vector<int> c{-row[d]};
        for (int i : edges[j])
          if (x[static_cast<std::size_t>(i)][v]) c.push_back(x[static_cast<std::size_t>(i)][v]);
        cnf_.clause(c);
      }
    }
  }
  for (std::size_t e = 0; e < E; ++e) {
    std::vector<int> col;
    for (std::size_t j = 0; j < edges.size(); ++j)
      if (y[j][e]) col.push_back(y[j][e]);
    cnf_.at_most_one(col);
    if (contains) continue;
    // Isomorphism: every present element touching the image is the image of a target edge.
    for (auto v : scope_.elements[e].edge.vertices) {
      if (!img[v]) continue;
      std::vector<int> c{-f.present[e], -img[v]};
      c.insert(c.end(), col.begin(), col.end());
      cnf_.clause(c);
    }
  }
}

// Contains: the image's component is finite (a closed set around it avoids the frontier). The
// root's component: the root is in the image (isomorphism: the image is a whole component) or,
// under contains, joined to it by present edges -- at most (vertices that may lie in a finite
// component) - 1 of them.
void HypergraphEncoding::component_of_image(int frame, const std::vector<int>& img, bool contains, bool root_only) {
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  const auto& u = game_.universe;
  const int won = victory_[static_cast<std::size_t>(frame)];
  std::vector<FrameEdge> edges;
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) {
    FrameEdge fe{f.present[e], {}};
    for (auto v : scope_.elements[e].edge.vertices) fe.members.emplace_back(v, 0);
    edges.push_back(std::move(fe));
  }
  std::vector<bool> finite(n_);
  int possible = 0;
  for (VertexId v = 0; v < n_; ++v) {
    finite[v] = !u.frontier[v];
    possible += finite[v] && (u.in_universe[v] || path_index_[v] >= 0);
  }
  if (contains) closed_set(cnf_, img, finite, edges);
  if (!root_only) return;
  if (contains) {
    cnf_.clause({-won, reaches(cnf_, f.root, img, edges, possible - 1)});
    return;
  }
  for (VertexId v = 0; v < n_; ++v) {
    if (f.root[v] == cnf_.false_lit()) continue;
    cnf_.clause(img[v] ? std::vector<int>{-won, -f.root[v], img[v]} : std::vector<int>{-won, -f.root[v]});
  }
}

std::vector<model::Move> HypergraphEncoding::decode(int turns) {
  if (over_approximates()) throw std::logic_error("decode: a model of the over-approximated collapses is no play");
  auto& b = cnf_.backend();
  std::vector<model::Move> play;
  for (int t = 0; t < turns; ++t) {
    const Turn& tu = turns_[static_cast<std::size_t>(t)];
    const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
    model::Move m;
    for (std::size_t e = 0; e < scope_.elements.size(); ++e)
      if (tu.fresh[e] && b.value(tu.fresh[e])) m.added = scope_.elements[e].edge;
    if (b.value(tu.collapse)) {
      model::CollapsePath cp;
      std::vector<model::EdgeType> types;
      for (std::size_t i = 0; i < tu.pos.size(); ++i) {
        if (b.value(tu.stopped[i])) break;
        for (std::size_t j = 0; j < scope_.path_vertices.size(); ++j)
          if (b.value(tu.pos[i][j])) cp.vertices.push_back(scope_.path_vertices[j]);
        if (i == 0) continue;
        for (std::size_t e = 0; e < scope_.elements.size(); ++e)
          if (b.value(tu.sel[i - 1][e])) {
            cp.edges.push_back(scope_.elements[e].edge);
            types.push_back(scope_.is_virtual(e) ? model::EdgeType::V : model::EdgeType::T);
          }
      }
      model::orient(game_.rules, types, cp);
      m.collapse = cp;
    }
    if (b.value(tu.trigger))
      for (VertexId v = 0; v < n_; ++v)
        if (nx.root[v] != cnf_.false_lit() && b.value(nx.root[v])) m.new_root = v;
    play.push_back(std::move(m));
  }
  return play;
}

}  // namespace carve::encoder
