// One turn's collapse encoding (engines/sat/paths/collapse_route.hpp: the route the 000 encoding would
// take for the game's rules) from a given state, the state pinned by unit clauses, against the
// reference semantics: every removal set a collapsing model allows, each decoded path checked
// legal (oriented as the rules read it) and removing exactly its set; the reference's sets from
// CollapsePaths::for_each_removal; random states. Shared by walk_collapse_test and
// density_pattern_test.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/paths/collapse_route.hpp"
#include "rules/model/collapse_paths.hpp"
#include "rules/model/semantics.hpp"

namespace carve::encoder::testing {

using model::VertexId;
using PairSet = std::set<int>;

struct OneTurn {
  const model::Game& game;
  const model::State& state;
  model::EdgeElement fresh;
  ScopePairs pairs{game};
  CadicalBackend backend;
  Cnf cnf{backend};
  CollapseRoute route = collapse_route(game, pairs, cnf);
  std::map<int, int> rem;  // per pair id (tree pairs, then pairs off the tree: ids from pairs.size() on)
  int collapse = 0;
  std::vector<VertexId> last_walk;

  OneTurn(const model::Game& g, const model::State& s, const model::EdgeElement& e_new) : game(g), state(s), fresh(e_new) {
    TurnLiterals in;
    const std::size_t n = pairs.vertices(), P = pairs.size();
    auto fixed = [&](bool value) {
      const int x = cnf.var();
      cnf.clause({value ? x : -x});
      return x;
    };
    // A slot pinned to the pair {a, b}.
    auto slot_on = [&](VertexId a, VertexId b) {
      VirtualSlot sl;
      for (VertexId v = 0; v < n; ++v) {
        sl.a.push_back(fixed(v == std::min(a, b)));
        sl.b.push_back(fixed(v == std::max(a, b)));
      }
      return sl;
    };
    for (VertexId v = 0; v < n; ++v) in.root.push_back(fixed(v == s.root));
    const int np = pairs.of(e_new.slots.front(), e_new.slots.back());
    bool merged = false;
    std::vector<int> slot_pair;
    for (const auto& e : s.virtuals) {
      const int p = pairs.of(e.slots.front(), e.slots.back());
      merged = merged || p == np;
      in.slots.push_back({slot_on(e.slots.front(), e.slots.back()), fixed(true), fixed(p == np)});
      slot_pair.push_back(p);
    }
    if (!merged) {
      in.slots.push_back({slot_on(e_new.slots.front(), e_new.slots.back()), fixed(true), fixed(true)});
      slot_pair.push_back(np);
    }
    for (std::size_t p = 0; p < P; ++p) in.tree.push_back(pairs[p].tree >= 0 ? fixed(tree_present(p)) : 0);
    collapse = in.collapse = cnf.var();
    in.virtual_bound = static_cast<int>(s.virtuals.size()) + 1;
    const Removal r = route.collapse->encode(in);
    // Per pair: its tree edge's or its slot's removal (a pair carries at most one edge).
    for (std::size_t p = 0; p < P; ++p)
      if (r.tree[p] && tree_present(p)) rem[static_cast<int>(p)] = r.tree[p];
    for (std::size_t i = 0; i < slot_pair.size(); ++i) rem[slot_pair[i]] = r.slot[i];
  }

  bool tree_present(std::size_t p) const {
    return p < pairs.size() && pairs[p].tree >= 0 && state.inherent.test(static_cast<std::size_t>(pairs[p].tree));
  }

  // Every removal set of a model, each decoded path checked against the reference semantics.
  std::set<PairSet> removal_sets(std::size_t cap) {
    std::set<PairSet> out;
    model::GraphView view(game, state);
    view.set_candidate(fresh);
    model::CollapsePaths paths(game, view, state.root);
    while (out.size() <= cap && backend.solve({collapse}) == SolveStatus::Sat) {
      PairSet set;
      std::vector<int> block;
      for (const auto& [p, lit] : rem) {
        if (lit == cnf.false_lit()) continue;
        const bool r = backend.value(lit);
        if (r) set.insert(p);
        block.push_back(r ? -lit : lit);
      }
      auto cp = route.collapse->decode(0, backend);
      EXPECT_EQ(cp.vertices.front(), state.root) << "decoded path does not start at the root";
      std::vector<model::EdgeType> types;
      PairSet walked;
      for (std::size_t i = 0; i + 1 < cp.vertices.size(); ++i) {
        const int p = pairs.of(cp.vertices[i], cp.vertices[i + 1]);
        walked.insert(p);
        types.push_back(tree_present(static_cast<std::size_t>(p)) ? model::EdgeType::T : model::EdgeType::V);
      }
      legalize(route, game.rules, types, cp);
      EXPECT_EQ(paths.violation(view_path(view, cp.vertices)), std::nullopt) << "decoded path is not legal";
      EXPECT_EQ(walked, set) << "decoded path removes another set";
      last_walk = cp.vertices;
      out.insert(set);
      cnf.clause(block);
    }
    return out;
  }

  model::ViewPath view_path(const model::GraphView& view, const std::vector<VertexId>& vs) const {
    model::ViewPath vp;
    vp.vertices = vs;
    for (std::size_t i = 0; i + 1 < vs.size(); ++i) {
      const VertexId a = std::min(vs[i], vs[i + 1]), b = std::max(vs[i], vs[i + 1]);
      for (std::uint32_t e = 0; e < view.edges().size(); ++e) {
        const auto& ve = *view.edges()[e].vertices;
        if (ve.front() == a && ve.back() == b) vp.edges.push_back(e);
      }
      if (vp.edges.size() != i + 1) ADD_FAILURE() << "decoded step on an absent edge";
    }
    return vp;
  }
};

inline std::set<PairSet> reference_sets(const model::Game& game, const model::State& s, const model::EdgeElement& e_new,
                                        const ScopePairs& pairs, std::size_t cap) {
  model::GraphView view(game, s);
  view.set_candidate(e_new);
  model::CollapsePaths paths(game, view, s.root);
  model::Budget budget;
  std::set<PairSet> out;
  paths.for_each_removal(budget, [&](const model::EdgeSet& set, const model::ViewPath&) {
    PairSet ps;
    for (std::size_t e = set.find_first(); e != model::EdgeSet::npos; e = set.find_next(e)) {
      const auto& vs = *view.edges()[e].vertices;
      ps.insert(pairs.of(vs.front(), vs.back()));
    }
    out.insert(ps);
    return out.size() <= cap;
  });
  return out;
}

// Each tree edge kept with probability `keep`, up to two virtual edges on free pairs, e_new on
// a free pair, a random root.
inline model::State random_state(const model::Game& g, const ScopePairs& pairs, std::mt19937& rng, double keep,
                                 model::EdgeElement& e_new) {
  model::State s = model::initial_state(g);
  std::bernoulli_distribution coin(keep);
  for (std::size_t i = 0; i < s.inherent.size(); ++i) s.inherent[i] = coin(rng);
  // Every vertex pair, not only pairs.size(): pairs off the tree have ids only once asked for.
  std::vector<std::pair<VertexId, VertexId>> free;
  for (VertexId a = 0; a < pairs.vertices(); ++a)
    for (VertexId b = a; b < pairs.vertices(); ++b) {
      if (!pairs.can_virtual(a, b)) continue;
      const auto p = static_cast<std::size_t>(pairs.of(a, b));
      if (p >= pairs.size() || !s.inherent.test(static_cast<std::size_t>(pairs[p].tree))) free.emplace_back(a, b);
    }
  std::shuffle(free.begin(), free.end(), rng);
  const std::size_t nv = std::uniform_int_distribution<std::size_t>(0, 2)(rng);
  for (std::size_t i = 0; i < nv && i < free.size(); ++i) s.virtuals.push_back(model::EdgeElement::make("V", {free[i].first, free[i].second}));
  std::sort(s.virtuals.begin(), s.virtuals.end());
  const auto np = free[std::uniform_int_distribution<std::size_t>(0, free.size() - 1)(rng)];
  e_new = model::EdgeElement::make("V", {np.first, np.second});
  s.root = static_cast<VertexId>(std::uniform_int_distribution<std::size_t>(0, g.universe.size() - 1)(rng));
  return s;
}

// What a comparison over random states saw, for the test's own floors.
struct Agreement {
  int compared = 0, nonempty = 0;
  std::size_t sets = 0;
};

// `states` random states of `game`: the encoding's removal sets equal the reference's (states
// whose reference has more than `cap` sets are skipped).
inline Agreement agree_on_random_states(const model::Game& game, std::mt19937& rng, double keep, int states, std::size_t cap,
                                        const std::string& what) {
  Agreement a;
  const ScopePairs pairs(game);
  for (int i = 0; i < states; ++i) {
    model::EdgeElement e_new;
    const auto s = random_state(game, pairs, rng, keep, e_new);
    OneTurn turn(game, s, e_new);  // pairs off the tree are numbered per ScopePairs: compare in the turn's
    const auto want = reference_sets(game, s, e_new, turn.pairs, cap);
    if (want.size() > cap) continue;
    EXPECT_EQ(turn.removal_sets(cap), want) << what << " state " << i;
    ++a.compared;
    a.sets += want.size();
    a.nonempty += !want.empty();
  }
  return a;
}

}  // namespace carve::encoder::testing
