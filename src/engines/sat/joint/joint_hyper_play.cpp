// The joint formula of two readings of document 001 over one play (joint_hyper_play.hpp), rule
// by rule. As in joint_play.cpp, each reading's legality of a turn is a literal *defined both
// ways* from the shared play, so its negation is exact, except "the stable claim is legal only if
// ℛ = ∅", needed positively only (where a reading must accept a stable turn) and enforced by the
// single encoding's means: a closed set of product states for walks (exact, eager), lemmas for
// the other kinds; its negation "ℛ ≠ ∅" is an existential, a witness path legal under that reading.
//
// State. Frame s holds, per edge element of the scope (E_Ω first, then virtual tuples: a tuple is
// one element, so parallel edges are distinct), "present", and the root, one-hot over the vertices
// that can be the root. S_0: E_Ω, no virtual element, ρ_0. E'_t = present or e_new; the next
// frame keeps E'_t minus the elements the collapse path steps along (a legal path uses e_new, so
// a collapsing turn never keeps it; a stable turn keeps it) -- model::after_collapse. Both
// readings accept turns 1..t-1, so the state is one state for both.
//
// The move. e_new is one virtual element (one-hot over the tuples either reading's construction
// rule allows on S_0). The collapse path is a sequence of positions from the root; step i selects
// one element of E'_t holding positions i-1 and i, which differ (Def 3.1: v_{i-1} ≠ v_i; every
// element has at least two vertices). The move states these positions, or their reverse when
// `reversed` holds (only where a reading's pattern is not closed under reversal: then the
// orientation matters; every legal path has the root at an end, Φ_root). The succession choice
// is a vertex, `named` or not (not named: the root stays).
//
// Construction (IV.1) per reading: the tuple allowed by the reading's construction rule on S_0
// (model::construction_allowed: sorts, F* under virtual-scope, e ∉ E_Ω -- a static table here),
// and under duplicate=forbid not present -- model::check_construction's clauses.
//
// Collapse path (3.1-3.3) per reading: Φ_inc (some step's element is e_new), Φ_dense (the
// reading's automaton over the step types, forward from the root, or backward for a reversed
// path; dense = never dead within the path), and the kind over positions and elements: trail = no
// element twice; simple = no vertex and no element twice; simple-or-cycle = no element twice and
// no vertex twice, or closed at the root with the other vertices distinct and at least 2 steps
// (with parallel edges a 2-step cycle exists) -- CollapsePaths::violation. Φ_root by construction.
//
// Stability (IV.2). Where a reading must accept a stable turn: walks, the closed set of product
// states (vertex, automaton state read from the root, e_new used) of hypergraph_encoding.cpp
// holding the start and no flagged state (exact both ways: the reachable set is such a set
// exactly when ℛ = ∅); the other kinds, lazy lemmas (JointHyperLemma), each implied by the rules
// of the reading it names, and eagerly the one- and two-step paths every kind admits. Where a reading must reject it: a witness path block from the root,
// legal under that reading (its kind, its automaton read from the root, Φ_inc).
//
// Succession (IV.3) per reading: trigger and eligibility read the spec's edge sets over E'' (only
// inherent elements count: E_V ∩ E_Ω = ∅), the old root excluded when the rules say so. Legal iff
// (due -> named and eligible) and (not due -> the choice is the root) -- model::succession_phase.
//
// Path lengths. A non-walk reading's path uses distinct elements of E'_t (at most |E_Ω| + t of
// them at 1-based turn t) and a simple one distinct vertices: the kind bounds of the single
// encoding. A witness for a walk reading: a shortest walk to a flagged product state visits
// distinct product states, at most 2·P·Q - 1 steps (P the scope's path vertices, Q the automaton's
// live states). The move's walk (where a reading reads walks) has the *joint walk bound*
// (|K| + 1)(S + 1), m = |E_Ω| + t, S = P times the pairs of states (dead included) the two
// readings' minimal `density` automata reach together (the automata as the move states the path;
// any automaton of a language decides it alike), |K| = m, or m + 3 at the last turn where a
// reading is not a walk reading. Why it loses no distinguishing play: take a stated walk W and
// keep K = the first occurrence of each element and -- where the rejecting reading is not a walk
// reading and rejects W by its kind -- the last step and the step repeating an element, or the
// steps arriving at two positions of one vertex. Between two kept steps, and after the last one,
// cut every repeat of the product state (vertex, q_A, q_B): the cut steps reuse elements
// first used earlier, so W' has the same elements (the same removal, hence the same E'' and the
// same succession judgments), the same ends (Φ_root) and e_new (Φ_inc), and each automaton is in
// the same state after every kept step as on W: never dead on W' iff never dead on W (the dead
// state absorbs, and the state after the last step is W's). W' is a subsequence of W's steps, so a kind W
// meets W' meets; a kind W breaks W' breaks by the kept witness steps (a repeated vertex kept at
// two positions before the last step is no cycle through the root either). Each stretch between
// kept steps (and the tail after the last one, whose cuts keep the last vertex) then visits
// distinct product states: |W'| <= (|K| + 1)(S + 1). Turns both readings accept
// need no marks; where one of them is not a walk reading its own bound holds. So with these
// lengths the search is exact; a shorter walk length (walk_length, or the fallback where the
// bound's step literals exceed kWalkStepLiterals) makes exact() false, and a refutation is then
// no statement about every play (carve diff says "unknown", never "none").
//
// Scope. ScopeCut::Reduced is hyper_scope.cpp's cut of each reading, merged (the union of the
// elements and candidate vertices). It is exact for the joint question because its automorphisms
// -- permutations of the vertices keeping sorts, F* membership and E_Ω and fixing ρ_0, and
// bijections between tuples with one vertex set -- are defined from the universe alone, which
// refusal() requires the two readings to share (with their operators), and every rule a 001
// reading states reads only what they keep (construction: sorts, F*, E_Ω, the state; paths: V(e)
// and types; succession: E_Ω; every switch value alike): each is an automorphism of *both*
// games, so it maps a distinguishing play to a distinguishing play (legal stays legal, illegal
// illegal, under each reading). A play of t turns touches at most 1 + t(s + 1) components (the
// accepting reading's collapse path, and the rejecting reading's witness path, run inside the
// touched ones) and at most t tuples per vertex set, so renaming it into the first blocks and
// tuples of each class loses no distinguishing play -- the argument of hyper_scope.cpp, read
// for two games at once. For each vertex set the tuples the two readings allow are one list or
// none (the rule reads only the vertices' sorts and F* membership), so the union keeps the
// first min(m_S, t) of it. A DRAT proof carries no such argument: ScopeCut::WholeUniverse (every
// formula and every allowed tuple) is what carve diff's certificates refute where they can; past
// that, the reduced formula's refutation is certified with this argument stated as the one step
// outside the proof (questions/diff/sat_play_diff.cpp), as carve solve's no-win is.
#include "engines/sat/joint/joint_hyper_play.hpp"

#include "engines/sat/joint/density_run.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace carve::encoder {

using model::VertexId;

namespace {

bool same_universe(const model::Game& a, const model::Game& b) {
  const auto& ua = a.universe;
  const auto& ub = b.universe;
  if (ua.names != ub.names || ua.sorts != ub.sorts || ua.sort_names != ub.sort_names || ua.in_universe != ub.in_universe ||
      ua.frontier != ub.frontier || ua.inherent.size() != ub.inherent.size() || a.initial_root != b.initial_root)
    return false;
  for (std::size_t i = 0; i < ua.inherent.size(); ++i)
    if (ua.inherent[i].op != ub.inherent[i].op || ua.inherent[i].slots != ub.inherent[i].slots ||
        ua.inherent[i].conclusion != ub.inherent[i].conclusion)
      return false;
  return true;
}

bool same_operators(const model::Game& a, const model::Game& b) {
  const auto& oa = a.rules.operators;
  const auto& ob = b.rules.operators;
  if (oa.size() != ob.size()) return false;
  for (std::size_t i = 0; i < oa.size(); ++i)
    if (oa[i].name != ob[i].name || oa[i].slot_preds != ob[i].slot_preds) return false;
  return true;
}

// Both readings' scopes at `turns` turns, merged: A's elements, then B's tuples A lacks; the
// candidate and path vertices of either.
// `budget` (may be null) is ticked while the tuples are listed, and its memory ceiling checked
// against what a path step costs per element at least (hypergraph_encoding.cpp's figure).
HyperScope merged_scope(const model::Game& a, const model::Game& b, int turns, ScopeCut cut, limits::Budget* budget) {
  constexpr std::size_t kStepElementBytes = 5 * 32 + 8;
  HyperScope s = hyper_scope(a, turns, cut, budget, kStepElementBytes);
  const HyperScope o = hyper_scope(b, turns, cut, budget, kStepElementBytes);
  for (std::size_t e = o.inherent_count; e < o.elements.size(); ++e)
    if (s.element_of(o.elements[e].edge.slots) < 0) {
      s.by_slots.emplace(o.elements[e].edge.slots, static_cast<int>(s.elements.size()));
      s.elements.push_back(o.elements[e]);
    }
  for (std::size_t v = 0; v < s.candidate.size(); ++v) s.candidate[v] = s.candidate[v] || o.candidate[v];
  std::set<VertexId> path(s.path_vertices.begin(), s.path_vertices.end());
  path.insert(o.path_vertices.begin(), o.path_vertices.end());
  s.path_vertices.assign(path.begin(), path.end());
  return s;
}

// How many tuples of U \ E_Ω either reading's construction rule allows: the larger of the two
// readings' whole_universe_tuples (hyper_scope.hpp, the count single certificates go by; the
// readings share their operators, and the tuples over F* are among those over every formula), less
// the inherent ones.
std::size_t whole_tuples(const model::Game& a, const model::Game& b) {
  const std::size_t total = std::max(whole_universe_tuples(a), whole_universe_tuples(b));
  std::size_t inherent = 0;
  for (const auto& ie : a.universe.inherent)
    for (const auto& op : a.rules.operators) inherent += ie.op == op.name;
  return total - std::min(total, inherent);
}

}  // namespace

std::optional<std::string> JointHyperPlayEncoding::refusal(const model::Game& a, const model::Game& b) {
  for (const model::Game* g : {&a, &b})
    if (g->universe.kind != model::Universe::Kind::Deduction)
      return fmt::format("document {} ({}): the joint play formula over hypergraph frames takes document 001's deduction universe",
                         g->document, g->spec_name);
  for (const model::Game* g : {&a, &b})
    if (g->rules.relaxed.any()) return std::string("rules relaxed by carve explain are not encoded by the joint play formula");
  if (!same_universe(a, b))
    return std::string("the two readings' universes (formulas, inherent edges or initial root) differ: no shared play to encode");
  if (!same_operators(a, b))
    return std::string("the two readings' operators differ: the scope's symmetry argument needs one universe U of tuples");
  return std::nullopt;
}

JointHyperLemma JointHyperPlayEncoding::lemma_of(int side, const model::State& state, const model::GraphView& view,
                                                 const model::ViewPath& path) {
  Lemma l;
  l.side = side;
  l.root = state.root;
  for (auto id : path.edges) {
    const auto& ve = view.edges()[id];
    if (ve.is_new) l.fresh = *ve.slots;
    else l.others.push_back(*ve.slots);
  }
  return l;
}

JointHyperPlayEncoding::JointHyperPlayEncoding(const model::Game& a, const model::Game& b, Cnf& cnf, int turns, int walk_length,
                                               ScopeCut cut)
    : games_{&a, &b}, cnf_(cnf), turns_wanted_(turns), walk_override_(walk_length), scope_(merged_scope(a, b, turns, cut, cnf.budget())),
      n_(a.universe.size()) {
  if (refusal(a, b)) throw std::logic_error("JointHyperPlayEncoding: readings it refuses");
  if (turns < 1) throw std::logic_error("JointHyperPlayEncoding: a play of at least one turn");
  whole_elements_ = scope_.inherent_count + whole_tuples(a, b);
  whole_ = cut == ScopeCut::WholeUniverse || scope_.elements.size() == whole_elements_;
  path_index_.assign(n_, -1);
  for (std::size_t j = 0; j < scope_.path_vertices.size(); ++j) path_index_[scope_.path_vertices[j]] = static_cast<int>(j);
  // The bounds count the states of the minimal automata: any automaton of the language serves the
  // argument at the top (density is acceptance of the word, which the language decides).
  const model::DensityAutomaton stated[2] = {a.rules.density.minimal(), b.rules.density.minimal()};
  for (int side = 0; side < 2; ++side) rooted_states_[side] = games_[side]->rules.density.from_root().minimal().states();
  product_states_ = reachable_state_pairs(stated[0], stated[1]);
  const model::State s0 = model::initial_state(a);
  for (int side = 0; side < 2; ++side)
    for (const auto& el : scope_.elements)
      allowed_[side].push_back(el.inherent < 0 && model::construction_allowed(*games_[side], s0, el.edge));
  build();
}

// x <-> OR(lits), constants folded, one literal per set of inputs (joint_play.cpp says why).
int JointHyperPlayEncoding::lit_or(std::vector<int> lits) {
  const int f = cnf_.false_lit();
  std::vector<int> keep;
  for (int l : lits) {
    if (l == f) continue;
    if (l == -f) return -f;
    keep.push_back(l);
  }
  if (keep.empty()) return f;
  std::sort(keep.begin(), keep.end());
  keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
  if (keep.size() == 1) return keep[0];
  for (std::size_t i = 0; i + 1 < keep.size(); ++i)
    if (std::binary_search(keep.begin(), keep.end(), -keep[i])) return -f;
  if (keep.size() == 2) {  // most definitions: one hash of the pair, no vector key
    const auto key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(keep[0])) << 32) | static_cast<std::uint32_t>(keep[1]);
    auto [it, fresh] = pairs_defined_.try_emplace(key, 0);
    if (fresh) it->second = cnf_.define_or(keep);
    return it->second;
  }
  auto [it, fresh] = defined_.try_emplace(keep, 0);
  if (fresh) it->second = cnf_.define_or(keep);
  return it->second;
}

int JointHyperPlayEncoding::lit_and(std::vector<int> lits) {
  for (int& l : lits) l = -l;
  return -lit_or(std::move(lits));
}

int JointHyperPlayEncoding::at_least_two(const std::vector<int>& xs) {
  int one = cnf_.false_lit();
  std::vector<int> twos;
  for (int x : xs) {
    twos.push_back(lit_and({x, one}));
    one = lit_or({one, x});
  }
  return lit_or(twos);
}

// The joint walk bound of the move at 1-based `turn` (the top of the file): kept steps K, at most
// m first occurrences and, at the last turn where a reading that may reject reads another kind,
// 3 more; |K| + 1 stretches of at most S + 1 steps.
int JointHyperPlayEncoding::walk_bound(int turn, bool last) const {
  const long m = static_cast<long>(scope_.inherent_count) + turn;
  const long P = static_cast<long>(scope_.path_vertices.size());
  const bool marks = last && (games_[0]->rules.path() != model::PathKind::Walk || games_[1]->rules.path() != model::PathKind::Walk);
  const long S = P * product_states_;
  return static_cast<int>(std::min<long>((m + (marks ? 3 : 0) + 1) * (S + 1), 1L << 30));
}

int JointHyperPlayEncoding::kind_bound(int side, int turn) const {
  const int edges = static_cast<int>(scope_.inherent_count) + turn;
  const int P = static_cast<int>(scope_.path_vertices.size());
  switch (games_[side]->rules.path()) {
    case model::PathKind::Walk: return walk_bound(turn, true);
    case model::PathKind::Trail: return edges;
    case model::PathKind::Simple: return std::max(1, std::min(P - 1, edges));
    case model::PathKind::SimpleOrCycle: return std::max(1, std::min(P, edges));
  }
  return edges;
}

int JointHyperPlayEncoding::witness_length(int side, int turn) const {
  if (games_[side]->rules.path() != model::PathKind::Walk) return kind_bound(side, turn);
  return std::max(1, 2 * static_cast<int>(scope_.path_vertices.size()) * rooted_states_[side]);
}

int JointHyperPlayEncoding::path_length(int turn) const { return lengths_[static_cast<std::size_t>(turn) - 1]; }

JointHyperPlayEncoding::PathBlock JointHyperPlayEncoding::path_block(const Frame& f, const std::vector<int>& in_g2, int start,
                                                                     int length) {
  const std::size_t P = scope_.path_vertices.size();
  const std::size_t E = scope_.elements.size();
  PathBlock p;
  p.length = length;
  p.go.assign(static_cast<std::size_t>(length) + 2, cnf_.false_lit());
  p.go[0] = -cnf_.false_lit();
  p.go[1] = start;
  for (int i = 2; i <= length; ++i) {
    p.go[static_cast<std::size_t>(i)] = cnf_.var();
    cnf_.clause({-p.go[static_cast<std::size_t>(i)], p.go[static_cast<std::size_t>(i) - 1]});
  }
  std::vector<int> root_row(P);
  for (std::size_t j = 0; j < P; ++j) root_row[j] = f.root[scope_.path_vertices[j]];
  p.pos.push_back(std::move(root_row));
  p.sel.emplace_back();
  p.tree_step.push_back(cnf_.false_lit());
  for (int i = 1; i <= length; ++i) {
    const int go = p.go[static_cast<std::size_t>(i)];
    const std::vector<int> x = p.pos.back();
    std::vector<int> y = cnf_.one_if(go, P);
    std::vector<int> row = cnf_.one_if(go, E);
    std::vector<int> tree_steps;
    for (std::size_t e = 0; e < E; ++e) {
      cnf_.clause({-row[e], in_g2[e]});
      std::vector<int> from{-row[e]}, to{-row[e]};
      for (auto v : scope_.elements[e].edge.vertices) {
        from.push_back(x[static_cast<std::size_t>(path_index_[v])]);
        to.push_back(y[static_cast<std::size_t>(path_index_[v])]);
      }
      cnf_.clause(from);
      cnf_.clause(to);
      if (!scope_.is_virtual(e)) tree_steps.push_back(row[e]);
    }
    for (std::size_t j = 0; j < P; ++j) cnf_.clause({-x[j], -y[j]});
    p.tree_step.push_back(lit_or(tree_steps));
    p.pos.push_back(std::move(y));
    p.sel.push_back(std::move(row));
  }
  p.used.assign(E, cnf_.false_lit());
  for (std::size_t e = 0; e < E; ++e) {
    std::vector<int> steps;
    for (int i = 1; i <= length; ++i) steps.push_back(p.sel[static_cast<std::size_t>(i)][e]);
    p.used[e] = lit_or(steps);
  }
  return p;
}

int JointHyperPlayEncoding::kind_ok(int side, const PathBlock& p, const Frame& f) {
  const auto kind = games_[side]->rules.path();
  if (kind == model::PathKind::Walk) return -cnf_.false_lit();
  const auto L = static_cast<std::size_t>(p.length);
  std::vector<int> element_twice;
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) {
    std::vector<int> steps;
    for (std::size_t i = 1; i <= L; ++i) steps.push_back(p.sel[i][e]);
    element_twice.push_back(at_least_two(steps));
  }
  const int distinct_elements = -lit_or(element_twice);
  if (kind == model::PathKind::Trail) return distinct_elements;
  std::vector<int> twice, inner_twice, ends_at_root;
  for (std::size_t j = 0; j < scope_.path_vertices.size(); ++j) {
    std::vector<int> at, inner, end;
    for (std::size_t i = 0; i <= L; ++i) {
      at.push_back(p.pos[i][j]);
      inner.push_back(lit_and({p.pos[i][j], p.go[i + 1]}));
      if (i >= 1) end.push_back(lit_and({p.pos[i][j], -p.go[i + 1]}));
    }
    twice.push_back(at_least_two(at));
    if (kind == model::PathKind::SimpleOrCycle) {
      inner_twice.push_back(at_least_two(inner));
      ends_at_root.push_back(lit_and({lit_or(end), f.root[scope_.path_vertices[j]]}));
    }
  }
  const int distinct_vertices = -lit_or(twice);
  if (kind == model::PathKind::Simple) return lit_and({distinct_elements, distinct_vertices});
  const int cycle = lit_and({lit_or(ends_at_root), -lit_or(inner_twice), L >= 2 ? p.go[2] : cnf_.false_lit()});
  return lit_and({distinct_elements, lit_or({distinct_vertices, cycle})});
}

// Φ_dense, as joint_play.cpp reads it: the automaton's run over the step types, never dead within
// the path; backward: read from the path's far end to the root (the reversed path's word).
int JointHyperPlayEncoding::dense(const model::DensityAutomaton& dfa, const PathBlock& p, bool backward) {
  return density_run_ok([this](std::vector<int> l) { return lit_and(std::move(l)); },
                        [this](std::vector<int> l) { return lit_or(std::move(l)); }, cnf_.false_lit(), dfa, p.go, p.tree_step, p.length, backward);
}

int JointHyperPlayEncoding::path_ok(int side, const PathBlock& p, const Frame& f, int uses_new, bool as_move) {
  const auto& density = games_[side]->rules.density;
  const bool closed_under_reversal = &density.from_root() == &density;
  int dense_ok;
  if (!as_move) {
    dense_ok = dense(density.from_root(), p, false);
  } else if (closed_under_reversal) {
    dense_ok = dense(density, p, false);
  } else {
    dense_ok = lit_or({lit_and({-p.reversed, dense(density, p, false)}), lit_and({p.reversed, dense(density, p, true)})});
  }
  return lit_and({kind_ok(side, p, f), dense_ok, uses_new});
}

int JointHyperPlayEncoding::construction_ok(int side, const Frame& f, const Turn& tu) {
  const bool dup_forbid = games_[side]->rules.reading.duplicate == model::sw::Duplicate::Forbid;
  std::vector<int> bad;
  for (std::size_t e = scope_.inherent_count; e < scope_.elements.size(); ++e) {
    if (!allowed_[side][e]) bad.push_back(tu.fresh[e]);
    if (dup_forbid) bad.push_back(lit_and({tu.fresh[e], f.present[e]}));
  }
  return -lit_or(bad);
}

int JointHyperPlayEncoding::has_role_edge(const Frame& after, VertexId v, bool by_conclusion) {
  const auto& u = games_[0]->universe;
  if (u.frontier[v] && !by_conclusion) return -cnf_.false_lit();
  std::vector<int> some;
  for (auto id : u.inherent_at[v])
    if ((u.inherent[id].conclusion == v) == by_conclusion) some.push_back(after.present[id]);
  return lit_or(some);
}

int JointHyperPlayEncoding::succession_ok(int side, const Frame& f, const Frame& after, const Turn& tu) {
  const auto& rules = games_[side]->rules;
  const auto& u = games_[side]->universe;
  std::vector<int> root_has, eligible_choice, stays;
  for (VertexId v = 0; v < n_; ++v) {
    if (tu.next_root[v] == cnf_.false_lit()) continue;
    root_has.push_back(lit_and({f.root[v], has_role_edge(after, v, rules.succession.trigger_by_conclusion)}));
    const int eligible = u.in_universe[v] ? lit_and({-has_role_edge(after, v, rules.succession.eligible_by_conclusion),
                                                     rules.old_root_may_return() ? -cnf_.false_lit() : -f.root[v]})
                                          : cnf_.false_lit();
    eligible_choice.push_back(lit_and({tu.next_root[v], eligible}));
    stays.push_back(lit_and({tu.next_root[v], f.root[v]}));
  }
  const int due = -lit_or(root_has);
  return lit_and({lit_or({-due, lit_and({tu.named, lit_or(eligible_choice)})}), lit_or({due, lit_or(stays)})});
}

// Walks: a stable turn the reading accepts leaves no flagged product state in a closed set that
// holds (ρ, start, no) -- hypergraph_encoding.cpp's encode_closure over E'_t; `guard` appended to
// the "no flagged state" clauses (0: none).
void JointHyperPlayEncoding::closure(int side, const Frame& f, const Turn& tu, const std::vector<int>& in_g2, int guard) {
  const auto& dfa = games_[side]->rules.density.from_root();
  const auto Q = static_cast<std::size_t>(dfa.states());
  const std::size_t P = scope_.path_vertices.size();
  std::vector<int> c(P * Q * 2);
  for (auto& x : c) x = cnf_.var();
  auto at = [&](VertexId v, std::size_t q, std::size_t flag) {
    return c[(static_cast<std::size_t>(path_index_[v]) * Q + q) * 2 + flag];
  };
  for (auto v : scope_.path_vertices) cnf_.clause({-f.root[v], at(v, static_cast<std::size_t>(dfa.start()), 0)});
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) {
    if (in_g2[e] == cnf_.false_lit()) continue;
    const auto& vs = scope_.elements[e].edge.vertices;
    const bool virt = scope_.is_virtual(e);
    for (std::size_t q = 0; q < Q; ++q) {
      const int q2 = dfa.step(static_cast<int>(q), virt ? model::EdgeType::V : model::EdgeType::T);
      if (q2 == model::DensityAutomaton::kDead) continue;
      const auto uq = static_cast<std::size_t>(q2);
      for (auto x : vs)
        for (auto y : vs) {
          if (x == y) continue;
          for (std::size_t flag = 0; flag < 2; ++flag) {
            if (!virt) {
              cnf_.clause({-at(x, q, flag), -f.present[e], at(y, uq, flag)});
            } else {
              cnf_.clause({-at(x, q, flag), -tu.fresh[e], at(y, uq, 1)});
              cnf_.clause({-at(x, q, flag), -f.present[e], tu.fresh[e], at(y, uq, flag)});
            }
          }
        }
    }
  }
  for (auto v : scope_.path_vertices)
    for (std::size_t q = 0; q < Q; ++q) {
      std::vector<int> cl{tu.collapse, -at(v, q, 1)};
      if (guard) cl.push_back(guard);
      cnf_.clause(cl);
    }
}

// The eager part of the lemmas, for a reading that reads another kind than walks (walks have the
// closure): a stable turn it accepts leaves no path of one step along e_new from the root (when
// its automaton read from the root accepts V) and none of two steps, an inherent edge from the root
// to x and then e_new from x to a third vertex (when it accepts T V) -- both are paths of every
// kind, with Φ_inc and Φ_root, so each clause is implied by that reading's rules, as a lemma is.
// `guard` appended (0: none).
void JointHyperPlayEncoding::eager_stability(int side, const Frame& f, const Turn& tu, int guard) {
  const auto& dfa = games_[side]->rules.density.from_root();
  const bool one = dfa.accepts({model::EdgeType::V});
  const bool two = dfa.accepts({model::EdgeType::T, model::EdgeType::V});
  auto emit = [&](std::vector<int> c) {
    if (guard) c.push_back(guard);
    cnf_.clause(c);
  };
  for (auto v : scope_.path_vertices) {
    if (f.root[v] == cnf_.false_lit()) continue;
    for (std::size_t e = scope_.inherent_count; e < scope_.elements.size(); ++e) {
      const auto& ve = scope_.elements[e].edge.vertices;
      if (one && std::find(ve.begin(), ve.end(), v) != ve.end()) emit({tu.collapse, -f.root[v], -tu.fresh[e]});
    }
    if (!two) continue;
    for (auto id : games_[side]->universe.inherent_at[v])
      for (auto x : scope_.elements[id].edge.vertices) {
        if (x == v) continue;
        for (std::size_t e = scope_.inherent_count; e < scope_.elements.size(); ++e) {
          const auto& ve = scope_.elements[e].edge.vertices;
          const bool from_x = std::find(ve.begin(), ve.end(), x) != ve.end();
          const bool third = std::any_of(ve.begin(), ve.end(), [&](VertexId y) { return y != v && y != x; });
          if (from_x && third) emit({tu.collapse, -f.root[v], -f.present[id], -tu.fresh[e]});
        }
      }
  }
}

// The last turn: one reading accepts (accept_: A), the other rejects -- some rule broken:
// construction, the stated path, the stable claim (a witness path legal under it), or succession.
void JointHyperPlayEncoding::last_turn(const Frame& f, Turn& tu, const std::vector<int>& in_g2, const int legal[3][2], int turn) {
  accept_ = cnf_.var();
  const int holds_while_accepting[2] = {-accept_, accept_};  // appended: the clause binds while that side accepts
  for (int side = 0; side < 2; ++side) {
    const int g = holds_while_accepting[side];
    cnf_.clause({g, legal[0][side]});
    cnf_.clause({g, -tu.collapse, legal[1][side]});
    cnf_.clause({g, legal[2][side]});
    if (games_[side]->rules.path() == model::PathKind::Walk) closure(side, f, tu, in_g2, g);
    else eager_stability(side, f, tu, g);
    const int witness = cnf_.var();
    PathBlock w = path_block(f, in_g2, witness, witness_length(side, turn));
    std::vector<int> w_new;
    for (std::size_t e = 0; e < scope_.elements.size(); ++e) w_new.push_back(lit_and({tu.fresh[e], w.used[e]}));
    cnf_.clause({-witness, path_ok(side, w, f, lit_or(w_new), false)});
    cnf_.clause({-g, -legal[0][side], lit_and({tu.collapse, -legal[1][side]}), lit_and({-tu.collapse, witness}), -legal[2][side]});
  }
}

// Long because one turn's variables and both readings' legality read best in one place: the
// state, the move, then the three rules per reading, then what binds (both accept, or the last
// turn's split).
void JointHyperPlayEncoding::build() {
  const int F = cnf_.false_lit();
  const auto& u = games_[0]->universe;
  const bool walks[2] = {games_[0]->rules.path() == model::PathKind::Walk, games_[1]->rules.path() == model::PathKind::Walk};
  const bool one_way = &games_[0]->rules.density.from_root() != &games_[0]->rules.density ||
                       &games_[1]->rules.density.from_root() != &games_[1]->rules.density;
  Frame s0;
  for (std::size_t e = 0; e < scope_.elements.size(); ++e) s0.present.push_back(scope_.is_virtual(e) ? F : -F);
  for (VertexId v = 0; v < n_; ++v) s0.root.push_back(v == games_[0]->initial_root ? -F : F);
  frames_.push_back(std::move(s0));
  for (int s = 0; s < turns_wanted_; ++s) {
    const int turn = s + 1;
    const bool last = turn == turns_wanted_;
    const Frame f = frames_.back();
    Turn tu;
    std::vector<int> can;
    for (std::size_t e = 0; e < scope_.elements.size(); ++e) {
      tu.fresh.push_back(scope_.is_virtual(e) ? cnf_.var() : F);
      if (scope_.is_virtual(e)) can.push_back(tu.fresh.back());
    }
    if (can.empty()) cnf_.clause({F});  // no tuple can be e_new: no turn is played
    else cnf_.exactly_one(can);
    std::vector<int> in_g2;
    for (std::size_t e = 0; e < scope_.elements.size(); ++e) in_g2.push_back(lit_or({f.present[e], tu.fresh[e]}));
    // The move's path length: the proved one (top of the file) unless walks are cut short.
    int length = std::max(kind_bound(0, turn), kind_bound(1, turn));
    if (walks[0] || walks[1]) {
      const int kinds = std::max(walks[0] ? 1 : kind_bound(0, turn), walks[1] ? 1 : kind_bound(1, turn));
      const int need = !last && walks[0] != walks[1] ? kinds : std::max(walk_bound(turn, last), kinds);
      const int fallback = std::max(short_paths(turn), kinds);
      if (walk_override_ > 0) length = std::max(walk_override_, !last && walks[0] != walks[1] ? kinds : 1);
      else if (static_cast<long>(need) * static_cast<long>(scope_.elements.size()) <= kWalkStepLiterals) length = need;
      else length = std::min(need, fallback);
      exact_ = exact_ && length >= need;
    }
    lengths_.push_back(length);
    tu.collapse = cnf_.var();
    tu.path = path_block(f, in_g2, tu.collapse, length);
    tu.path.reversed = one_way ? cnf_.var() : F;
    std::vector<int> on_new;
    for (std::size_t e = 0; e < scope_.elements.size(); ++e) on_new.push_back(lit_and({tu.fresh[e], tu.path.used[e]}));
    const int uses_new = lit_or(on_new);
    Frame after;
    for (std::size_t e = 0; e < scope_.elements.size(); ++e) after.present.push_back(lit_and({in_g2[e], -tu.path.used[e]}));
    tu.named = cnf_.var();
    std::vector<int> capable;
    for (VertexId v = 0; v < n_; ++v) {
      const bool can_root = u.in_universe[v] && (scope_.candidate[v] || v == games_[0]->initial_root);
      tu.next_root.push_back(can_root ? cnf_.var() : F);
      if (can_root) capable.push_back(tu.next_root.back());
    }
    cnf_.exactly_one(capable);
    for (VertexId v = 0; v < n_; ++v)
      if (f.root[v] != F && tu.next_root[v] != F) cnf_.clause({tu.named, -f.root[v], tu.next_root[v]});
    int legal[3][2];  // construction, path, succession per side
    for (int side = 0; side < 2; ++side) {
      legal[0][side] = construction_ok(side, f, tu);
      legal[1][side] = path_ok(side, tu.path, f, uses_new, true);
      legal[2][side] = succession_ok(side, f, after, tu);
    }
    if (!last) {
      for (int side = 0; side < 2; ++side) {
        cnf_.clause({legal[0][side]});
        cnf_.clause({-tu.collapse, legal[1][side]});
        cnf_.clause({legal[2][side]});
        if (walks[side]) closure(side, f, tu, in_g2, 0);
        else eager_stability(side, f, tu, 0);
      }
    } else {
      last_turn(f, tu, in_g2, legal, turn);
    }
    after.root = tu.next_root;
    tu.g2 = std::move(in_g2);
    turns_.push_back(std::move(tu));
    frames_.push_back(std::move(after));
  }
}

void JointHyperPlayEncoding::lemma_clause(const Lemma& l, std::size_t s) {
  const int F = cnf_.false_lit();
  const Frame& f = frames_[s];
  const Turn& tu = turns_[s];
  const int fresh = scope_.element_of(l.fresh);
  if (fresh < 0 || tu.fresh[static_cast<std::size_t>(fresh)] == F || l.root >= n_ || f.root[l.root] == F) return;
  std::vector<int> c{tu.collapse, -f.root[l.root], -tu.fresh[static_cast<std::size_t>(fresh)]};
  for (const auto& slots : l.others) {
    const int id = scope_.element_of(slots);
    if (id < 0) return;  // no such element in this scope: the premise never holds
    const int lit = tu.g2[static_cast<std::size_t>(id)];
    if (lit == F) return;
    c.push_back(-lit);
  }
  if (s + 1 == turns_.size()) c.push_back(l.side == 0 ? -accept_ : accept_);
  cnf_.clause(c);
}

void JointHyperPlayEncoding::add_lemma(const Lemma& lemma) {
  for (std::size_t s = 0; s < turns_.size(); ++s) lemma_clause(lemma, s);
  ++lemmas_;
}

std::vector<model::Move> JointHyperPlayEncoding::decode(SatBackend& m) const {
  std::vector<model::Move> play;
  for (const Turn& tu : turns_) {
    model::Move move;
    for (std::size_t e = scope_.inherent_count; e < scope_.elements.size(); ++e)
      if (m.value(tu.fresh[e])) move.added = scope_.elements[e].edge;
    if (m.value(tu.collapse)) {
      model::CollapsePath path;
      for (std::size_t i = 0; i < tu.path.pos.size() && m.value(tu.path.go[i]); ++i) {
        for (std::size_t j = 0; j < scope_.path_vertices.size(); ++j)
          if (m.value(tu.path.pos[i][j])) path.vertices.push_back(scope_.path_vertices[j]);
        if (i == 0) continue;
        for (std::size_t e = 0; e < scope_.elements.size(); ++e)
          if (m.value(tu.path.sel[i][e])) path.edges.push_back(scope_.elements[e].edge);
      }
      if (m.value(tu.path.reversed)) {
        std::reverse(path.vertices.begin(), path.vertices.end());
        std::reverse(path.edges.begin(), path.edges.end());
      }
      move.collapse = std::move(path);
    }
    if (m.value(tu.named))
      for (VertexId v = 0; v < n_; ++v)
        if (tu.next_root[v] != cnf_.false_lit() && m.value(tu.next_root[v])) move.new_root = v;
    play.push_back(std::move(move));
  }
  return play;
}

std::vector<int> JointHyperPlayEncoding::paths_at_most(int steps) const {
  std::vector<int> assume;
  for (const Turn& tu : turns_)
    if (steps < tu.path.length) assume.push_back(-tu.path.go[static_cast<std::size_t>(steps) + 1]);
  return assume;
}

int JointHyperPlayEncoding::accepting(SatBackend& m) const { return m.value(accept_) ? 0 : 1; }

}  // namespace carve::encoder
