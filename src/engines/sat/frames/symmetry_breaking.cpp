// Lex-leader chains for the child swaps of the tree and the automorphisms of the target.
//
// Why it is sound. Let Aut be the automorphisms of the scope that fix λ: at every node, any
// permutation of its k children (S_k per node, k = 2..4 the alphabet's size), each child's
// subtree carried along. The generators broken are the adjacent transpositions (c_i c_{i+1}) of
// each node's children: they generate S_k at that node, so all of them generate Aut. Each
// g ∈ Aut maps tree pairs onto tree pairs, keeps depth (so the frontier and the scope) and fixes
// S_0. The reference semantics is invariant under g: a legal play
// P = (m_1, ..., m_k) maps onto a legal play gP -- construction reads only the pair and its
// type; g keeps adjacency and edge types, so it maps a path's type sequence, its root end, its
// use of e_new, its length and its kind (walk, trail, simple) onto the same, hence ℛ(S, e) onto
// ℛ(gS, ge) and stability onto stability; the child edges of ρ onto those of gρ and orphans onto
// orphans (succession); components onto isomorphic components, finite onto finite (victory). So
// the set of legal winning plays of k turns in scope is a union of Aut-orbits.
//
// The chains read V(P): for turn 1, 2, ... in order, e_new's endpoints per vertex (engines/sat/
// virtual_slots.hpp), then S_t's root per vertex and tree edge per pair -- every entry a function
// of the play, and g permutes the entries (an endpoint onto an endpoint). The chain of a
// generator g compares the entry of item i with the entry of item g(i), i.e. it says
// V(P) >=lex V(g⁻¹P). Take any legal winning play P of k turns and choose P* in its orbit with
// V(P*) lexicographically largest: P* is legal and winning, so it satisfies every rule clause
// (and every stability lemma, which the rules imply), and V(P*) >= V(g⁻¹P*) for every g ∈ Aut,
// in particular for every generator broken (the argument holds for any subset of Aut; a
// generating set costs one chain per node and sibling pair), so it satisfies every chain
// with each `equal` literal set to "the prefix so far is equal". Hence the
// formula at frame k has a model with the chains exactly when it has one without them: the
// shortest number of turns and every no-win are unchanged. The frames are unrolled turn by turn,
// and each turn appends its block at the end of every chain; the chains a k-frame solve sees are
// the lex comparison of the k-turn prefix, which the largest member of a k-turn orbit satisfies.
// The same holds for the positional encodings with a path-length bound (g keeps lengths).
//
// The victory map: for a fixed play, the maps x that the victory test accepts are closed under
// x ↦ x∘σ for σ ∈ Aut(target) -- onto a closed component (isomorphism: edges onto present pairs,
// non-edges onto absent pairs) or into one (contains: edges onto present pairs), the image and
// so the root's membership in it unchanged; under iso=typed σ ranges over the automorphisms that
// keep edge types, and then each edge still lands on a pair of its type. So the
// lexicographically largest of them satisfies the target chains. The target chains read only
// map literals and the tree chains only play literals, so both choices combine. The tree's child
// swaps also map the root's component onto the new root's and a copy of the target onto a
// copy, so every victory variant is invariant under them.
//
// The tree's generators come from the structure (k - 1 child swaps per node, from ScopePairs)
// rather than from nauty: the group is known in closed form, a run of nauty on the scope graph
// would return generators of the same group, and the images of pairs are needed either way. The
// target is an arbitrary graph, so its generators come from nauty (rules/model/automorphisms.hpp).
#include "engines/sat/frames/symmetry_breaking.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <utility>

#include "rules/model/automorphisms.hpp"

namespace carve::encoder {

using model::VertexId;

// Per position with x != y: equal -> (x or not y), and equal and x = y -> next equal (Aloul,
// Markov and Sakallah's linear encoding). A position (y, x) after (x, y) is skipped: once the
// prefix is equal there, x = y already.
void LexChain::extend(Cnf& cnf, const std::vector<int>& x, const std::vector<int>& y) {
  std::set<std::pair<int, int>> seen;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const int a = x[i] ? x[i] : cnf.false_lit(), b = y[i] ? y[i] : cnf.false_lit();
    if (a == b || seen.count({b, a})) continue;
    seen.insert({a, b});
    cnf.clause({-equal_, a, -b});
    const int next = cnf.var();
    cnf.clause({-equal_, a, next});
    cnf.clause({-equal_, -b, next});
    equal_ = next;
  }
}

namespace {

std::vector<VertexId> children_of(const ScopePairs& pairs, VertexId v) {
  std::vector<VertexId> out;
  for (int p : pairs.child_pairs(v)) out.push_back(pairs.other(static_cast<std::size_t>(p), v));
  return out;
}

// The automorphism that exchanges the subtrees of siblings a and b (same depth, so same shape),
// with its images of pairs.
ChildSwap exchange(const ScopePairs& pairs, VertexId a0, VertexId b0) {
  const std::size_t n = pairs.vertices();
  ChildSwap g{std::vector<VertexId>(n), std::vector<int>(pairs.size())};
  for (VertexId v = 0; v < n; ++v) g.vertex[v] = v;
  // Map the subtree of a0 onto that of b0 and back, child by child.
  std::vector<std::pair<VertexId, VertexId>> todo{{a0, b0}};
  while (!todo.empty()) {
    const auto [a, b] = todo.back();
    todo.pop_back();
    g.vertex[a] = b;
    g.vertex[b] = a;
    const auto ca = children_of(pairs, a), cb = children_of(pairs, b);
    if (ca.size() != cb.size()) throw std::logic_error("symmetry: a child swap that is no automorphism of the scope");
    for (std::size_t i = 0; i < ca.size(); ++i) todo.emplace_back(ca[i], cb[i]);
  }
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const int q = pairs.of(g.vertex[pairs[p].a], g.vertex[pairs[p].b]);
    if (q < 0 || (pairs[p].tree < 0) != (pairs[static_cast<std::size_t>(q)].tree < 0) ||
        pairs[p].can_virtual != pairs[static_cast<std::size_t>(q)].can_virtual)
      throw std::logic_error("symmetry: a child swap does not map pairs onto pairs of the same kind");
    g.pair[p] = q;
  }
  return g;
}

}  // namespace

std::vector<ChildSwap> child_swaps(const ScopePairs& pairs) {
  std::vector<ChildSwap> out;
  // Each swap holds an image per vertex and tree pair, and each turn reads them all: past ~8M
  // entries (depth 11 and deeper) keep only the swaps nearest λ (ids are breadth-first). Any
  // subset of the generators is still sound: the lex-largest member of an orbit under the
  // whole group satisfies the chain of every one of them.
  const std::size_t n = pairs.vertices();
  const std::size_t cap = std::max<std::size_t>(1, (std::size_t{1} << 23) / (n + pairs.size()));
  for (VertexId x = 0; x < n && out.size() < cap; ++x) {
    const auto c = children_of(pairs, x);
    for (std::size_t i = 0; i + 1 < c.size() && out.size() < cap; ++i) out.push_back(exchange(pairs, c[i], c[i + 1]));
  }
  return out;
}

TreeSymmetry::TreeSymmetry(const ScopePairs& pairs, const Cnf& cnf) {
  for (auto& g : child_swaps(pairs)) gens_.push_back({std::move(g), LexChain(cnf)});
}

void TreeSymmetry::add_turn(Cnf& cnf, const std::vector<int>& touch, const std::vector<int>& root,
                            const std::vector<int>& tree) {
  for (auto& g : gens_) {
    std::vector<int> x, y;
    for (const auto* per_vertex : {&touch, &root})
      for (std::size_t v = 0; v < per_vertex->size(); ++v) {
        x.push_back((*per_vertex)[v]);
        y.push_back((*per_vertex)[g.swap.vertex[v]]);
      }
    for (std::size_t p = 0; p < tree.size(); ++p) {
      x.push_back(tree[p]);
      y.push_back(tree[static_cast<std::size_t>(g.swap.pair[p])]);
    }
    g.chain.extend(cnf, x, y);
  }
}

void break_target_symmetry(Cnf& cnf, const model::Target& target, const std::vector<std::vector<int>>& x, bool typed) {
  std::vector<std::pair<int, int>> edges;
  std::vector<int> colours;
  for (std::size_t k = 0; k < target.shape.edges.size(); ++k) {
    const auto& e = target.shape.edges[k];
    if (e.size() != 2) continue;
    edges.emplace_back(e[0], e[1]);
    colours.push_back(target.shape.edge_colour[k]);
  }
  const auto m = x.size();
  if (m == 0) return;
  if (!typed || edges.empty()) colours.clear();
  for (const auto& sigma : model::automorphism_generators(static_cast<int>(m), edges, colours)) {
    LexChain chain(cnf);
    std::vector<int> a, b;
    for (std::size_t v = 0; v < x[0].size(); ++v)
      for (std::size_t i = 0; i < m; ++i) {
        a.push_back(x[i][v]);
        b.push_back(x[static_cast<std::size_t>(sigma[i])][v]);
      }
    chain.extend(cnf, a, b);
  }
}

}  // namespace carve::encoder
