// The walk collapse by edge sets (encoder/walk_collapse.hpp) against the reference semantics, one
// turn at a time from a given state: the removal sets the clauses allow are exactly the sets
// CollapsePaths::for_each_removal lists (random states, depth 2 and 3, both density readings,
// literal and lenient switches), and every decoded walk is legal and removes exactly its set.
// Two hand-checked states pin the decomposition: a walk that must cross e_new twice, and a
// middle V T V T V that factor density allows and subsequence density forbids.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <set>

#include "encoder/cadical_backend.hpp"
#include "encoder/walk_collapse.hpp"
#include "model/collapse_paths.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder {
namespace {

using model::VertexId;
using PairSet = std::set<int>;

model::Game walk_game(int depth, const std::string& density, bool lenient) {
  auto g = fixtures::binary_tree_game(depth, "walk", density);
  if (lenient) {
    g.rules.reading.set(model::Switch::Loop, "allow");
    g.rules.reading.set(model::Switch::Readd, "allow");
  }
  return g;
}

// One turn's collapse from a fixed state, the state given as unit clauses.
struct OneTurn {
  const model::Game& game;
  const model::State& state;
  model::EdgeElement fresh;
  ScopePairs pairs{game};
  CadicalBackend backend;
  Cnf cnf{backend};
  WalkCollapse walk{pairs, *WalkCollapse::reading_of(game.rules.density), cnf};
  std::map<int, int> rem;  // per pair id (tree pairs, then the pairs of virtual edges)
  int collapse = 0;

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
    for (std::size_t p = 0; p < P; ++p) {
      const bool tree = pairs[p].tree >= 0 && s.inherent.test(static_cast<std::size_t>(pairs[p].tree));
      in.tree.push_back(pairs[p].tree >= 0 ? fixed(tree) : 0);
    }
    collapse = in.collapse = cnf.var();
    in.virtual_bound = static_cast<int>(s.virtuals.size()) + 1;
    const Removal r = walk.encode(in);
    // Per pair: its tree edge's or its slot's removal (a pair carries at most one edge).
    for (std::size_t p = 0; p < P; ++p)
      if (r.tree[p] && tree_present(p)) rem[static_cast<int>(p)] = r.tree[p];
    for (std::size_t i = 0; i < slot_pair.size(); ++i) rem[slot_pair[i]] = r.slot[i];
  }

  bool tree_present(std::size_t p) const {
    return pairs[p].tree >= 0 && state.inherent.test(static_cast<std::size_t>(pairs[p].tree));
  }

  // Every removal set of a model, each decoded walk checked against the reference semantics.
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
      const auto cp = walk.decode(0, backend);
      const auto vp = view_path(view, cp.vertices);
      EXPECT_EQ(paths.violation(vp), std::nullopt) << "decoded walk is not legal";
      PairSet walked;
      for (std::size_t i = 0; i + 1 < cp.vertices.size(); ++i) walked.insert(pairs.of(cp.vertices[i], cp.vertices[i + 1]));
      EXPECT_EQ(walked, set) << "decoded walk removes another set";
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

  std::vector<VertexId> last_walk;
};

std::set<PairSet> reference_sets(const model::Game& game, const model::State& s, const model::EdgeElement& e_new,
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

model::State random_state(const model::Game& g, const ScopePairs& pairs, std::mt19937& rng, double keep, model::EdgeElement& e_new) {
  model::State s = model::initial_state(g);
  std::bernoulli_distribution coin(keep);
  for (std::size_t i = 0; i < s.inherent.size(); ++i) s.inherent[i] = coin(rng);
  std::vector<int> free;
  for (VertexId a = 0; a < pairs.vertices(); ++a)
    for (VertexId b = a; b < pairs.vertices(); ++b) {
      if (!pairs.can_virtual(a, b)) continue;
      const int p = pairs.of(a, b);
      if (pairs[static_cast<std::size_t>(p)].tree < 0 || !s.inherent.test(static_cast<std::size_t>(pairs[static_cast<std::size_t>(p)].tree)))
        free.push_back(p);
    }
  std::shuffle(free.begin(), free.end(), rng);
  const std::size_t nv = std::uniform_int_distribution<std::size_t>(0, 2)(rng);
  for (std::size_t i = 0; i < nv && i < free.size(); ++i)
    s.virtuals.push_back(model::EdgeElement::make("V", {pairs[static_cast<std::size_t>(free[i])].a, pairs[static_cast<std::size_t>(free[i])].b}));
  std::sort(s.virtuals.begin(), s.virtuals.end());
  const auto& np = pairs[static_cast<std::size_t>(free[std::uniform_int_distribution<std::size_t>(0, free.size() - 1)(rng)])];
  e_new = model::EdgeElement::make("V", {np.a, np.b});
  s.root = static_cast<VertexId>(std::uniform_int_distribution<std::size_t>(0, g.universe.size() - 1)(rng));
  return s;
}

void agree_on_random_states(int depth, double keep, int states, std::size_t cap) {
  std::mt19937 rng(20240 + static_cast<unsigned>(depth));
  int compared = 0, nonempty = 0;
  std::size_t total = 0;
  for (const std::string density : {"subsequence", "factor"})
    for (bool lenient : {false, true}) {
      const auto game = walk_game(depth, density, lenient);
      const ScopePairs pairs(game);
      for (int i = 0; i < states; ++i) {
        model::EdgeElement e_new;
        const auto s = random_state(game, pairs, rng, keep, e_new);
        OneTurn turn(game, s, e_new);  // pairs off the tree are numbered per ScopePairs: compare in the turn's
        const auto want = reference_sets(game, s, e_new, turn.pairs, cap);
        if (want.size() > cap) continue;
        const auto got = turn.removal_sets(cap);
        EXPECT_EQ(got, want) << density << (lenient ? " lenient" : " literal") << " state " << i;
        ++compared;
        total += want.size();
        nonempty += !want.empty();
      }
    }
  std::printf("depth %d: %d states compared, %d with removals, %zu removal sets in all\n", depth, compared, nonempty, total);
  EXPECT_GT(compared, states);
  EXPECT_GT(nonempty, compared / 4);
}

// A state of a depth-3 game given by names: root λ, only the listed tree edges, these virtual edges.
model::State sparse_state(const model::Game& game, const std::vector<std::pair<const char*, const char*>>& tree,
                          const std::vector<std::pair<const char*, const char*>>& virtuals) {
  const auto& u = game.universe;
  auto v = [&](const char* name) { return u.by_name.at(name); };
  model::State s = model::initial_state(game);
  s.inherent.reset();
  for (auto [a, b] : tree) s.inherent.set(u.inherent_by_slots.at({v(a), v(b)}));
  for (auto [a, b] : virtuals) s.virtuals.push_back(model::EdgeElement::make("V", {v(a), v(b)}));
  std::sort(s.virtuals.begin(), s.virtuals.end());
  s.root = v("lambda");
  return s;
}

TEST(WalkCollapse, ReadingsOfTheAutomaton) {
  EXPECT_EQ(WalkCollapse::reading_of(fixtures::binary_tree_game(2, "walk", "factor").rules.density), WalkCollapse::Density::Factor);
  EXPECT_EQ(WalkCollapse::reading_of(fixtures::binary_tree_game(2, "walk", "subsequence").rules.density),
            WalkCollapse::Density::Subsequence);
  EXPECT_EQ(WalkCollapse::reading_of(model::DensityAutomaton::avoid({{model::EdgeType::V, 1, 1}, {model::EdgeType::V, 1, 1}}, false)),
            std::nullopt);
}

TEST(WalkCollapse, RemovalSetsEqualReferenceDepth2) { agree_on_random_states(2, 0.6, 60, 4000); }
TEST(WalkCollapse, RemovalSetsEqualReferenceDepth3) { agree_on_random_states(3, 0.55, 40, 2000); }

// ρ = λ without tree edges, e_new = {λ, 00}, virtual {λ, 10}, tree edge 10-100. The set
// {λ-00, λ-10, 10-100} is removed only by a walk that goes out along e_new and back
// (λ 00 λ 10 100): legal in both readings; the decoded walk crosses e_new twice.
TEST(WalkCollapse, WalkBouncesOnNewEdge) {
  for (const std::string density : {"subsequence", "factor"}) {
    const auto game = walk_game(3, density, false);
    auto v = [&](const char* name) { return game.universe.by_name.at(name); };
    const auto s = sparse_state(game, {{"10", "100"}, {"00", "000"}}, {{"lambda", "10"}});
    const auto e_new = model::EdgeElement::make("V", {v("lambda"), v("00")});
    OneTurn turn(game, s, e_new);
    const PairSet want{turn.pairs.of(v("lambda"), v("00")), turn.pairs.of(v("lambda"), v("10")), turn.pairs.of(v("10"), v("100"))};
    std::vector<int> pin{turn.collapse};
    for (const auto& [p, lit] : turn.rem)
      if (lit != turn.cnf.false_lit()) pin.push_back(want.count(p) ? lit : -lit);
    ASSERT_EQ(turn.backend.solve(pin), SolveStatus::Sat) << density;
    EXPECT_EQ(turn.backend.value(turn.walk.middle_start_lit(0, v("lambda"))), true);
    const auto walk = turn.walk.decode(0, turn.backend).vertices;
    int crossings = 0;
    for (std::size_t i = 0; i + 1 < walk.size(); ++i) crossings += turn.pairs.of(walk[i], walk[i + 1]) == turn.pairs.of(v("lambda"), v("00"));
    EXPECT_EQ(crossings, 2) << density;
    EXPECT_TRUE(reference_sets(game, s, e_new, turn.pairs, 1000).count(want)) << density;
    EXPECT_TRUE(turn.removal_sets(1000).count(want)) << density;
  }
}

// ρ = λ without tree edges; virtual edges {λ, 00} (e_new), {000, 1}, {10, 01}; tree edges 00-000
// and 1-10. λ 00 000 1 10 01 reads V T V T V: factor density allows it, subsequence density
// does not (two T steps between the first and the last V, and the three virtual edges lie in
// three V-components, so no prefix or suffix can take a T step off the middle).
TEST(WalkCollapse, TwoTreeStepsInTheMiddleOnlyUnderFactor) {
  for (const std::string density : {"subsequence", "factor"}) {
    const auto game = walk_game(3, density, false);
    auto v = [&](const char* name) { return game.universe.by_name.at(name); };
    const auto s = sparse_state(game, {{"00", "000"}, {"1", "10"}}, {{"000", "1"}, {"10", "01"}});
    const auto e_new = model::EdgeElement::make("V", {v("lambda"), v("00")});
    OneTurn turn(game, s, e_new);
    PairSet all;
    for (auto [a, b] : {std::pair{"lambda", "00"}, {"00", "000"}, {"000", "1"}, {"1", "10"}, {"10", "01"}})
      all.insert(turn.pairs.of(v(a), v(b)));
    const bool factor = density == "factor";
    EXPECT_EQ(reference_sets(game, s, e_new, turn.pairs, 1000).count(all), factor ? 1u : 0u) << density;
    const auto got = turn.removal_sets(1000);
    EXPECT_EQ(got.count(all), factor ? 1u : 0u) << density;
    EXPECT_EQ(got, reference_sets(game, s, e_new, turn.pairs, 1000)) << density;
  }
}

}  // namespace
}  // namespace carve::encoder
