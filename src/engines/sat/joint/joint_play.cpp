// The joint formula of two readings over one play (joint_play.hpp), rule by rule. Each reading's
// legality of a turn is a literal *defined both ways* from the shared play (so its negation is
// exact), except the one universal part -- "the stable claim is legal only if ℛ = ∅" -- which
// is needed positively only (a reading that must accept a stable turn) and is enforced by lemmas,
// while its negation, "ℛ ≠ ∅", is an existential: a witness path legal under that reading.
//
// State. Frame s holds, per pair of scope vertices that may carry an edge, "its tree edge is
// present" and "a virtual edge is present" (a pair carries at most one edge: a tree edge never
// comes back, and e_new on a present tree edge is illegal under every reading), and the root,
// one-hot. S_0: every tree edge, no virtual edge, the initial root. The next frame is E'' and the
// succession choice: tree'' = tree and not removed, virtual'' = (virtual or e_new) and not removed,
// the removed pairs being those the collapse path steps along (a legal path uses e_new, so a
// collapsing turn never keeps it; a stable turn keeps it) -- model::after_collapse. Both readings
// accept turns 1..t-1, so the state is one state for both (apply_turn's successor depends on the
// move alone).
//
// The move. e_new is one pair (one-hot over the pairs either reading may let carry a virtual
// edge). The collapse path is a sequence of positions from the root of the frame, step i along
// the pair of positions i-1, i, which must carry an edge of G' (tree or virtual present, or
// e_new); a step staying at a vertex needs a loop. The move's path is these positions, or their
// reverse when `reversed` holds: every legal path has the root at an end (Φ_root), so every
// path a move may state is one of the two. The succession choice is a vertex, `named` or not
// (not named: the root stays, as a move with no new root says).
//
// Construction (000 3.1) per reading: e_new is a loop under loop=forbid; a tree pair under
// readd=forbid, or a tree pair whose tree edge is present; a present virtual edge under
// duplicate=forbid -- each is model::check_construction's clause, and the literal is their
// negation, defined both ways.
//
// Collapse path (2.1, 3.2) per reading: Φ_inc (some step along e_new's pair), Φ_dense (the
// reading's automaton run over the step types, forward from the root, or backward from the far
// end for a reversed path; its states defined both ways, dense = never dead within the path;
// an automaton whose language is closed under reversal reads both the same), and the kind:
// trail = no pair stepped twice; simple = no vertex twice (in 000 distinct vertices give distinct
// edges); simple-or-cycle = simple, or closed at the root with the other vertices distinct and at
// least 3 steps (a closed path of 2 steps walks one pair twice, the reference's distinct-edges
// test) -- CollapsePaths::violation, read over positions. Φ_root holds by construction.
//
// Stability (3.2). Legal under a reading iff ℛ = ∅. Where the reading must accept the turn, lazy
// lemmas (JointLemma, one per path the reference semantics exhibits in a state the model
// claimed stable) and, when the reading's automaton read from the root accepts every T^m V, the
// eager tree-reach clauses of tree_encoding.cpp (a tree path from the root to an endpoint of a
// non-loop e_new, then e_new, is a legal simple path) -- each implied by that reading's rules.
// Where the reading must reject it, a witness: a second path block from the root, legal under
// that reading (its kind, its automaton read from the root -- from_root() accepts a word when the
// word or its reverse is dense, i.e. the path or its reverse is legal -- and Φ_inc).
//
// Succession (3.3) per reading: trigger and eligibility read the spec's edge sets over E''
// (has_role_edge: a frontier node keeps its child edges; a virtual edge on the pair counts, as
// the reference's comparison of edge elements by their slots does), the old root excluded when
// the rules say so. Legal iff (due -> named and eligible) and (not due -> the choice is the root)
// -- model::succession_phase.
//
// Path lengths. A trail of G'_t has at most (n - 1) + t edges (tree edges, at most t - 1 virtual
// edges and e_new), a simple path n - 1, a simple-or-cycle path n; where neither reading reads
// walks the move's path block is as long as either reading's bound, a witness as its reading's.
// A witness for a walk reading: a shortest legal walk from the root visits distinct product
// states (vertex, state of the automaton read from the root, e_new used) -- a repeat can be cut
// without changing the end state or whether e_new was used -- so it has at most 2·n·Q - 1 edges
// (Q the live states of that minimal automaton: a legal walk's run never reaches the dead one).
//
// The joint walk bound. The move's walk, where a reading reads walks, has at most (|K| + 1)(S + 1)
// edges: m = (the scope's tree edges) + t, the edges G'_t can hold (a pair carries at most one
// edge: E is a set of elements compared by their slots, so e_new on a present virtual pair is that
// edge, and e_new on a present tree edge is illegal under every reading); S = n times the pairs of
// states (dead included) the two readings' minimal `density` automata reach together, read along
// the walk as the move states it (forward from the root, or from the far end where `reversed`
// holds -- one orientation for both readings; any automaton of a language decides it alike);
// |K| = m, or m + 3 at the last turn where one reading is not a walk reading. This is
// joint_hyper_play.cpp's argument on the binary tree, the vertices being the tree's n nodes in the
// scope and the edges the tree edges and virtual edges, loops included (a loop step stays at its
// vertex but moves the automata). Why it loses no distinguishing play: take a stated walk W and keep
// K = the first step along each pair and -- where the rejecting reading is not a walk reading and
// rejects W by its kind -- the last step and the step along a pair stepped before (trail), or the
// steps arriving at two positions of one vertex before the last position, or at an earlier
// position of the last vertex (simple; simple-or-cycle, whose cycle must close at the root with
// the positions before the last distinct and at least 3 edges -- a closed walk of at most 2 edges
// has every step kept, its first steps along new pairs and its last). Between two kept steps, and
// after the last one, cut every repeat of the product state (vertex, q_A, q_B): the cut steps run
// along pairs stepped along earlier, so W' steps along the same pairs (the same removal, hence
// the same E'' and the same succession judgments; construction reads only e_new), has the same
// ends (Φ_root, and the root keeps its end under either orientation) and steps along e_new (Φ_inc),
// and each step keeps its type (the pair's edge is the same), so each automaton is in the same
// state after every kept step as on W: never dead on W' iff never dead on W (the dead state
// absorbs, and the state after the last step is W's). W' is W with closed stretches cut out, so a
// kind W meets W' meets (fewer repeats, the same ends, a cycle through the root stays one unless
// it falls under 3 edges, which the marks rule out where it matters: a reading that meets its kind
// on W and accepts W is the accepting one, and W' shorter than 3 edges keeps every step); a kind W
// breaks W' breaks by the kept steps. Each stretch between kept steps (and the tail, whose cuts
// keep the last vertex) visits distinct product states: |W'| <= (|K| + 1)(S + 1). Turns both
// readings accept need no marks; where one of them is not a walk reading its own kind bound holds
// there. So with these lengths the search is exact; a shorter walk length (walk_length, which cuts
// a walk reading's witness too, or the
// trail bound where the proved bound's step literals -- length times pairs -- exceed
// kWalkStepLiterals, for the move or for a walk reading's witness) makes exact() false, and a refutation is then no statement about every play
// (carve diff says "unknown", never "none").
#include "engines/sat/joint/joint_play.hpp"

#include "engines/sat/joint/density_run.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace carve::encoder {

using model::VertexId;

std::optional<std::string> JointPlayEncoding::refusal(const model::Game& a, const model::Game& b) {
  for (const model::Game* g : {&a, &b})
    if (g->universe.kind != model::Universe::Kind::WordTree || g->rules.construct != model::Rules::Construct::Pair)
      return fmt::format("document {} ({}): this joint play formula is document 000's (its frames); document 001's is "
                         "joint_hyper_play.hpp",
                         g->document, g->spec_name);
  for (const model::Game* g : {&a, &b})
    if (g->rules.relaxed.any()) return std::string("rules relaxed by carve explain are not encoded by the joint play formula");
  const auto& ua = a.universe;
  const auto& ub = b.universe;
  bool same = ua.names == ub.names && ua.frontier == ub.frontier && ua.inherent.size() == ub.inherent.size() &&
              a.initial_root == b.initial_root;
  for (std::size_t i = 0; same && i < ua.inherent.size(); ++i)
    same = ua.inherent[i].slots == ub.inherent[i].slots && ua.inherent[i].conclusion == ub.inherent[i].conclusion;
  if (!same) return std::string("the two readings' universes (vertices, tree edges or initial root) differ: no shared play to encode");
  return std::nullopt;
}

JointLemma JointPlayEncoding::lemma_of(int side, const model::State& state, const model::GraphView& view, const model::ViewPath& p) {
  auto ends_of = [](const std::vector<VertexId>& vs) { return std::make_pair(vs.front(), vs.back()); };  // V(e) is sorted
  JointLemma l;
  l.side = side;
  l.root = state.root;
  for (auto e : p.edges) {
    const auto& ve = view.edges()[e];
    if (ve.is_new) l.fresh = ends_of(*ve.vertices);
    else l.others.push_back({ends_of(*ve.vertices), ve.type == model::EdgeType::V});
  }
  return l;
}

JointPlayEncoding::JointPlayEncoding(const model::Game& a, const model::Game& b, Cnf& cnf, int turns, int walk_length)
    : games_{&a, &b}, cnf_(cnf), turns_wanted_(turns), walk_length_(walk_length), n_(a.universe.size()) {
  if (refusal(a, b)) throw std::logic_error("JointPlayEncoding: readings it refuses");
  if (turns < 1) throw std::logic_error("JointPlayEncoding: a play of at least one turn");
  const auto& u = a.universe;
  auto either = [&](auto&& pred) { return pred(*games_[0]) || pred(*games_[1]); };
  const bool loops = either([](const model::Game& g) { return g.rules.reading.loop == model::sw::Loop::Allow; });
  const bool readd = either([](const model::Game& g) { return g.rules.reading.readd == model::sw::Readd::Allow; });
  pair_of_.assign(n_ * n_, -1);
  for (VertexId x = 0; x < n_; ++x)
    for (VertexId y = x; y < n_; ++y) {
      Pair p{x, y, -1, false};
      if (x != y) {
        auto it = u.inherent_by_slots.find({x, y});
        if (it != u.inherent_by_slots.end()) p.tree = static_cast<int>(it->second);
        p.can_virtual = p.tree < 0 || readd;
      } else {
        p.can_virtual = loops;
      }
      if (p.tree < 0 && !p.can_virtual) continue;
      pair_of_[x * n_ + y] = pair_of_[y * n_ + x] = static_cast<int>(pairs_.size());
      pairs_.push_back(p);
    }
  // The bounds count the states of the minimal automata (density is acceptance of the word).
  product_states_ = reachable_state_pairs(a.rules.density.minimal(), b.rules.density.minimal());
  for (int side = 0; side < 2; ++side) rooted_states_[side] = games_[side]->rules.density.from_root().minimal().states();
  build();
}

int JointPlayEncoding::pair_id(VertexId a, VertexId b) const {
  if (a >= n_ || b >= n_) return -1;
  return pair_of_[a * n_ + b];
}

// A non-walk reading's own bound (the top of the file); 1 for walks, whose bound is joint.
int JointPlayEncoding::kind_bound(int side, int turn) const {
  const int n = static_cast<int>(n_);
  switch (games_[side]->rules.path()) {
    case model::PathKind::Walk: return 1;
    case model::PathKind::Trail: return n - 1 + turn;
    case model::PathKind::Simple: return std::max(1, n - 1);
    case model::PathKind::SimpleOrCycle: return n;
  }
  return n - 1 + turn;
}

// The joint walk bound of the move at 1-based `turn` (the top of the file): kept steps K, at most
// m first steps along a pair and, at the last turn where a reading that may reject reads another
// kind, 3 more; |K| + 1 stretches of at most S + 1 steps.
int JointPlayEncoding::walk_bound(int turn, bool last) const {
  long tree_pairs = 0;
  for (const Pair& p : pairs_) tree_pairs += p.tree >= 0;
  const long m = tree_pairs + turn;
  const bool marks = last && (games_[0]->rules.path() != model::PathKind::Walk || games_[1]->rules.path() != model::PathKind::Walk);
  const long S = static_cast<long>(n_) * product_states_;
  return static_cast<int>(std::min<long>((m + (marks ? 3 : 0) + 1) * (S + 1), 1L << 30));
}

// A witness of "ℛ ≠ ∅" under reading `side`: its kind bound, or for walks 2·n·Q - 1 (the top of the file).
int JointPlayEncoding::witness_length(int side, int turn) const {
  if (games_[side]->rules.path() != model::PathKind::Walk) return kind_bound(side, turn);
  return std::max(1, 2 * static_cast<int>(n_) * rooted_states_[side]);
}

int JointPlayEncoding::path_length(int turn) const { return lengths_[static_cast<std::size_t>(turn) - 1]; }

// x <-> OR(lits), with the constants folded (the false literal dropped, the true one absorbing)
// and one literal per set of inputs: a part of the rules both readings share (the same
// construction switches, path kind, automaton, succession) is one literal for both, so a turn
// "legal under A and illegal under B" contradicts itself there by unit propagation, and the solver
// reasons only about the parts that differ.
int JointPlayEncoding::lit_or(std::vector<int> lits) {
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
    if (keep[i] == -keep[i + 1] || std::binary_search(keep.begin(), keep.end(), -keep[i])) return -f;
  auto [it, fresh] = defined_.try_emplace(keep, 0);
  if (fresh) it->second = cnf_.define_or(keep);
  return it->second;
}

int JointPlayEncoding::lit_and(std::vector<int> lits) {
  for (int& l : lits) l = -l;
  return -lit_or(std::move(lits));
}

// At least two of xs, defined both ways: one[i] = some of xs[0..i]; two = some xs[i] after one[i-1].
int JointPlayEncoding::at_least_two(const std::vector<int>& xs) {
  std::vector<int> twos;
  int one = cnf_.false_lit();
  for (int x : xs) {
    twos.push_back(lit_and({x, one}));
    one = lit_or({one, x});
  }
  return lit_or(twos);
}

JointPlayEncoding::PathBlock JointPlayEncoding::path_block(const Frame& f, const std::vector<int>& present, int start, int length) {
  PathBlock p;
  p.length = length;
  p.go.assign(static_cast<std::size_t>(length) + 2, cnf_.false_lit());
  p.go[0] = -cnf_.false_lit();
  p.go[1] = start;
  for (int i = 2; i <= length; ++i) {
    p.go[static_cast<std::size_t>(i)] = cnf_.var();
    cnf_.clause({-p.go[static_cast<std::size_t>(i)], p.go[static_cast<std::size_t>(i) - 1]});
  }
  p.pos.push_back(f.root);
  p.step.emplace_back();
  p.tree_step.push_back(cnf_.false_lit());
  for (int i = 1; i <= length; ++i) {
    const auto& x = p.pos.back();
    std::vector<int> y = cnf_.one_if(p.go[static_cast<std::size_t>(i)], n_);
    std::vector<int> step(pairs_.size(), cnf_.false_lit());
    std::vector<int> tree_steps;
    for (VertexId a = 0; a < n_; ++a)
      for (VertexId b = a; b < n_; ++b) {
        const int id = pair_id(a, b);
        if (id < 0) {  // no edge can lie on {a, b}: no step along it
          cnf_.clause({-x[a], -y[b]});
          if (a != b) cnf_.clause({-x[b], -y[a]});
          continue;
        }
        const int s = cnf_.var();
        cnf_.clause({-x[a], -y[b], s});
        if (a != b) {
          cnf_.clause({-x[b], -y[a], s});
          cnf_.clause({-s, x[a], x[b]});
          cnf_.clause({-s, y[a], y[b]});
          cnf_.clause({-s, -x[a], -y[a]});
          cnf_.clause({-s, -x[b], -y[b]});
        } else {
          cnf_.clause({-s, x[a]});
          cnf_.clause({-s, y[a]});
        }
        cnf_.clause({-s, present[static_cast<std::size_t>(id)]});
        step[static_cast<std::size_t>(id)] = s;
        if (pairs_[static_cast<std::size_t>(id)].tree >= 0) tree_steps.push_back(lit_and({s, f.tree[static_cast<std::size_t>(id)]}));
      }
    p.tree_step.push_back(lit_or(tree_steps));
    p.pos.push_back(std::move(y));
    p.step.push_back(std::move(step));
  }
  p.used.assign(pairs_.size(), cnf_.false_lit());
  for (std::size_t id = 0; id < pairs_.size(); ++id) {
    std::vector<int> steps;
    for (int i = 1; i <= length; ++i) steps.push_back(p.step[static_cast<std::size_t>(i)][id]);
    p.used[id] = lit_or(steps);
  }
  return p;
}

int JointPlayEncoding::kind_ok(int side, const PathBlock& p, const Frame& f) {
  const auto kind = games_[side]->rules.path();
  if (kind == model::PathKind::Walk) return -cnf_.false_lit();
  const auto L = static_cast<std::size_t>(p.length);
  if (kind == model::PathKind::Trail) {
    std::vector<int> twice;
    for (std::size_t id = 0; id < pairs_.size(); ++id) {
      std::vector<int> steps;
      for (std::size_t i = 1; i <= L; ++i) steps.push_back(p.step[i][id]);
      twice.push_back(at_least_two(steps));
    }
    return -lit_or(twice);
  }
  std::vector<int> twice, inner_twice, ends_at_root;
  for (VertexId v = 0; v < n_; ++v) {
    std::vector<int> at, inner, end;
    for (std::size_t i = 0; i <= L; ++i) {
      at.push_back(p.pos[i][v]);
      inner.push_back(lit_and({p.pos[i][v], p.go[i + 1]}));
      if (i >= 1) end.push_back(lit_and({p.pos[i][v], -p.go[i + 1]}));
    }
    twice.push_back(at_least_two(at));
    if (kind == model::PathKind::SimpleOrCycle) {
      inner_twice.push_back(at_least_two(inner));
      ends_at_root.push_back(lit_and({lit_or(end), f.root[v]}));
    }
  }
  const int simple = -lit_or(twice);
  if (kind == model::PathKind::Simple) return simple;
  const int cycle = lit_and({lit_or(ends_at_root), -lit_or(inner_twice), L >= 3 ? p.go[3] : cnf_.false_lit()});
  return lit_or({simple, cycle});
}

// Φ_dense: the automaton's run over the step types, never dead within the path. Forward: read
// from the root; backward: read from the path's far end to the root (the reversed path's word).
int JointPlayEncoding::dense(const model::DensityAutomaton& dfa, const PathBlock& p, bool backward) {
  return density_run_ok([this](std::vector<int> l) { return lit_and(std::move(l)); },
                        [this](std::vector<int> l) { return lit_or(std::move(l)); }, cnf_.false_lit(), dfa, p.go, p.tree_step, p.length, backward);
}

int JointPlayEncoding::path_ok(int side, const PathBlock& p, const Frame& f, int uses_new, bool as_move) {
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

int JointPlayEncoding::construction_ok(int side, const Frame& f, const Turn& tu) {
  const auto& r = games_[side]->rules.reading;
  std::vector<int> bad;
  for (std::size_t id = 0; id < pairs_.size(); ++id) {
    const Pair& p = pairs_[id];
    if (p.a == p.b && r.loop == model::sw::Loop::Forbid) bad.push_back(tu.fresh[id]);
    if (p.tree >= 0) bad.push_back(lit_and({tu.fresh[id], r.readd == model::sw::Readd::Forbid ? -cnf_.false_lit() : f.tree[id]}));
    if (r.duplicate == model::sw::Duplicate::Forbid) bad.push_back(lit_and({tu.fresh[id], f.virt[id]}));
  }
  return -lit_or(bad);
}

int JointPlayEncoding::has_role_edge(const Frame& after, VertexId v, bool by_conclusion) {
  const auto& u = games_[0]->universe;
  if (u.frontier[v] && !by_conclusion) return -cnf_.false_lit();
  std::vector<int> some;
  for (auto id : u.inherent_at[v]) {
    const auto& ie = u.inherent[id];
    if ((ie.conclusion == v) != by_conclusion) continue;
    const int p = pair_id(ie.slots[0], ie.slots[1]);
    some.push_back(after.tree[static_cast<std::size_t>(p)]);
    some.push_back(after.virt[static_cast<std::size_t>(p)]);
  }
  return lit_or(some);
}

int JointPlayEncoding::succession_ok(int side, const Frame& f, const Frame& after, const Turn& tu) {
  const auto& rules = games_[side]->rules;
  const auto& u = games_[side]->universe;
  std::vector<int> root_has, eligible_choice, stays;
  for (VertexId v = 0; v < n_; ++v) {
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

// The eager stability clauses (tree_encoding.cpp's argument): for each reading whose automaton
// read from the root accepts every T^m V, a stable turn that reading accepts leaves both ends of
// a non-loop e_new outside the root's tree component. `guards[side]`: the clause holds while it
// is false (0: always); the side is skipped when its automaton does not qualify.
void JointPlayEncoding::stability_by_tree_reach(const Frame& f, const Turn& tu, int guard_a, int guard_b) {
  const int guards[2] = {guard_a, guard_b};
  std::vector<int> reach;
  for (int side = 0; side < 2; ++side) {
    const auto& dfa = games_[side]->rules.density.from_root();
    std::vector<model::EdgeType> word{model::EdgeType::V};
    bool every = true;
    for (int m = 0; m <= dfa.states() && every; ++m) {
      every = dfa.accepts(word);
      word.insert(word.begin(), model::EdgeType::T);
    }
    if (!every) continue;
    if (reach.empty()) {
      for (VertexId v = 0; v < n_; ++v) {
        reach.push_back(cnf_.var());
        cnf_.clause({-f.root[v], reach.back()});
      }
      for (std::size_t id = 0; id < pairs_.size(); ++id)
        if (pairs_[id].tree >= 0) {
          cnf_.clause({-reach[pairs_[id].a], -f.tree[id], reach[pairs_[id].b]});
          cnf_.clause({-reach[pairs_[id].b], -f.tree[id], reach[pairs_[id].a]});
        }
    }
    for (VertexId v = 0; v < n_; ++v)
      for (std::size_t id = 0; id < pairs_.size(); ++id) {
        const Pair& p = pairs_[id];
        if (p.a == p.b || (p.a != v && p.b != v)) continue;
        std::vector<int> c{tu.collapse, -reach[v], -tu.fresh[id]};
        if (guards[side]) c.push_back(guards[side]);
        cnf_.clause(c);
      }
  }
}

// Long because one turn's variables and both readings' legality read best in one place: the
// state, the move (its path length, top of the file), the three rules per reading, then what
// binds (both accept, or the last turn's split with its witnesses).
void JointPlayEncoding::build() {
  const int F = cnf_.false_lit();
  const bool walks[2] = {games_[0]->rules.path() == model::PathKind::Walk, games_[1]->rules.path() == model::PathKind::Walk};
  Frame s0;
  for (const Pair& p : pairs_) {
    s0.tree.push_back(p.tree >= 0 ? -F : F);
    s0.virt.push_back(F);
  }
  for (VertexId v = 0; v < n_; ++v) s0.root.push_back(v == games_[0]->initial_root ? -F : F);
  frames_.push_back(std::move(s0));
  for (int s = 0; s < turns_wanted_; ++s) {
    const bool last = s + 1 == turns_wanted_;
    const Frame f = frames_.back();
    Turn tu;
    std::vector<int> can;
    for (const Pair& p : pairs_) {
      tu.fresh.push_back(p.can_virtual ? cnf_.var() : F);
      if (p.can_virtual) can.push_back(tu.fresh.back());
    }
    cnf_.exactly_one(can);
    tu.collapse = cnf_.var();
    std::vector<int> present;
    for (std::size_t id = 0; id < pairs_.size(); ++id) present.push_back(lit_or({f.tree[id], f.virt[id], tu.fresh[id]}));
    // The move's path length: the proved one (top of the file) unless walks are cut short.
    const int turn = s + 1;
    int length = std::max(walks[0] ? 1 : kind_bound(0, turn), walks[1] ? 1 : kind_bound(1, turn));
    if (walks[0] || walks[1]) {
      const int kinds = length;
      const int need = !last && walks[0] != walks[1] ? kinds : std::max(walk_bound(turn, last), kinds);
      const int trail = std::max(static_cast<int>(n_) - 1 + turn, kinds);
      if (walk_length_ > 0) length = std::max(walk_length_, kinds);
      else if (static_cast<long>(need) * static_cast<long>(pairs_.size()) <= kWalkStepLiterals) length = need;
      else length = std::min(need, trail);
      exact_ = exact_ && length >= need;
    }
    lengths_.push_back(length);
    tu.path = path_block(f, present, tu.collapse, length);
    tu.path.reversed = cnf_.var();
    std::vector<int> on_new;
    for (std::size_t id = 0; id < pairs_.size(); ++id) on_new.push_back(lit_and({tu.fresh[id], tu.path.used[id]}));
    const int uses_new = lit_or(on_new);
    Frame after;
    for (std::size_t id = 0; id < pairs_.size(); ++id) {
      after.tree.push_back(lit_and({f.tree[id], -tu.path.used[id]}));
      after.virt.push_back(lit_and({lit_or({f.virt[id], tu.fresh[id]}), -tu.path.used[id]}));
    }
    tu.named = cnf_.var();
    for (VertexId v = 0; v < n_; ++v) tu.next_root.push_back(cnf_.var());
    cnf_.exactly_one(tu.next_root);
    for (VertexId v = 0; v < n_; ++v) cnf_.clause({tu.named, -f.root[v], tu.next_root[v]});
    int construction[2], path[2], succession[2];
    for (int side = 0; side < 2; ++side) {
      construction[side] = construction_ok(side, f, tu);
      path[side] = path_ok(side, tu.path, f, uses_new, true);
      succession[side] = succession_ok(side, f, after, tu);
    }
    if (!last) {
      for (int side = 0; side < 2; ++side) {
        cnf_.clause({construction[side]});
        cnf_.clause({-tu.collapse, path[side]});
        cnf_.clause({succession[side]});
      }
      stability_by_tree_reach(f, tu, 0, 0);
    } else {
      accept_ = cnf_.var();
      const int holds_while_accepting[2] = {-accept_, accept_};  // appended: the clause binds while that side accepts
      for (int side = 0; side < 2; ++side) {
        const int g = holds_while_accepting[side];
        cnf_.clause({g, construction[side]});
        cnf_.clause({g, -tu.collapse, path[side]});
        cnf_.clause({g, succession[side]});
        // Rejected: some rule broken -- construction, the stated path, the stable claim (a
        // witness path legal under this reading), or succession.
        const int witness = cnf_.var();
        int w_length = witness_length(side, turn);
        if (walks[side] && walk_length_ > 0 && w_length > walk_length_) {  // walks cut short: the witness's too
          w_length = walk_length_;
          exact_ = false;
        } else if (walks[side] && static_cast<long>(w_length) * static_cast<long>(pairs_.size()) > kWalkStepLiterals) {
          w_length = std::min(w_length, static_cast<int>(n_) - 1 + turn);  // the budget: the trail bound, not exact
          exact_ = false;
        }
        PathBlock w = path_block(f, present, witness, w_length);
        std::vector<int> w_new;
        for (std::size_t id = 0; id < pairs_.size(); ++id) w_new.push_back(lit_and({tu.fresh[id], w.used[id]}));
        cnf_.clause({-witness, path_ok(side, w, f, lit_or(w_new), false)});
        cnf_.clause({-g, -construction[side], lit_and({tu.collapse, -path[side]}), lit_and({-tu.collapse, witness}),
                     -succession[side]});
      }
      stability_by_tree_reach(f, tu, holds_while_accepting[0], holds_while_accepting[1]);
    }
    after.root = tu.next_root;
    turns_.push_back(std::move(tu));
    frames_.push_back(std::move(after));
  }
}

void JointPlayEncoding::lemma_clause(const JointLemma& l, std::size_t s) {
  const int F = cnf_.false_lit();
  const Frame& f = frames_[s];
  const Turn& tu = turns_[s];
  const int fresh = pair_id(l.fresh.first, l.fresh.second);
  if (fresh < 0 || tu.fresh[static_cast<std::size_t>(fresh)] == F) return;
  std::vector<int> c{tu.collapse, -f.root[l.root], -tu.fresh[static_cast<std::size_t>(fresh)]};
  for (const auto& [ends, is_virtual] : l.others) {
    const int id = pair_id(ends.first, ends.second);
    if (id < 0) return;  // no such edge in any state: the premise never holds
    const int lit = is_virtual ? f.virt[static_cast<std::size_t>(id)] : f.tree[static_cast<std::size_t>(id)];
    if (lit == F) return;
    c.push_back(-lit);
  }
  if (s + 1 == turns_.size()) c.push_back(l.side == 0 ? -accept_ : accept_);
  cnf_.clause(c);
}

void JointPlayEncoding::add_lemma(const JointLemma& lemma) {
  for (std::size_t s = 0; s < turns_.size(); ++s) lemma_clause(lemma, s);
  ++lemmas_;
}

std::vector<model::Move> JointPlayEncoding::decode(SatBackend& m) const {
  std::vector<model::Move> play;
  for (std::size_t s = 0; s < turns_.size(); ++s) {
    const Turn& tu = turns_[s];
    model::Move move;
    for (std::size_t id = 0; id < pairs_.size(); ++id)
      if (m.value(tu.fresh[id])) move.added = model::EdgeElement::make("V", {pairs_[id].a, pairs_[id].b});
    if (m.value(tu.collapse)) {
      model::CollapsePath path;
      for (std::size_t i = 0; i < tu.path.pos.size() && m.value(tu.path.go[i]); ++i)
        for (VertexId v = 0; v < n_; ++v)
          if (m.value(tu.path.pos[i][v])) path.vertices.push_back(v);
      if (m.value(tu.path.reversed)) std::reverse(path.vertices.begin(), path.vertices.end());
      move.collapse = std::move(path);
    }
    if (m.value(tu.named))
      for (VertexId v = 0; v < n_; ++v)
        if (m.value(tu.next_root[v])) move.new_root = v;
    play.push_back(std::move(move));
  }
  return play;
}

std::vector<int> JointPlayEncoding::paths_at_most(int edges) const {
  std::vector<int> assume;
  for (const Turn& tu : turns_)
    if (edges < tu.path.length) assume.push_back(-tu.path.go[static_cast<std::size_t>(edges) + 1]);
  return assume;
}

int JointPlayEncoding::accepting(SatBackend& m) const { return m.value(accept_) ? 0 : 1; }

}  // namespace carve::encoder
