// The walk collapse as edge sets. Why it is exact (path=walk, pattern V T{2,} V):
//
// Shape. A legal P ∈ ℛ may be taken to start at ρ (the pattern is a palindrome and walks are
// closed under reversal). P uses e_new, a V edge, so it has a first V step (leaving a) and a last
// V step (arriving at b): P = prefix · M · suffix with prefix and suffix T only. Every occurrence
// of V T{2,} V -- as a factor or scattered -- begins and ends at a V, so it lies inside M: P is
// accepted iff M is. The prefix is a walk ρ ⇝ a over present tree edges, so its edge set A is
// connected and holds ρ and a (A = ∅ iff a = ρ and the prefix is empty); the suffix's set B is
// connected and holds b (or is empty). Conversely any such A is the edge set of a T walk from
// ρ to a (go round A depth-first from ρ, every edge there and back, then along A to a), and any
// such B of a T walk from b. The tree edges form a forest, so "A connected and holding ρ" is
// "with every edge, the next edge on the tree path towards ρ" (closure towards an anchor).
//
// Middle, factor reading (no contiguous V T T+ V). Inside M every maximal run of T steps lies
// between two V steps, so it has one step: every T step of M joins two vertices that touch V
// edges of M. So H = E(M) is connected, holds e_new, a and b touch its V edges, and both ends of
// each of its T edges touch its V edges. Conversely, given such H, a, b: take any walk a ⇝ b
// covering H (depth-first, every edge there and back, then a path to b); wherever two T steps
// meet at x, or the walk starts or ends with a T step at x, insert a bounce x -V- y -V- x along
// a V edge of H at x (one exists). The bounces add no edge, the walk then has no two T steps in a
// row and starts and ends with V: accepted.
//
// Middle, subsequence reading (no V..T..T..V picked in order). Between the first and the last
// V there is at most one T step. So E(M) = H1 ∪ H2 (∪ {x-y}): with no T step, H1 is a connected
// set of V edges touched by a and b (H2 = ∅); with one T step x -> y, H1 is the V edges walked
// before it (connected, touched by a and x) and H2 those after it (connected, touched by y and
// b, non-empty). Conversely walk H1 from a ending at x, step to y, walk H2 ending at b: V+ T V+.
//
// Connectivity of H (factor) and of H1, H2 (subsequence) is encoded as reachability from a
// (resp. y) in at most 2v - 1 steps, v = TurnLiterals::virtual_bound: every vertex of these sets
// touches one of their V edges (at most v of them, so at most 2v vertices), and a shortest path
// in a connected graph on 2v vertices has at most 2v - 1 edges. With that the middle needs no
// length bound at all; the decoded middle has at most 2|H| + 2v - 1 steps plus two per bounce.
//
// So the removal sets allowed here are exactly the sets E(P), P ∈ ℛ. The obligation to
// collapse (ℛ ≠ ∅) is encoded apart, by the closed set of tree_encoding.cpp.
//
// Without Φ_root (carve explain) the prefix starts at the path's start row instead of ρ: the
// argument above never used that ρ is the root. Without Φ_inc a walk need not have a V step: then
// it is T steps alone from its start, whose edge set is any non-empty connected set of tree edges
// holding the start (the prefix alone: `tonly`); a walk with a V step decomposes as above, with
// no demand on where e_new lies. Every T-only word avoids the pattern, so both cases are exact.
#include "engines/sat/paths/walk_collapse.hpp"

#include <deque>
#include <map>
#include <set>
#include <stdexcept>

#include "engines/sat/paths/tree_path.hpp"
#include "engines/sat/paths/walk_parts.hpp"

namespace carve::encoder {

using model::VertexId;


std::optional<WalkCollapse::Density> WalkCollapse::reading_of(const model::DensityAutomaton& dfa) {
  auto d = model::documents_density(dfa);
  if (!d) return std::nullopt;
  return *d == model::DocumentsDensity::Factor ? Density::Factor : Density::Subsequence;
}

// The parts in the order of the argument above; each part's variables are made in that order.
Removal WalkCollapse::encode(const TurnLiterals& given) {
  sets_.emplace_back();
  Sets& s = sets_.back();
  s.in = with_start(given);
  const std::size_t n = pairs_.vertices();
  s.a = cnf_.one_if(s.in.collapse, n);
  s.b = cnf_.one_if(s.in.collapse, n);
  // A walk of T steps alone, possible only without Φ_inc: the prefix is all of it (see above).
  if (!s.in.inc.fixed()) {
    s.tonly = cnf_.var();
    when_on(cnf_, s.in.inc, [&] { cnf_.clause({-s.tonly}); });
  }
  encode_prefix_and_suffix(s);
  s.mid_v = slot_vars(s);
  s.mid_t = pair_vars(s, s.in.tree);
  s.mid_v2.assign(s.in.slots.size(), 0);
  if (density_ == Density::Factor)
    encode_factor_middle(s);
  else
    encode_subsequence_middle(s);
  if (s.tonly) encode_t_steps_alone(s);
  return removal(s);
}

// Per pair, a literal that implies the pair is `allowed` and the turn collapses (0 where the pair
// is not allowed at all).
std::vector<int> WalkCollapse::pair_vars(const Sets& s, const std::vector<int>& allowed) {
  std::vector<int> row(pairs_.size(), 0);
  for (std::size_t p = 0; p < row.size(); ++p)
    if (allowed[p]) {
      row[p] = cnf_.var();
      cnf_.clause({-row[p], allowed[p]});
      cnf_.clause({-row[p], s.in.collapse});
    }
  return row;
}

// Per slot, a literal that implies the slot is present and the turn collapses.
std::vector<int> WalkCollapse::slot_vars(const Sets& s) {
  std::vector<int> row(s.in.slots.size(), 0);
  for (std::size_t i = 0; i < row.size(); ++i) {
    row[i] = cnf_.var();
    cnf_.clause({-row[i], s.in.slots[i].present});
    cnf_.clause({-row[i], s.in.collapse});
  }
  return row;
}

// `clause` with "or the walk is T steps alone" when it can be.
void WalkCollapse::unless_tonly(const Sets& s, std::vector<int> clause) {
  if (s.tonly) clause.push_back(s.tonly);
  cnf_.clause(clause);
}

// Prefix A from the start (ρ under Φ_root) to a, suffix B from b: connected sets of tree edges
// holding their anchors (closure towards the anchor), a touched by A unless a is the start.
void WalkCollapse::encode_prefix_and_suffix(Sets& s) {
  s.pre = pair_vars(s, s.in.tree);
  s.post = pair_vars(s, s.in.tree);
  tree_closure(cnf_, pairs_, s.in.start, s.pre);
  tree_closure(cnf_, pairs_, s.b, s.post);
  for (VertexId v = 0; v < pairs_.vertices(); ++v) {
    std::vector<int> touch{-s.a[v], s.in.start[v]};
    for (int p : pairs_.pairs_at(v))
      if (s.pre[static_cast<std::size_t>(p)]) touch.push_back(s.pre[static_cast<std::size_t>(p)]);
    cnf_.clause(touch);
  }
}

// The middle, factor reading: H = E(M) holds e_new (under Φ_inc), a and b and both ends of each
// of its T edges touch its V edges, and H is connected (reachable from a).
void WalkCollapse::encode_factor_middle(Sets& s) {
  const TurnLiterals& in = s.in;
  const int c = in.collapse;
  const std::vector<int> on_v = touching(cnf_, pairs_, in.slots, s.mid_v);
  for (std::size_t p = 0; p < pairs_.size(); ++p)
    if (s.mid_t[p]) {
      cnf_.clause({-s.mid_t[p], on_v[pairs_[p].a]});
      cnf_.clause({-s.mid_t[p], on_v[pairs_[p].b]});
    }
  when_on(cnf_, in.inc, [&] {
    for (std::size_t i = 0; i < in.slots.size(); ++i) cnf_.clause({-c, -in.slots[i].is_new, s.mid_v[i]});
  });
  for (VertexId v = 0; v < pairs_.vertices(); ++v) {
    unless_tonly(s, {-s.a[v], on_v[v]});
    unless_tonly(s, {-s.b[v], on_v[v]});
  }
  reachable(cnf_, pairs_, in.slots, s.a, s.mid_t, s.mid_v, on_v, 2 * in.virtual_bound - 1);
}

// The middle, subsequence reading: V edges H1 (touched by a and x), at most one T step x -> y,
// V edges H2 after it (touched by y and b), each part connected.
void WalkCollapse::encode_subsequence_middle(Sets& s) {
  const TurnLiterals& in = s.in;
  const std::size_t n = pairs_.vertices(), S = in.slots.size();
  const int c = in.collapse;
  const int levels = 2 * in.virtual_bound - 1;
  s.mid_v2 = slot_vars(s);
  std::vector<int> ts;
  for (int l : s.mid_t)
    if (l) ts.push_back(l);
  cnf_.at_most_one(ts);
  const int tstep = ts.empty() ? cnf_.false_lit() : cnf_.define_or(ts);
  s.x = cnf_.one_if(tstep, n);
  s.y = cnf_.one_if(tstep, n);
  for (std::size_t p = 0; p < pairs_.size(); ++p)
    if (s.mid_t[p]) {
      const auto [u, w] = std::pair{pairs_[p].a, pairs_[p].b};
      cnf_.clause({-s.mid_t[p], s.x[u], s.x[w]});
      cnf_.clause({-s.mid_t[p], -s.x[u], s.y[w]});
      cnf_.clause({-s.mid_t[p], -s.x[w], s.y[u]});
    }
  for (std::size_t i = 0; i < S; ++i) cnf_.clause({-s.mid_v2[i], tstep});
  when_on(cnf_, in.inc, [&] {
    for (std::size_t i = 0; i < S; ++i) cnf_.clause({-c, -in.slots[i].is_new, s.mid_v[i], s.mid_v2[i]});
  });
  const std::vector<int> on1 = touching(cnf_, pairs_, in.slots, s.mid_v), on2 = touching(cnf_, pairs_, in.slots, s.mid_v2);
  for (VertexId v = 0; v < n; ++v) {
    unless_tonly(s, {-s.a[v], on1[v]});
    cnf_.clause({-s.x[v], on1[v]});
    cnf_.clause({-s.y[v], on2[v]});
    unless_tonly(s, {-s.b[v], tstep, on1[v]});
    cnf_.clause({-s.b[v], -tstep, on2[v]});
  }
  reachable(cnf_, pairs_, in.slots, s.a, {}, s.mid_v, on1, levels);
  reachable(cnf_, pairs_, in.slots, s.y, {}, s.mid_v2, on2, levels);
}

// T steps alone: no middle, no suffix, b = a, and at least one step in the prefix.
void WalkCollapse::encode_t_steps_alone(const Sets& s) {
  for (const auto* row : {&s.mid_v, &s.mid_v2, &s.mid_t, &s.post})
    for (int l : *row)
      if (l) cnf_.clause({-s.tonly, -l});
  for (VertexId v = 0; v < pairs_.vertices(); ++v) cnf_.clause({-s.tonly, -s.a[v], s.b[v]});
  std::vector<int> some{-s.tonly, -s.in.collapse};
  for (int l : s.pre)
    if (l) some.push_back(l);
  cnf_.clause(some);
}

// The removal set: A ∪ E(M) ∪ B.
Removal WalkCollapse::removal(const Sets& s) {
  Removal r;
  r.tree.assign(pairs_.size(), 0);
  for (std::size_t p = 0; p < pairs_.size(); ++p) {
    if (!s.in.tree[p]) continue;
    r.tree[p] = cnf_.define_or({s.pre[p], s.post[p], s.mid_t[p]});
  }
  for (std::size_t i = 0; i < s.in.slots.size(); ++i)
    r.slot.push_back(s.mid_v2[i] ? cnf_.define_or({s.mid_v[i], s.mid_v2[i]}) : s.mid_v[i]);
  return r;
}

model::CollapsePath WalkCollapse::decode(std::size_t which, SatBackend& m) const {
  const Sets& s = sets_[which];
  const std::size_t P = pairs_.size();
  auto vertex = [&](const std::vector<int>& row) -> std::optional<VertexId> {
    for (VertexId v = 0; v < row.size(); ++v)
      if (row[v] && m.value(row[v])) return v;
    return std::nullopt;
  };
  auto chosen = [&](const std::vector<int>& row) {
    std::vector<int> out;
    for (std::size_t p = 0; p < P; ++p)
      if (row[p] && m.value(row[p])) out.push_back(static_cast<int>(p));
    return out;
  };
  const auto start = vertex(s.in.start), a = vertex(s.a), b = vertex(s.b);
  if (!start || !a || !b) throw std::logic_error("walk collapse: the model names no start, middle start or middle end");
  std::vector<VertexId> walk = cover_walk(pairs_, chosen(s.pre), *start, *a);
  if (s.tonly && m.value(s.tonly)) {
    model::CollapsePath cp;
    cp.vertices = std::move(walk);
    return cp;
  }
  const auto mid_v = chosen_slots(pairs_, s.in.slots, s.mid_v, m), mid_t = chosen(s.mid_t);
  if (density_ == Density::Factor) {
    std::vector<int> h = mid_v;
    h.insert(h.end(), mid_t.begin(), mid_t.end());
    const auto raw = cover_walk(pairs_, h, *a, *b);
    auto is_tree = [&](VertexId u, VertexId w) {
      const int p = pairs_.of(u, w);  // a pair off the tree (ids from size() on) carries no tree edge
      return static_cast<std::size_t>(p) < s.in.tree.size() && s.in.tree[static_cast<std::size_t>(p)] &&
             m.value(s.in.tree[static_cast<std::size_t>(p)]);
    };
    auto bounce = [&](std::vector<VertexId>& out) {
      const VertexId x = out.back();
      for (int p : mid_v)
        if (pairs_[static_cast<std::size_t>(p)].a == x || pairs_[static_cast<std::size_t>(p)].b == x) {
          out.push_back(pairs_.other(static_cast<std::size_t>(p), x));
          out.push_back(x);
          return;
        }
      throw std::logic_error("walk collapse: a T step of the middle at a vertex without a virtual edge");
    };
    std::vector<VertexId> mid{raw.front()};
    bool last_t = true;  // a T step at the start needs a bounce before it
    for (std::size_t i = 0; i + 1 < raw.size(); ++i) {
      const bool t = is_tree(raw[i], raw[i + 1]);
      if (t && last_t) bounce(mid);
      mid.push_back(raw[i + 1]);
      last_t = t;
    }
    if (last_t) bounce(mid);
    append(walk, mid);
  } else if (const auto x = vertex(s.x)) {
    const auto y = vertex(s.y);
    if (!y) throw std::logic_error("walk collapse: a T step without its far end");
    append(walk, cover_walk(pairs_, mid_v, *a, *x));
    walk.push_back(*y);
    append(walk, cover_walk(pairs_, chosen_slots(pairs_, s.in.slots, s.mid_v2, m), *y, *b));
  } else {
    append(walk, cover_walk(pairs_, mid_v, *a, *b));
  }
  append(walk, cover_walk(pairs_, chosen(s.post), *b, *b));
  model::CollapsePath cp;
  cp.vertices = std::move(walk);
  return cp;
}

}  // namespace carve::encoder
