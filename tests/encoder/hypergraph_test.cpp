// The 001 encoding: hand-made formulas for each rule on tiny instances (the state, the move and
// what the rules say about it, derived by hand in the comments), and agreement with explicit
// search on the corpus and on random small variable sets and profiles.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "engines/explicit/explicit_search.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/hypergraph/hypergraph_encoding.hpp"
#include "rules/model/semantics.hpp"
#include "tests/encoder/hyper_formula.hpp"

namespace carve::encoder {
namespace {

using model::VertexId;

using Fixture = testing::HyperFormula;

using namespace testing::names;

TEST(HypergraphScope, ElementsAreTheAllowedTuplesWithParallelCopies) {
  // Two variables, one type: F* = {Δa, ∇a, Δb, ∇b}, E_Ω = Θ_a, Ω_a, Θ_b, Ω_b on {Δv, ∇v}. A tuple
  // has one ∇ and four Δ slots; with vertex set {∇a, Δa} the only tuples are Θ_a and Ω_a (E_Ω), so
  // that set has no virtual element. {∇a, Δb}: Θ(∇a,Δb,Δb,Δb,Δb) and Ω(Δb,Δb,Δb,Δb,∇a): two,
  // so with 3 turns both are kept. {∇a, Δa, Δb}: 14 + 14 surjections, 3 kept.
  const auto game = triangle(World{});
  const auto sc = hyper_scope(game, 3);
  EXPECT_EQ(sc.inherent_count, 4u);
  std::map<std::vector<VertexId>, int> per_set;
  for (std::size_t e = sc.inherent_count; e < sc.elements.size(); ++e) {
    ++per_set[sc.elements[e].edge.vertices];
    EXPECT_TRUE(model::construction_allowed(game, model::initial_state(game), sc.elements[e].edge));
  }
  const auto& u = game.universe;
  auto set = [&](std::vector<std::string> names) {
    std::vector<VertexId> ids;
    for (const auto& n : names) ids.push_back(u.by_name.at(n));
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  EXPECT_EQ(per_set.count(set({Na, Da})), 0u);
  EXPECT_EQ(per_set[set({Na, Db})], 2);
  EXPECT_EQ(per_set[set({Na, Da, Db})], 3);
  EXPECT_EQ(per_set.size(), 4u);  // {∇a, Δb}, {∇b, Δa}, {∇a, Δa, Δb}, {∇b, Δa, Δb}
  EXPECT_EQ(sc.touched_blocks, 1 + 3 * 6);
}

TEST(HypergraphRules, ObligatoryCollapseUnderWalksHasNoStableModel) {
  // S_0, root Δa, e_new = Θ(∇a,Δa,Δa,Δa,Δb) (V = {∇a, Δa, Δb}): the one-step path Δa, e_new, Δb
  // is legal, so ℛ ≠ ∅ and the player must collapse. Walks: the closed-set clauses forbid
  // stability outright.
  World w;
  w.profile = "literal";
  Fixture f(w, "K1", 1);
  const int e = f.enc.fresh_lit(0, f.element("Theta", {Na, Da, Da, Da, Db}));
  EXPECT_TRUE(f.sat({e}));
  EXPECT_FALSE(f.sat({e, -f.enc.collapse_lit(0)}));
  EXPECT_TRUE(f.sat({e, f.enc.collapse_lit(0)}));
}

TEST(HypergraphRules, ObligatoryCollapseUnderSimplePathsNeedsTheLemmaAndThenHasNoStableModel) {
  // The same move under simple paths: stability is refused lazily. The reference semantics
  // names the legal path; its lemma makes the stable model impossible, and collapsing stays.
  Fixture f(World{}, "K1", 1);
  const auto id = f.element("Theta", {Na, Da, Da, Da, Db});
  const int e = f.enc.fresh_lit(0, id);
  const auto s0 = model::initial_state(f.game);
  model::GraphView view(f.game, s0);
  view.set_candidate(f.enc.scope().elements[id].edge);
  model::CollapsePaths paths(f.game, view, s0.root);
  model::Budget b;
  const auto p = paths.find_any(b);
  ASSERT_TRUE(p);
  f.enc.add_stability_lemma(f.game, view, *p, s0.root);
  EXPECT_FALSE(f.sat({e, -f.enc.collapse_lit(0)}));
  EXPECT_TRUE(f.sat({e, f.enc.collapse_lit(0)}));
}

TEST(HypergraphRules, NoCollapseWhereNoPathReachesTheNewEdge) {
  // Three variables; e_new = Θ(∇b,Δb,Δb,Δb,Δc) lies in the components of b and c, not in the
  // root Δa's: no path from the root uses it, ℛ = ∅, so the move is stable.
  World w;
  w.variables = {{"a", "t"}, {"b", "t"}, {"c", "t"}};
  for (const auto* profile : {"literal", "simple", "trail", "cycle"}) {
    w.profile = profile;
    Fixture f(w, "K1", 1);
    const int e = f.enc.fresh_lit(0, f.element("Theta", {Nb, Db, Db, Db, Dc}));
    EXPECT_FALSE(f.sat({e, f.enc.collapse_lit(0)})) << profile;
    EXPECT_TRUE(f.sat({e, -f.enc.collapse_lit(0)})) << profile;
  }
}

TEST(HypergraphRules, SuccessionFallsDueWithGenEmptyAndTakesOnlyEligibleRoots) {
  // Root Δa, simple paths; e_new = Θ(∇a,Δa,Δa,Δa,Δb). The path Δa, Θ_a (T), ∇a, e_new (V), Δb
  // removes Θ_a, the only inherent edge concluding Δa: Gen(Δa, E'') = ∅, succession is due.
  // Eligible: Δa itself (Gen empty now); not ∇a (Ω_a concludes it, and a simple path cannot
  // take both Θ_a and Ω_a, which join the same two vertices); Δb only if the path goes on
  // through Θ_b (Δa, Θ_a, ∇a, e_new, Δb, Θ_b, ∇b: types T V T, legal). If Θ_a stays, the root
  // stays Δa.
  Fixture f(World{}, "K1", 1);
  const int e = f.enc.fresh_lit(0, f.element("Theta", {Na, Da, Da, Da, Db}));
  const auto theta_a = f.element("Theta", {Na, Da, Da, Da, Da});
  const int gone = -f.enc.present_lit(1, theta_a);
  EXPECT_TRUE(f.sat({e, gone}));
  EXPECT_FALSE(f.sat({e, gone, -f.enc.trigger_lit(0)}));
  EXPECT_TRUE(f.sat({e, gone, f.enc.root_lit(1, f.v(Da))}));
  EXPECT_FALSE(f.sat({e, gone, f.enc.root_lit(1, f.v(Na))}));
  const auto theta_b = f.element("Theta", {Nb, Db, Db, Db, Db});
  EXPECT_FALSE(f.sat({e, gone, f.enc.present_lit(1, theta_b), f.enc.root_lit(1, f.v(Db))}));
  EXPECT_TRUE(f.sat({e, gone, -f.enc.present_lit(1, theta_b), f.enc.root_lit(1, f.v(Db))}));
  EXPECT_FALSE(f.sat({e, -gone, f.enc.trigger_lit(0)}));
  EXPECT_FALSE(f.sat({e, -gone, f.enc.root_lit(1, f.v(Db))}));
}

TEST(HypergraphRules, VictoryNeedsAClosedComponentOfTheTargetsShape) {
  // S_0 with one type: every component is the double edge {Δv, ∇v} (Θ_v and Ω_v). It is a
  // double-edge target, but not a single edge (the parallel edge leaves the image) and not K1.
  for (const auto& [target, win] : std::vector<std::pair<std::string, bool>>{
           {"{a,b},{a,b}", true}, {"{a,b}", false}, {"K1", false}, {"{a,b},{b,c}", false}}) {
    Fixture f(World{}, target, 0);
    EXPECT_EQ(f.sat({f.enc.victory(0)}), win) << target;
  }
  // Two types, no mixed relation: F* = {Δ(b,b,b), ∇(a,a,a)}, no edges: K1 is there at t = 0.
  World w;
  w.types = {"s", "t"};
  w.variables = {{"a", "s"}, {"b", "t"}};
  w.r_delta = {{"t", "t", "t"}};
  w.r_nabla = {{"s", "s", "s"}};
  w.root = Db;
  Fixture f(w, "K1", 0);
  EXPECT_TRUE(f.sat({f.enc.victory(0)}));
}

TEST(HypergraphRules, DuplicateForbidRefusesAPresentTupleAndMergeAcceptsIt) {
  // Three variables; turn 1 adds Θ(∇b,Δb,Δb,Δb,Δc), outside the root Δa's component, so it
  // stays (ℛ = ∅); turn 2 chooses the same tuple again: legal under merge only.
  World w;
  w.variables = {{"a", "t"}, {"b", "t"}, {"c", "t"}};
  for (const auto* mode : {"merge", "forbid"}) {
    w.sets = {{"duplicate", mode}};
    Fixture f(w, "K1", 2);
    const auto id = f.element("Theta", {Nb, Db, Db, Db, Dc});
    EXPECT_EQ(f.sat({f.enc.fresh_lit(0, id), f.enc.fresh_lit(1, id)}), std::string(mode) == "merge") << mode;
  }
}

TEST(HypergraphRules, WalksPastTheProvedBoundsBudgetAnswerNoWinOnlyByTheOverApproximation) {
  // Under lenient (walks, formulas outside F*) the proved walk bound m·|V|·|Q| is beyond the
  // budget from the second turn on, so walks are cut shorter and the encoding is not exact: three
  // parallel edges on two formulas are out of reach in two turns (explicit search: no-win; a
  // vertex set {∇, Δ} carries at most two tuples, Θ and Ω). The bounded walks alone must not
  // say `no-win`: the answer comes from the refutation of the over-approximated collapses, and
  // says so (OverApproximation.* in over_approximation_test.cpp test that path on its own).
  World w;
  w.profile = "lenient";
  const auto game = triangle(w);
  const auto target = model::parse_target_auto("{a,b},{a,b},{a,b}");
  SatOptions so;
  so.max_turns = 2;
  const auto sat = sat_search(game, target, so);
  EXPECT_FALSE(sat.exact);
  EXPECT_EQ(sat.result.verdict, answer::Verdict::NoWin);
  EXPECT_NE(sat.result.reason.find("even with any removal of edges in place of its collapse"), std::string::npos) << sat.result.reason;
  search::Options eo;
  eo.max_turns = 2;
  EXPECT_EQ(search::explicit_search(game, target, eo).verdict, answer::Verdict::NoWin);
  // The literal reading over F* alone stays within the budget: exact, and a no-win.
  w.profile = "literal";
  const auto literal = sat_search(triangle(w), target, so);
  EXPECT_TRUE(literal.exact);
  EXPECT_EQ(literal.result.verdict, answer::Verdict::NoWin);
}

// ---------------------------------------------------------------- agreement with explicit search

TEST(HypergraphAgreement, EveryTriangleCase) {
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator("cases/triangle")) {
    const auto c = elab::load_case(entry.path().string());
    if (!c.target || !c.turns) continue;
    if (c.engine && c.engine->value == elab::Engine::Sat) continue;  // only the SAT engine decides these
    agree(c.game, *c.target, c.turns->value, entry.path().string());
    ++n;
  }
  EXPECT_GE(n, 9);
}

TEST(HypergraphAgreement, The001PlayCasesGames) {
  // The play cases of 001 fix a game (profile, switches, variables); ask each a few questions.
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator("cases/plays")) {
    const auto c = elab::load_case(entry.path().string());
    if (c.game.universe.kind != model::Universe::Kind::Deduction) continue;
    for (const auto* t : {"K1", "{a,b}", "{a,b},{b,c}", "{a,b,c}"})
      agree(c.game, model::parse_target_auto(t), 2, entry.path().string() + " " + t);
    ++n;
  }
  EXPECT_GE(n, 2);
}

TEST(HypergraphAgreement, RandomSmallVariableSetsAndProfiles) { random_agreement(20261122, 40, false); }

}  // namespace
}  // namespace carve::encoder
