// The walk collapse by phases. Why it is exact (path=walk, A = the density automaton read from
// the root, minimal, with no cycle through two or more live states):
//
// Shape. A legal P ∈ ℛ may be taken to start at ρ and be read by A (from_root(): P or its
// reverse avoids the pattern). A's states along P never come back to a state once left (a
// return would close a cycle through two states), so the states P passes through are a path
// q_0 → q_1 → ... → q_r of distinct states, q_0 the start, and P = W_0 e_1 W_1 ... e_r W_r:
// W_j the steps taken while A stays at q_j -- each of a type that loops at q_j -- and e_j one
// step of a type τ_j with δ(q_{j-1}, τ_j) = q_j. W_j runs from x_j to y_j (x_0 = ρ, e_j joins
// y_{j-1} and x_j); its edge set F_j is connected and holds x_j and y_j, or is empty and
// x_j = y_j. Conversely, given such states, steps and sets, going round each F_j depth-first
// from x_j (every edge there and back) and then along F_j to y_j is a walk whose steps all loop
// at q_j, so the whole walk stays live in A, and its edge set is ∪ F_j ∪ {e_j}.
//
// The clauses. Per state q: `visited` (the start's is `collapse`), x and y (one-hot when
// visited), the phase set (tree pairs if T loops at q, slots if V does), and per transition
// q → q' ≠ q of type τ a literal `leave` with exactly one step edge of type τ from y to the x of
// q'. Each state leaves at most once, and every visited state but the start is entered by a
// visited state's `leave`. Following `leave` from the start gives one chain of states (each
// state leaves at most once); every visited state lies on it, since its entering states lead
// back to the start (A has no cycle to go round); so the visited phases and steps are exactly
// one decomposition as above. Connectivity of F_j: T only -- closed towards x in the tree
// (tree_path.hpp), y on it; V only -- every endpoint reachable from x in at most 2v - 1 steps
// (at most v virtual edges, so at most 2v vertices); both T and V loop (every word is accepted
// from there on; the walk ends in that phase) -- every vertex of the set reachable from x in at
// most |V| - 1 steps, and y = x. e_new lies in some F_j or is some e_j (Φ_inc); the removal is
// the union. So the removal sets allowed are exactly the sets E(P), P ∈ ℛ.
// Without Φ_root (carve explain) x_0 is the start row, any vertex; without Φ_inc the clause on
// e_new goes and "at least one step" takes its place (e_new's step gave one before).
//
// Size per turn: |Q| phases of O(|V| + pairs + slots) literals, plus the reachability levels of
// the phases where V loops. The obligation to collapse is tree_encoding.cpp's closed set.
#include "engines/sat/paths/phase_walk.hpp"

#include <stdexcept>

#include "engines/sat/paths/tree_path.hpp"
#include "engines/sat/paths/walk_parts.hpp"

namespace carve::encoder {

using model::EdgeType;
using model::VertexId;

namespace {
constexpr std::size_t kT = 0, kV = 1;
std::size_t index_of(EdgeType t) { return t == EdgeType::T ? kT : kV; }
}  // namespace

PhaseWalk::PhaseWalk(const ScopePairs& pairs, model::DensityAutomaton dfa, Cnf& cnf)
    : pairs_(pairs), dfa_(std::move(dfa)), cnf_(cnf) {
  if (!dfa_.partially_ordered()) throw std::logic_error("phase walk: the density automaton has a cycle");
}

PhaseWalk::Phase PhaseWalk::open_phase(const TurnLiterals& in, int q) {
  const std::size_t n = pairs_.vertices(), P = pairs_.size(), S = in.slots.size();
  Phase ph;
  ph.visited = q == dfa_.start() ? in.collapse : cnf_.var();
  ph.x = cnf_.one_if(ph.visited, n);
  ph.y = cnf_.one_if(ph.visited, n);
  ph.tree.assign(P, 0);
  ph.slot.assign(S, 0);
  auto member = [&](int allowed) {
    const int x = cnf_.var();
    cnf_.clause({-x, allowed});
    cnf_.clause({-x, ph.visited});
    return x;
  };
  if (dfa_.step(q, EdgeType::T) == q)
    for (std::size_t p = 0; p < P; ++p)
      if (in.tree[p]) ph.tree[p] = member(in.tree[p]);
  if (dfa_.step(q, EdgeType::V) == q)
    for (std::size_t i = 0; i < S; ++i) ph.slot[i] = member(in.slots[i].present);
  return ph;
}

void PhaseWalk::connect_phase(const TurnLiterals& in, int q, Phase& ph) {
  const std::size_t n = pairs_.vertices();
  const bool t = dfa_.step(q, EdgeType::T) == q, v = dfa_.step(q, EdgeType::V) == q;
  // y: on the set (or x itself); in a phase where both types loop the walk ends, at x.
  std::vector<int> on;
  if (v) on = touching(cnf_, pairs_, in.slots, ph.slot);
  if (t && v) {
    std::vector<int> must(n);
    for (VertexId u = 0; u < n; ++u) {
      must[u] = cnf_.var();
      cnf_.clause({-on[u], must[u]});
      for (int p : pairs_.pairs_at(u))
        if (ph.tree[static_cast<std::size_t>(p)]) cnf_.clause({-ph.tree[static_cast<std::size_t>(p)], must[u]});
    }
    reachable(cnf_, pairs_, in.slots, ph.x, ph.tree, ph.slot, must, static_cast<int>(n) - 1);
    for (VertexId u = 0; u < n; ++u) cnf_.clause({-ph.y[u], ph.x[u]});
    return;
  }
  if (t) tree_closure(cnf_, pairs_, ph.x, ph.tree);
  if (v) reachable(cnf_, pairs_, in.slots, ph.x, {}, ph.slot, on, 2 * in.virtual_bound - 1);
  for (VertexId u = 0; u < n; ++u) {
    std::vector<int> c{-ph.y[u], ph.x[u]};
    if (v) c.push_back(on[u]);
    if (t)
      for (int p : pairs_.pairs_at(u))
        if (ph.tree[static_cast<std::size_t>(p)]) c.push_back(ph.tree[static_cast<std::size_t>(p)]);
    cnf_.clause(c);
  }
}

// One step of `type` from this phase's y to the next phase's x.
void PhaseWalk::leave_phase(const TurnLiterals& in, Phase& ph, EdgeType type, const Phase& to) {
  const std::size_t n = pairs_.vertices();
  const int leave = ph.leave[index_of(type)] = cnf_.var();
  cnf_.clause({-leave, ph.visited});
  cnf_.clause({-leave, to.visited});
  auto& step = ph.step[index_of(type)];
  std::vector<int> some{-leave}, all;
  auto edge = [&](int allowed) {
    const int st = cnf_.var();
    cnf_.clause({-st, leave});
    cnf_.clause({-st, allowed});
    some.push_back(st);
    all.push_back(st);
    return st;
  };
  if (type == EdgeType::T) {
    step.assign(pairs_.size(), 0);
    for (std::size_t p = 0; p < pairs_.size(); ++p) {
      if (!in.tree[p]) continue;
      const int st = step[p] = edge(in.tree[p]);
      const auto& pr = pairs_[p];
      cnf_.clause({-st, ph.y[pr.a], ph.y[pr.b]});
      cnf_.clause({-st, -ph.y[pr.a], to.x[pr.b]});
      cnf_.clause({-st, -ph.y[pr.b], to.x[pr.a]});
    }
  } else {
    step.assign(in.slots.size(), 0);
    for (std::size_t i = 0; i < in.slots.size(); ++i) {
      const auto& sl = in.slots[i].slot;
      const int st = step[i] = edge(in.slots[i].present);
      const int from_a = cnf_.var(), from_b = cnf_.var();
      for (VertexId u = 0; u < n; ++u) {
        cnf_.clause({-st, -ph.y[u], sl.a[u], sl.b[u]});
        cnf_.clause({-st, -ph.y[u], -sl.a[u], from_a});
        cnf_.clause({-st, -ph.y[u], -sl.b[u], from_b});
      }
      implies_at_end(cnf_, {from_a}, sl.b, to.x);
      implies_at_end(cnf_, {from_b}, sl.a, to.x);
    }
  }
  cnf_.clause(some);
  cnf_.at_most_one(all);
}

Removal PhaseWalk::encode(const TurnLiterals& given) {
  const TurnLiterals in = with_start(given);
  const int Q = dfa_.states();
  const std::size_t n = pairs_.vertices(), P = pairs_.size(), S = in.slots.size();
  collapses_.push_back({in, {}});
  auto& phases = collapses_.back().phases;
  for (int q = 0; q < Q; ++q) phases.push_back(open_phase(in, q));
  for (VertexId u = 0; u < n; ++u) cnf_.clause({-in.collapse, -in.start[u], phases[0].x[u]});
  for (int q = 0; q < Q; ++q) connect_phase(in, q, phases[static_cast<std::size_t>(q)]);
  std::vector<std::vector<int>> entered(static_cast<std::size_t>(Q));
  for (int q = 0; q < Q; ++q) {
    auto& ph = phases[static_cast<std::size_t>(q)];
    for (auto type : {EdgeType::T, EdgeType::V}) {
      const int to = dfa_.step(q, type);
      if (to == model::DensityAutomaton::kDead || to == q) continue;
      leave_phase(in, ph, type, phases[static_cast<std::size_t>(to)]);
      entered[static_cast<std::size_t>(to)].push_back(ph.leave[index_of(type)]);
    }
    std::vector<int> leaves;
    for (int l : ph.leave)
      if (l) leaves.push_back(l);
    cnf_.at_most_one(leaves);
  }
  for (int q = 1; q < Q; ++q) {
    std::vector<int> c{-phases[static_cast<std::size_t>(q)].visited};
    c.insert(c.end(), entered[static_cast<std::size_t>(q)].begin(), entered[static_cast<std::size_t>(q)].end());
    cnf_.clause(c);
  }
  // Φ_inc, and the removal: every phase set and every step.
  Removal r;
  r.tree.assign(P, 0);
  auto union_of = [&](const std::vector<int>& lits) { return lits.empty() ? cnf_.false_lit() : cnf_.define_or(lits); };
  for (std::size_t p = 0; p < P; ++p) {
    if (!in.tree[p]) continue;
    std::vector<int> lits;
    for (const auto& ph : phases)
      for (int l : {ph.tree[p], ph.step[kT].empty() ? 0 : ph.step[kT][p]})
        if (l) lits.push_back(l);
    r.tree[p] = union_of(lits);
  }
  for (std::size_t i = 0; i < S; ++i) {
    std::vector<int> lits;
    for (const auto& ph : phases)
      for (int l : {ph.slot[i], ph.step[kV].empty() ? 0 : ph.step[kV][i]})
        if (l) lits.push_back(l);
    when_on(cnf_, in.inc, [&] {
      std::vector<int> inc{-in.collapse, -in.slots[i].is_new};
      inc.insert(inc.end(), lits.begin(), lits.end());
      cnf_.clause(inc);
    });
    r.slot.push_back(union_of(lits));
  }
  // Without Φ_inc, e_new no longer forces a step: a walk still has one.
  when_off(cnf_, in.inc, [&] {
    std::vector<int> some{-in.collapse};
    for (const auto* row : {&r.tree, &r.slot})
      for (int l : *row)
        if (l) some.push_back(l);
    cnf_.clause(some);
  });
  return r;
}

std::vector<int> PhaseWalk::chosen_pairs(const Collapse& c, const Phase& ph, SatBackend& m) const {
  std::vector<int> out = chosen_slots(pairs_, c.in.slots, ph.slot, m);
  for (std::size_t p = 0; p < ph.tree.size(); ++p)
    if (ph.tree[p] && m.value(ph.tree[p])) out.push_back(static_cast<int>(p));
  return out;
}

model::CollapsePath PhaseWalk::decode(std::size_t which, SatBackend& m) const {
  const Collapse& c = collapses_[which];
  auto vertex = [&](const std::vector<int>& row) {
    for (VertexId v = 0; v < row.size(); ++v)
      if (m.value(row[v])) return v;
    throw std::logic_error("phase walk: the model names no vertex where a phase needs one");
  };
  std::vector<VertexId> walk{vertex(c.in.start)};
  for (int q = dfa_.start();;) {
    const Phase& ph = c.phases[static_cast<std::size_t>(q)];
    const VertexId x = vertex(ph.x), y = vertex(ph.y);
    append(walk, cover_walk(pairs_, chosen_pairs(c, ph, m), x, y));
    int next = model::DensityAutomaton::kDead;
    for (auto type : {EdgeType::T, EdgeType::V}) {
      const int l = ph.leave[index_of(type)];
      if (!l || !m.value(l)) continue;
      next = dfa_.step(q, type);
      const auto& step = ph.step[index_of(type)];
      int pair = -1;
      for (std::size_t e = 0; e < step.size(); ++e)
        if (step[e] && m.value(step[e]))
          pair = type == EdgeType::T ? static_cast<int>(e) : decode_slot(pairs_, c.in.slots[e].slot, m);
      const VertexId to = vertex(c.phases[static_cast<std::size_t>(next)].x);
      if (pair < 0 || pairs_.of(y, to) != pair) throw std::logic_error("phase walk: a step does not join two phases");
      walk.push_back(to);
    }
    if (next == model::DensityAutomaton::kDead) break;
    q = next;
  }
  model::CollapsePath cp;
  cp.vertices = std::move(walk);
  return cp;
}

}  // namespace carve::encoder
