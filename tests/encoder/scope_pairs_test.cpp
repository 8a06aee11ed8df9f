// The linear scope structures of the 000 encoding against brute force on small trees: ScopePairs'
// "next pair towards r" and "separates" against breadth-first search over the tree edges; pair
// numbering; and the models of the clause blocks built on them -- a virtual slot (A <= B, the
// pairs that may carry a virtual edge), a tree closure (the connected sets of tree pairs holding
// the anchor) and a tree path (exactly the tree path between its two ends) -- enumerated with
// CaDiCaL and compared with the sets listed by hand.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <set>

#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/frames/scope_pairs.hpp"
#include "engines/sat/paths/tree_path.hpp"
#include "engines/sat/frames/virtual_slots.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder {
namespace {

using model::VertexId;

// The tree pairs on the path from r to v, by breadth-first search over the tree edges.
std::vector<int> tree_path_pairs(const ScopePairs& pairs, VertexId r, VertexId v) {
  std::map<VertexId, int> via{{r, -1}};
  std::deque<VertexId> q{r};
  while (!q.empty()) {
    const VertexId x = q.front();
    q.pop_front();
    for (int p : pairs.pairs_at(x)) {
      const VertexId y = pairs.other(static_cast<std::size_t>(p), x);
      if (via.emplace(y, p).second) q.push_back(y);
    }
  }
  std::vector<int> out;
  for (VertexId x = v; x != r; x = pairs.other(static_cast<std::size_t>(via.at(x)), x)) out.push_back(via.at(x));
  return out;  // from v's end towards r
}

TEST(ScopePairs, TowardAndSeparatesAgreeWithBreadthFirstSearch) {
  for (int depth = 1; depth <= 4; ++depth) {
    const auto game = fixtures::binary_tree_game(depth);
    const ScopePairs pairs(game);
    ASSERT_EQ(pairs.size(), game.universe.inherent.size());
    for (VertexId r = 0; r < pairs.vertices(); ++r)
      for (std::size_t p = 0; p < pairs.size(); ++p) {
        // The next pair from p towards r: on the path from p's far end to r, the pair after p.
        const VertexId a = pairs[p].a, b = pairs[p].b;
        const auto from_a = tree_path_pairs(pairs, r, a), from_b = tree_path_pairs(pairs, r, b);
        const auto& longer = from_a.size() > from_b.size() ? from_a : from_b;
        const int want = longer.size() >= 2 ? longer[1] : -1;
        EXPECT_EQ(pairs.toward(r, p), want) << "depth " << depth << " r " << r << " p " << p;
        for (VertexId v = 0; v < pairs.vertices(); ++v) {
          const auto path = tree_path_pairs(pairs, r, v);
          const bool on = std::find(path.begin(), path.end(), static_cast<int>(p)) != path.end();
          EXPECT_EQ(pairs.separates(p, r, v), on) << "depth " << depth;
        }
      }
  }
}

TEST(ScopePairs, EveryPairHasOneIdTreePairsFirst) {
  for (const char* loop : {"forbid", "allow"}) {
    auto game = fixtures::binary_tree_game(3);
    game.rules.reading.set(model::Switch::Loop, loop);
    const ScopePairs pairs(game);
    const std::size_t n = pairs.vertices();
    std::set<int> ids;
    std::size_t free = 0;
    for (VertexId a = 0; a < n; ++a)
      for (VertexId b = a; b < n; ++b) {
        const int p = pairs.of(a, b);
        EXPECT_EQ(p, pairs.of(b, a));
        if (a == b && std::string(loop) == "forbid") {
          EXPECT_EQ(p, -1);
          continue;
        }
        ASSERT_GE(p, 0);
        EXPECT_TRUE(ids.insert(p).second) << "one id per pair";
        const auto& pr = pairs[static_cast<std::size_t>(p)];
        EXPECT_EQ(std::minmax(pr.a, pr.b), std::minmax(a, b));
        const bool tree = game.universe.inherent_by_slots.count({a, b}) > 0;
        EXPECT_EQ(static_cast<std::size_t>(p) < pairs.size(), tree);
        EXPECT_EQ(pr.tree >= 0, tree);
        free += !tree;
      }
    EXPECT_EQ(pairs.free_pairs(), free) << loop;
  }
}

// Every model of `lits` (projected on them), by blocking clauses.
std::set<std::vector<bool>> models(CadicalBackend& solver, Cnf& cnf, const std::vector<int>& lits,
                                   const std::vector<int>& assume = {}) {
  std::set<std::vector<bool>> out;
  const int guard = cnf.var();  // blocking clauses hold only under this run's guard
  std::vector<int> a = assume;
  a.push_back(guard);
  while (solver.solve(a) == SolveStatus::Sat) {
    std::vector<bool> m;
    std::vector<int> block{-guard};
    for (int l : lits) {
      m.push_back(solver.value(l));
      block.push_back(solver.value(l) ? -l : l);
    }
    out.insert(m);
    cnf.clause(block);
  }
  return out;
}

TEST(VirtualSlots, ModelsAreThePairsThatMayCarryAVirtualEdge) {
  for (const char* loop : {"forbid", "allow"})
    for (const char* readd : {"forbid", "allow"}) {
      auto game = fixtures::binary_tree_game(2);
      game.rules.reading.set(model::Switch::Loop, loop);
      game.rules.reading.set(model::Switch::Readd, readd);
      const ScopePairs pairs(game);
      CadicalBackend solver;
      Cnf cnf(solver);
      const VirtualSlot slot = make_slot(cnf, pairs);
      std::vector<int> lits = slot.a;
      lits.insert(lits.end(), slot.b.begin(), slot.b.end());
      std::set<std::pair<VertexId, VertexId>> got, want;
      const std::size_t n = pairs.vertices();
      for (const auto& m : models(solver, cnf, lits)) {
        VertexId a = 0, b = 0;
        for (VertexId v = 0; v < n; ++v) {
          if (m[v]) a = v;
          if (m[n + v]) b = v;
        }
        got.insert({a, b});
      }
      for (VertexId a = 0; a < n; ++a)
        for (VertexId b = a; b < n; ++b)
          if (pairs.can_virtual(a, b)) want.insert({a, b});
      // Loops only under loop=allow; tree pairs only under readd=allow.
      EXPECT_EQ(got, want) << loop << " " << readd;
      EXPECT_EQ(want.size(), pairs.free_pairs() + (std::string(readd) == "allow" ? pairs.size() : 0));
    }
}

// One-hot literals over the vertices, pinned to v by the returned assumptions.
std::vector<int> pin(const std::vector<int>& row, VertexId v) {
  std::vector<int> out;
  for (VertexId u = 0; u < row.size(); ++u) out.push_back(u == v ? row[u] : -row[u]);
  return out;
}

TEST(TreePath, ClosureModelsAreTheConnectedSetsHoldingTheAnchor) {
  const auto game = fixtures::binary_tree_game(2);
  const ScopePairs pairs(game);
  const std::size_t n = pairs.vertices(), P = pairs.size();
  CadicalBackend solver;
  Cnf cnf(solver);
  std::vector<int> anchor(n), set(P);
  for (auto& x : anchor) x = cnf.var();
  for (auto& x : set) x = cnf.var();
  cnf.exactly_one(anchor);
  tree_closure(cnf, pairs, anchor, set);
  for (VertexId r = 0; r < n; ++r) {
    std::set<std::vector<bool>> want;
    for (unsigned mask = 0; mask < (1u << P); ++mask) {
      // Connected and holding r (or empty): grow from r along pairs of the mask.
      std::set<VertexId> reached{r};
      unsigned used = 0;
      for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t p = 0; p < P; ++p)
          if ((mask >> p & 1u) && !(used >> p & 1u) && (reached.count(pairs[p].a) || reached.count(pairs[p].b))) {
            used |= 1u << p;
            reached.insert(pairs[p].a);
            reached.insert(pairs[p].b);
            grew = true;
          }
      }
      if (used != mask) continue;
      std::vector<bool> m;
      for (std::size_t p = 0; p < P; ++p) m.push_back(mask >> p & 1u);
      want.insert(m);
    }
    EXPECT_EQ(models(solver, cnf, set, pin(anchor, r)), want) << "anchor " << r;
  }
}

TEST(TreePath, ModelsAreExactlyTheTreePathBetweenTheEnds) {
  const auto game = fixtures::binary_tree_game(3);
  const ScopePairs pairs(game);
  const std::size_t n = pairs.vertices(), P = pairs.size();
  CadicalBackend solver;
  Cnf cnf(solver);
  std::vector<int> from(n), to(n), set(P);
  for (auto& x : from) x = cnf.var();
  for (auto& x : to) x = cnf.var();
  for (auto& x : set) x = cnf.var();
  cnf.exactly_one(from);
  cnf.exactly_one(to);
  tree_path(cnf, pairs, from, to, set);
  for (VertexId r = 0; r < n; ++r)
    for (VertexId v = 0; v < n; ++v) {
      auto assume = pin(from, r);
      const auto t = pin(to, v);
      assume.insert(assume.end(), t.begin(), t.end());
      std::vector<bool> want(P, false);
      for (int p : tree_path_pairs(pairs, r, v)) want[static_cast<std::size_t>(p)] = true;
      EXPECT_EQ(models(solver, cnf, set, assume), std::set<std::vector<bool>>{want}) << r << " to " << v;
    }
}

}  // namespace
}  // namespace carve::encoder
