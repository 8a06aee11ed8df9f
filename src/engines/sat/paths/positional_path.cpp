// The positional collapse, rule by rule; the comment blocks state why each part is exact.
//
// Positions. pos[i][v] is the vertex at position i (0 = the root, or the start row when Φ_root is
// off: TurnLiterals::start; "stopped" once the path has
// ended, and stopped stays stopped); step i joins positions i and i+1 along a present pair --
// a tree pair (type T) or a slot of G' (type V); the automaton's state is propagated step by
// step (dead = forbidden); Φ_inc holds through a step whose slot is e_new; Φ_root holds because
// position 0 is the root: every path kind is closed under reversal, and the automaton is the
// one read from the root (DensityAutomaton::from_root(): a path ending at the root is the
// reverse of one starting there, and its types read from the root are accepted exactly when the
// path's own or their reverse avoid the pattern). Kinds: walk = no rule; trail = each pair on at
// most one step; simple = no vertex twice (positions 0..L); simple-or-cycle = simple, except that
// the last position may be the root again when the path has at least 3 steps (with 2 steps it
// would reuse its first edge). The removal set is rem[p] <-> some step uses p.
//
// Split (trail, simple and simple-or-cycle under the documents' pattern V T{2,} V): as for walks
// (walk_collapse.cpp), a legal path from ρ is a T-only prefix ρ..a, a middle a..b from the first
// to the last V step, and a T-only suffix b..z, and only the middle matters to the automaton. A
// T-only trail in the tree (a forest) never comes back to a vertex, so prefix and suffix are the
// tree paths ρ..a and b..z (engines/sat/paths/tree_path.hpp), and only the middle is positional, with
// pos[0] = a, first and last step V. Its length: it uses each edge once, so at most t + 1 V
// steps (G' has at most v = t + 1 virtual edges at turn t); a T step lies between two V steps, at
// most one between consecutive ones under factor density (so at most t) and at most one in all
// under subsequence density. L = 2v - 1 (factor) or v + 1 (subsequence) is therefore exact. The
// kind's rule spans the parts: trail = each pair at most once over prefix, middle steps and
// suffix; simple = each vertex at most once as a prefix vertex other than a, a middle position,
// or a suffix vertex other than b. simple-or-cycle splits the same way: a path that closes at ρ
// is a cycle of at least 3 distinct edges, its prefix and suffix are tree paths that meet only at
// ρ, and the middle's bound holds as it uses each edge once. Its vertex rule: every occurrence
// other than the end z (a prefix vertex other than a, a middle position with a step after it, b
// when the suffix is not empty, a suffix vertex other than b and z) at most once, and z none of
// them -- except that z may be ρ (its first occurrence) when the path is not the single loop ρ-ρ
// (the only closed path under 3 steps with distinct edges: a 2-step one would use one pair twice).
//
// Length bound (whole paths positional), any pattern. A trail uses each edge of G' at most once,
// and G' has at most m = |E_Ω ∩ scope| + v edges (v = t + 1: each turn adds at most one virtual edge),
// so L = m is exact for trails; simple paths have at most |V| - 1 steps and root cycles |V|.
// Walks (where no edge-set encoding applies, tree_encoding.cpp): a legal walk P with edge set R
// has a legal walk of at most 1 + Q·Σ_{i=1}^{|R|-1} min(i + 1, |V|) steps with the same edge
// set, Q the automaton's live states. Let f_1 < ... < f_|R| be the steps where P first uses an
// edge. Cut P after f_|R|: a prefix keeps Φ_root, Φ_inc (e_new is first used at some f_j) and
// acceptance (the language is closed under prefixes). Between f_i and f_{i+1} every step reuses
// an edge of U_i (the edges first used at f_1..f_i); if the product state (vertex, automaton
// state) after two of the steps f_i, ..., f_{i+1} - 1 is the same, cut the steps between them:
// the edge set keeps every edge (they were all used before), the walk goes on from the same
// vertex in the same state, so it is still accepted. Repeating this, those product states are
// distinct; their vertices lie on U_i, a connected set of i edges, so on at most min(i + 1, |V|)
// vertices, and f_{i+1} - f_i <= min(i + 1, |V|)·Q. With f_1 = 1 the bound follows; the
// argument asks of the automaton only that its language be closed under prefixes, which holds
// for every avoided pattern (and for the union with the reversed one). So every path kind's
// bound is exact for every pattern; only a smaller path-length override makes it inexact.
#include "engines/sat/paths/positional_path.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "engines/sat/paths/positional_step.hpp"
#include "engines/sat/paths/split_vertex_rule.hpp"
#include "engines/sat/paths/tree_path.hpp"

namespace carve::encoder {

using model::VertexId;

PositionalPath::PositionalPath(const model::Game& game, const ScopePairs& pairs, model::DensityAutomaton dfa, bool split,
                               Cnf& cnf, int length)
    : game_(game), pairs_(pairs), dfa_(std::move(dfa)), split_(split), cnf_(cnf), length_(length) {}

int PositionalPath::bound(const model::Game& game, const model::DensityAutomaton& dfa, bool split, int virtual_edges) {
  const long n = static_cast<long>(game.universe.size());
  if (split)
    return model::documents_density(game.rules.density) == model::DocumentsDensity::Factor ? 2 * virtual_edges - 1
                                                                                           : virtual_edges + 1;
  const long m = static_cast<long>(game.universe.inherent.size()) + virtual_edges;
  switch (game.rules.path()) {
    case model::PathKind::Simple: return static_cast<int>(n) - 1;
    case model::PathKind::SimpleOrCycle: return static_cast<int>(n);
    case model::PathKind::Trail: return static_cast<int>(m);
    case model::PathKind::Walk: break;
  }
  long steps = 1;
  for (long i = 1; i < m; ++i) steps += std::min(i + 1, n) * dfa.states();
  return static_cast<int>(steps);
}

void PositionalPath::open_split(Path& c) {
  const std::size_t n = pairs_.vertices(), P = pairs_.size();
  const int collapse = c.in.collapse;
  c.pos[0] = cnf_.one_if(collapse, n);
  c.b = cnf_.one_if(collapse, n);
  c.z = cnf_.one_if(collapse, n);
  c.pre.assign(P, 0);
  c.suf.assign(P, 0);
  for (std::size_t p = 0; p < P; ++p)
    if (c.in.tree[p])
      for (auto* set : {&c.pre, &c.suf}) {
        (*set)[p] = cnf_.var();
        cnf_.clause({-(*set)[p], c.in.tree[p]});
        cnf_.clause({-(*set)[p], collapse});
      }
  tree_path(cnf_, pairs_, c.in.root, c.pos[0], c.pre);
  tree_path(cnf_, pairs_, c.b, c.z, c.suf);
}

Removal PositionalPath::encode(const TurnLiterals& given) {
  const TurnLiterals in = with_start(given);
  paths_.push_back({in, {}, {}, {}, {}, {}, {}});
  Path& c = paths_.back();
  const int L = length_ > 0 ? length_ : bound(game_, dfa_, split_, in.virtual_bound);
  encode_positions(c, L);
  Steps steps = encode_steps(c, L);
  // Φ_inc: the path steps along e_new (exactly one slot of G' is it). Off, any path of at least
  // one step will do: collapse already asks for a first step.
  when_on(cnf_, in.inc, [&] {
    for (std::size_t j = 0; j < in.slots.size(); ++j) {
      std::vector<int> cl{-in.collapse, -in.slots[j].is_new};
      cl.insert(cl.end(), steps.slot[j].begin(), steps.slot[j].end());
      cnf_.clause(cl);
    }
  });
  if (split_) close_split_middle(c, L, steps);
  Removal rem = removal(steps);
  kind_rule(c, L);
  return rem;
}

// Positions 0..L: position 0 the start (split: the middle's start a, after the tree-path prefix),
// every later one exactly one vertex or "stopped", stopped staying stopped; collapse <-> the path
// has a first step.
void PositionalPath::encode_positions(Path& c, int L) {
  const std::size_t n = pairs_.vertices();
  c.pos.assign(static_cast<std::size_t>(L) + 1, std::vector<int>(n, 0));
  c.stopped.assign(static_cast<std::size_t>(L) + 1, 0);
  if (split_ && !(c.in.start == c.in.root && c.in.inc.fixed()))
    throw std::logic_error("positional collapse: the split needs Φ_root and Φ_inc fixed on");
  if (split_)
    open_split(c);
  else
    c.pos[0] = c.in.start;
  c.stopped[0] = cnf_.false_lit();
  for (int i = 1; i <= L; ++i) {
    auto& row = c.pos[static_cast<std::size_t>(i)];
    for (auto& x : row) x = cnf_.var();
    c.stopped[static_cast<std::size_t>(i)] = cnf_.var();
    std::vector<int> one = row;
    one.push_back(c.stopped[static_cast<std::size_t>(i)]);
    cnf_.exactly_one(one);
    if (i > 1) cnf_.clause({-c.stopped[static_cast<std::size_t>(i) - 1], c.stopped[static_cast<std::size_t>(i)]});
  }
  cnf_.clause({c.in.collapse, c.stopped[1]});
  cnf_.clause({-c.in.collapse, -c.stopped[1]});
}

// Each step i < L while the path goes on: along a present tree pair (type T) or a slot of G'
// (type V), joining positions i and i + 1, the automaton's state carried through it.
PositionalPath::Steps PositionalPath::encode_steps(const Path& c, int L) {
  const TurnLiterals& in = c.in;
  const std::size_t P = pairs_.size(), S = in.slots.size();
  Steps steps{std::vector<std::vector<int>>(P), std::vector<std::vector<int>>(S), {}};
  // Automaton state after i steps; dq[0] = start.
  const auto dq = automaton_rows(cnf_, dfa_, L);
  for (int i = 0; i < L; ++i) {
    const auto& here = c.pos[static_cast<std::size_t>(i)];
    const auto& there = c.pos[static_cast<std::size_t>(i) + 1];
    const int active = -c.stopped[static_cast<std::size_t>(i) + 1];
    const int isv = cnf_.var();
    steps.is_virtual.push_back(isv);
    std::vector<int> some{-active};
    for (std::size_t p = 0; p < P; ++p) {
      if (!in.tree[p]) continue;
      const auto& pr = pairs_[p];
      const int st = cnf_.var();
      steps.tree[p].push_back(st);
      some.push_back(st);
      cnf_.clause({-st, active});
      cnf_.clause({-st, in.tree[p]});
      cnf_.clause({-st, -isv});
      cnf_.clause({-st, here[pr.a], here[pr.b]});
      cnf_.clause({-st, -here[pr.a], there[pr.b]});
      cnf_.clause({-st, -here[pr.b], there[pr.a]});
    }
    for (std::size_t j = 0; j < S; ++j) {
      const int st = slot_step(cnf_, in.slots[j], active, isv, here, there);
      steps.slot[j].push_back(st);
      some.push_back(st);
    }
    cnf_.clause(some);
    automaton_step(cnf_, dfa_, dq[static_cast<std::size_t>(i)], dq[static_cast<std::size_t>(i) + 1], active, isv);
  }
  return steps;
}

// Split: the middle starts and ends with a V step, b is its last vertex; the prefix and suffix
// pairs join each tree pair's steps.
void PositionalPath::close_split_middle(const Path& c, int L, Steps& steps) {
  cnf_.clause({-c.in.collapse, steps.is_virtual[0]});
  for (int i = 0; i < L; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const int next_stopped = i + 1 < L ? c.stopped[u + 2] : -cnf_.false_lit();
    cnf_.clause({c.stopped[u + 1], -next_stopped, steps.is_virtual[u]});
    for (VertexId v = 0; v < pairs_.vertices(); ++v) cnf_.clause({-c.pos[u + 1][v], -next_stopped, c.b[v]});
  }
  for (std::size_t p = 0; p < pairs_.size(); ++p)
    for (int l : {c.pre[p], c.suf[p]})
      if (l) steps.tree[p].push_back(l);
}

// The removal set: a pair or slot is removed when some step uses it (trail and simple-or-cycle:
// at most one does).
Removal PositionalPath::removal(const Steps& steps) {
  const auto kind = game_.rules.path();
  const bool once = kind == model::PathKind::Trail || kind == model::PathKind::SimpleOrCycle;
  Removal rem;
  rem.tree.assign(steps.tree.size(), 0);
  for (std::size_t p = 0; p < steps.tree.size(); ++p) {
    if (steps.tree[p].empty()) continue;
    rem.tree[p] = cnf_.define_or(steps.tree[p]);
    if (once) cnf_.at_most_one(steps.tree[p]);
  }
  for (std::size_t j = 0; j < steps.slot.size(); ++j) {
    rem.slot.push_back(cnf_.define_or(steps.slot[j]));
    if (once) cnf_.at_most_one(steps.slot[j]);
  }
  return rem;
}

// Simple kinds: no vertex twice among positions 1..L, and the start (position 0) never again --
// except, for simple-or-cycle, as the last position of a path of at least 3 steps that starts at
// the root (the start is the root itself unless Φ_root is off; then that clause says so).
void PositionalPath::kind_rule(Path& c, int L) {
  const auto kind = game_.rules.path();
  const std::size_t n = pairs_.vertices();
  if (split_ && kind != model::PathKind::Trail) {
    const bool cycle = kind == model::PathKind::SimpleOrCycle;
    for (VertexId v = 0; v < n; ++v) {
      const int in_pre = cnf_.var(), in_suf = cnf_.var(), b_inner = cnf_.var();
      for (int p : pairs_.pairs_at(v)) {
        if (c.pre[static_cast<std::size_t>(p)]) cnf_.clause({-c.pre[static_cast<std::size_t>(p)], in_pre, c.pos[0][v]});
        if (c.suf[static_cast<std::size_t>(p)]) cnf_.clause({-c.suf[static_cast<std::size_t>(p)], in_suf, c.b[v], c.z[v]});
      }
      split_vertex_rule(cnf_, c, v, {in_pre, in_suf}, b_inner, cycle);
    }
  } else if (kind == model::PathKind::Simple || kind == model::PathKind::SimpleOrCycle) {
    for (VertexId v = 0; v < n; ++v) {
      std::vector<int> at;
      for (int i = 1; i <= L; ++i) at.push_back(c.pos[static_cast<std::size_t>(i)][v]);
      cnf_.at_most_one(at);
      for (int i = 1; i <= L; ++i) {
        const int x = c.pos[static_cast<std::size_t>(i)][v];
        if (kind == model::PathKind::Simple || i < 3) {
          cnf_.clause({-x, -c.in.start[v]});
        } else {
          if (i < L) cnf_.clause({-x, -c.in.start[v], c.stopped[static_cast<std::size_t>(i) + 1]});
          cnf_.clause({-x, -c.in.start[v], c.in.root[v]});  // a tautology when the start is the root's row
        }
      }
    }
  }
}

// The tree path ρ..a, the middle's positions, the tree path b..z.
model::CollapsePath PositionalPath::decode_split(const Path& c, SatBackend& m) const {
  const std::size_t n = pairs_.vertices();
  auto vertex = [&](const std::vector<int>& row) {
    for (VertexId v = 0; v < n; ++v)
      if (m.value(row[v])) return v;
    throw std::logic_error("split collapse: the model names no vertex");
  };
  auto chosen = [&](const std::vector<int>& row) {
    std::vector<int> out;
    for (std::size_t p = 0; p < row.size(); ++p)
      if (row[p] && m.value(row[p])) out.push_back(static_cast<int>(p));
    return out;
  };
  model::CollapsePath cp;
  cp.vertices = path_within(pairs_, chosen(c.pre), vertex(c.in.root), vertex(c.pos[0]));
  for (std::size_t i = 1; i < c.pos.size() && !m.value(c.stopped[i]); ++i) cp.vertices.push_back(vertex(c.pos[i]));
  const auto suffix = path_within(pairs_, chosen(c.suf), vertex(c.b), vertex(c.z));
  if (suffix.front() != cp.vertices.back()) throw std::logic_error("split collapse: the suffix does not start at the middle's end");
  cp.vertices.insert(cp.vertices.end(), suffix.begin() + 1, suffix.end());
  return cp;
}

model::CollapsePath PositionalPath::decode(std::size_t which, SatBackend& m) const {
  const Path& c = paths_[which];
  if (split_) return decode_split(c, m);
  model::CollapsePath cp;
  for (std::size_t i = 0; i < c.pos.size(); ++i) {
    if (m.value(c.stopped[i])) break;
    for (VertexId v = 0; v < pairs_.vertices(); ++v)
      if (m.value(c.pos[i][v])) cp.vertices.push_back(v);
  }
  if (game_.rules.path() == model::PathKind::Walk) cp.vertices = shortened(c, m, cp.vertices);
  return cp;
}

// The cuts of the length bound's argument (top of this file), made on the decoded walk: a loop
// between two visits of one product state (vertex, automaton state) with no first use of an
// edge inside it goes, and so does everything after the last first use. The walk keeps its edge
// set and stays accepted; a solver's walk of hundreds of steps becomes a readable one.
std::vector<VertexId> PositionalPath::shortened(const Path& c, SatBackend& m, const std::vector<VertexId>& walk) const {
  std::vector<VertexId> out{walk.front()};
  std::vector<int> states{dfa_.start()};
  std::map<std::pair<VertexId, int>, std::size_t> since_first_use{{{walk.front(), dfa_.start()}, 0}};
  std::set<int> used;
  std::size_t last_first_use = 0;
  for (std::size_t i = 0; i + 1 < walk.size(); ++i) {
    const int p = pairs_.of(walk[i], walk[i + 1]);
    const auto u = static_cast<std::size_t>(p);  // ids from size() on are pairs off the tree (ScopePairs)
    const int tree = u < c.in.tree.size() ? c.in.tree[u] : 0;
    const int q = dfa_.step(states.back(), tree && m.value(tree) ? model::EdgeType::T : model::EdgeType::V);
    const std::pair<VertexId, int> key{walk[i + 1], q};
    if (used.insert(p).second) {
      since_first_use.clear();
    } else if (auto it = since_first_use.find(key); it != since_first_use.end()) {
      while (out.size() > it->second + 1) {
        since_first_use.erase({out.back(), states.back()});
        out.pop_back();
        states.pop_back();
      }
      continue;
    }
    out.push_back(walk[i + 1]);
    states.push_back(q);
    since_first_use.emplace(key, out.size() - 1);
    if (since_first_use.size() == 1) last_first_use = out.size() - 1;
  }
  out.resize(last_first_use + 1);
  return out;
}

}  // namespace carve::encoder
