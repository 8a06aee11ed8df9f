// Hand-checked formulas for the rule variants a spec may state (issue 13): the succession's edge
// sets, whether the old root may be chosen again, and the victory variants (the root's component,
// containing a copy, typed isomorphism), for both encodings; and the two component helpers they
// rest on (engines/sat/frames/component_reach.hpp). Each test pins a move by assumptions and asks CaDiCaL;
// the 000 moves are also played through the reference semantics, which must say the same.
#include <gtest/gtest.h>

#include <functional>

#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/frames/component_reach.hpp"
#include "rules/model/semantics.hpp"
#include "rules/model/victory.hpp"
#include "tests/encoder/hyper_formula.hpp"
#include "tests/encoder/tree_formula.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder {
namespace {

using model::VertexId;
using testing::Formula;

model::Game tree_game(int depth, const std::string& path, bool trigger_by_conclusion, bool eligible_by_conclusion,
                      model::Succession::Choice choice = model::Succession::Choice::Any) {
  auto g = fixtures::binary_tree_game(depth, path, path == "walk" ? "subsequence" : "factor");
  g.rules.succession.trigger_by_conclusion = trigger_by_conclusion;
  g.rules.succession.eligible_by_conclusion = eligible_by_conclusion;
  g.rules.succession.choice = choice;
  return g;
}

// A 000 move given by names: e_new = {a, b}, the collapse path, the new root if any.
model::Move move(const model::Game& g, const std::string& a, const std::string& b, const std::vector<std::string>& path,
                 const std::string& root = "") {
  auto id = [&](const std::string& n) { return g.universe.by_name.at(n); };
  model::Move m;
  m.added = model::EdgeElement::make("V", {std::min(id(a), id(b)), std::max(id(a), id(b))});
  model::CollapsePath cp;
  for (const auto& n : path) cp.vertices.push_back(id(n));
  m.collapse = cp;
  if (!root.empty()) m.new_root = id(root);
  return m;
}

// The reference semantics on one move from S_0: the successor, or the rule the move breaks.
std::variant<model::State, model::Violation> play(const model::Game& g, const model::Move& m) {
  model::Budget budget;
  return model::apply_turn(g, model::initial_state(g), m, budget);
}

// The move of the first tests at depth 2: e_new = {0, 1} and the walk λ -T- 0 -V- 1 -T- λ, which
// removes both child edges of λ (and e_new); or the walk λ -T- 0 -V- 1, which keeps λ-1.
const std::vector<std::pair<std::string, std::string>> kCycle{{"lambda", "0"}, {"0", "1"}, {"1", "lambda"}};
const std::vector<std::pair<std::string, std::string>> kOpen{{"lambda", "0"}, {"0", "1"}};

// Succession swapped (`when none ParentEdge root ... where none ChildEdges`): λ has no parent
// edge, so succession falls due at every turn rooted at λ, and a new root must have lost every
// child edge -- a frontier node never has (its child edges run below the cut). After the cycle
// only λ is childless: it is the one eligible root. After the open walk λ keeps λ-1 and 0, 1 keep
// their children: succession is due and nothing is eligible, so the move is illegal.
TEST(RuleVariants, SwappedSuccessionFallsDueAtLambdaAndNeedsAChildlessRoot) {
  Formula s(tree_game(2, "walk", true, false), "K1", 1);
  std::vector<int> cycle = s.removes(0, kCycle);
  cycle.push_back(s.enc.fresh_lit(0, s.v("0"), s.v("1")));
  auto with = [&](std::vector<int> base, int extra) {
    base.push_back(extra);
    return s.solve(base);
  };
  EXPECT_EQ(with(cycle, -s.enc.trigger_lit(0)), SolveStatus::Unsat);
  EXPECT_EQ(with(cycle, s.enc.root_lit(1, s.v("lambda"))), SolveStatus::Sat);
  for (const char* other : {"0", "1", "00"}) EXPECT_EQ(with(cycle, s.enc.root_lit(1, s.v(other))), SolveStatus::Unsat) << other;
  std::vector<int> open = s.removes(0, kOpen);
  open.push_back(s.enc.fresh_lit(0, s.v("0"), s.v("1")));
  EXPECT_EQ(s.solve(open), SolveStatus::Unsat);
  // The reference semantics agrees: λ is accepted after the cycle, and after the open walk no
  // root is (nor keeping λ).
  EXPECT_TRUE(std::holds_alternative<model::State>(play(s.game, move(s.game, "0", "1", {"lambda", "0", "1", "lambda"}, "lambda"))));
  EXPECT_TRUE(std::holds_alternative<model::Violation>(play(s.game, move(s.game, "0", "1", {"lambda", "0", "1", "lambda"}, "0"))));
  for (const std::string root : {"", "lambda", "0", "1", "00"}) {
    const auto r = play(s.game, move(s.game, "0", "1", {"lambda", "0", "1"}, root));
    ASSERT_TRUE(std::holds_alternative<model::Violation>(r)) << root;
    EXPECT_EQ(std::get<model::Violation>(r).rule, "3.3") << root;
  }
}

// Both sets ChildEdges (`when none ChildEdges root ... where none ChildEdges`): the cycle leaves λ
// childless, so succession falls due and λ is the only eligible root (0 and 1 keep their
// children); the open walk keeps λ-1, so the root stays λ.
TEST(RuleVariants, ChildEdgesOnBothSides) {
  Formula s(tree_game(2, "walk", false, false), "K1", 1);
  std::vector<int> cycle = s.removes(0, kCycle);
  cycle.push_back(s.enc.fresh_lit(0, s.v("0"), s.v("1")));
  for (const char* root : {"lambda", "0", "1"}) {
    std::vector<int> a = cycle;
    a.push_back(s.enc.root_lit(1, s.v(root)));
    EXPECT_EQ(s.solve(a), std::string(root) == "lambda" ? SolveStatus::Sat : SolveStatus::Unsat) << root;
  }
  std::vector<int> open = s.removes(0, kOpen);
  open.push_back(s.enc.fresh_lit(0, s.v("0"), s.v("1")));
  open.push_back(s.enc.trigger_lit(0));
  EXPECT_EQ(s.solve(open), SolveStatus::Unsat);
  open.back() = s.enc.root_lit(1, s.v("lambda"));
  EXPECT_EQ(s.solve(open), SolveStatus::Sat);
}

// The documents' sides, the old root excluded (`choose other`, or `choose new by reroot` under
// reroot=forbid): after the cycle λ, 0 and 1 have lost their parent edges (λ never had one);
// without λ, 0 and 1 remain.
TEST(RuleVariants, OldRootExcludedWhenItMayNotReturn) {
  for (auto choice : {model::Succession::Choice::Any, model::Succession::Choice::Other, model::Succession::Choice::BySwitch}) {
    auto game = tree_game(2, "walk", false, true, choice);
    game.rules.reading.set(model::Switch::Reroot, "forbid");
    const bool back = game.rules.old_root_may_return();
    EXPECT_EQ(back, choice == model::Succession::Choice::Any);
    Formula s(std::move(game), "K1", 1);
    std::vector<int> cycle = s.removes(0, kCycle);
    cycle.push_back(s.enc.fresh_lit(0, s.v("0"), s.v("1")));
    for (const char* root : {"lambda", "0", "1"}) {
      std::vector<int> a = cycle;
      a.push_back(s.enc.root_lit(1, s.v(root)));
      const bool legal = std::string(root) != "lambda" || back;
      EXPECT_EQ(s.solve(a), legal ? SolveStatus::Sat : SolveStatus::Unsat) << root;
      EXPECT_EQ(std::holds_alternative<model::State>(play(s.game, move(s.game, "0", "1", {"lambda", "0", "1", "lambda"}, root))),
                legal)
          << root;
    }
  }
}

// Two one-turn moves at depth 3 (frontier at depth 3), simple paths, factor density:
//  apart: e_new = {10, 110}, path λ -T- 1 -T- 10 -V- 110 -T- 11 -T- 111 (T T V T T). It removes
//    λ-1, 1-10, 10-110 and 11's two child edges, so {1, 11} with the tree edge 1-11 is a finite
//    component -- K2 with a T edge -- while λ keeps λ-0 (no succession: the root stays λ, in an
//    infinite component). No vertex is left alone (10 keeps its children below the cut).
//  with the root: e_new = {0, 10}, path λ -T- 0 -V- 10 -T- 1 -T- 11 (typed_k2_tree_edge.case): it
//    leaves {λ, 1} joined by the tree edge λ-1, the root's component.
struct Depth3 {
  std::vector<std::pair<std::string, std::string>> removed;
  std::pair<std::string, std::string> added;
  std::vector<std::string> path;
};
const Depth3 kApart{{{"lambda", "1"}, {"1", "10"}, {"10", "110"}, {"110", "11"}, {"11", "111"}},
                    {"10", "110"},
                    {"lambda", "1", "10", "110", "11", "111"}};
const Depth3 kWithRoot{{{"lambda", "0"}, {"0", "10"}, {"10", "1"}, {"1", "11"}}, {"0", "10"}, {"lambda", "0", "10", "1", "11"}};

// Victory at frame 1 after the move, under the given victory and target; and the reference
// semantics' verdict on the same move, which must agree.
SolveStatus victory_after(const Depth3& m, const model::Victory& v, bool typed, const std::string& target) {
  auto game = fixtures::binary_tree_game(3, "simple", "factor");
  game.rules.victory = v;
  game.rules.victory.match = typed ? model::Victory::Match::Typed : model::Victory::Match::Incidence;
  Formula s(std::move(game), target, 1);
  std::vector<int> a = s.removes(0, m.removed);
  a.push_back(s.enc.fresh_lit(0, s.v(m.added.first), s.v(m.added.second)));
  a.push_back(s.enc.victory(1));
  const SolveStatus got = s.solve(a);
  const auto after = play(s.game, move(s.game, m.added.first, m.added.second, m.path));
  EXPECT_TRUE(std::holds_alternative<model::State>(after));
  if (const auto* st = std::get_if<model::State>(&after)) {
    EXPECT_EQ(got == SolveStatus::Sat, model::winning_component(s.game, *st, s.target).has_value()) << target;
  }
  return got;
}

model::Victory victory(model::Victory::Scope scope, model::Victory::Relation relation) {
  model::Victory v;
  v.scope = scope;
  v.relation = relation;
  return v;
}

constexpr auto kAny = model::Victory::Scope::AnyComponent;
constexpr auto kRoot = model::Victory::Scope::RootComponent;
constexpr auto kIso = model::Victory::Relation::Iso;
constexpr auto kContains = model::Victory::Relation::Contains;

TEST(RuleVariants, VictoryInTheRootsComponentOnly) {
  EXPECT_EQ(victory_after(kApart, victory(kAny, kIso), false, "K2"), SolveStatus::Sat);
  EXPECT_EQ(victory_after(kApart, victory(kRoot, kIso), false, "K2"), SolveStatus::Unsat);
  EXPECT_EQ(victory_after(kWithRoot, victory(kRoot, kIso), false, "K2"), SolveStatus::Sat);
}

// Containing a copy: {1, 11} contains K1 and K2 but not P3, and is not K1 itself; the root's
// component (infinite after `apart`, {λ, 1} after `with the root`) decides under the root scope.
TEST(RuleVariants, VictoryByContainingACopy) {
  EXPECT_EQ(victory_after(kApart, victory(kAny, kIso), false, "K1"), SolveStatus::Unsat);
  EXPECT_EQ(victory_after(kApart, victory(kAny, kContains), false, "K1"), SolveStatus::Sat);
  EXPECT_EQ(victory_after(kApart, victory(kAny, kContains), false, "K2"), SolveStatus::Sat);
  EXPECT_EQ(victory_after(kApart, victory(kAny, kContains), false, "P3"), SolveStatus::Unsat);
  EXPECT_EQ(victory_after(kApart, victory(kRoot, kContains), false, "K1"), SolveStatus::Unsat);
  EXPECT_EQ(victory_after(kWithRoot, victory(kRoot, kContains), false, "K1"), SolveStatus::Sat);
}

// Typed isomorphism: both components are one tree edge, so K2 typed T, not typed V.
TEST(RuleVariants, TypedIsomorphismKeepsTheEdgeType) {
  for (const Depth3* m : {&kApart, &kWithRoot}) {
    EXPECT_EQ(victory_after(*m, victory(kAny, kIso), true, "a-b:T"), SolveStatus::Sat);
    EXPECT_EQ(victory_after(*m, victory(kAny, kIso), true, "a-b:V"), SolveStatus::Unsat);
    EXPECT_EQ(victory_after(*m, victory(kAny, kContains), true, "a-b:V"), SolveStatus::Unsat);
  }
}

// ---------------------------------------------------------------- document 001

using Hyper = testing::HyperFormula;

using namespace testing::names;

// Root Δa, e_new = Θ(∇a,Δa,Δa,Δa,Δb). Θ_a = Θ(∇a,Δa,Δa,Δa,Δa) concludes Δa; Ω_a = Ω(Δa,Δa,Δa,Δa,∇a)
// concludes ∇a, with Δa among its premises. With Θ_a gone (a path Δa -Θ_a- ∇a -e_new- Δb) Gen(Δa)
// is empty: succession falls due and Δa is eligible -- unless the old root may not return.
TEST(RuleVariants001, OldBasePointExcludedWhenItMayNotReturn) {
  for (const char* reroot : {"allow", "forbid"}) {
    World w;
    w.sets = {{"reroot", reroot}};
    Hyper f(triangle(w), "K1", 1);
    const int e = f.enc.fresh_lit(0, f.element("Theta", {Na, Da, Da, Da, Db}));
    const int gone = -f.enc.present_lit(1, f.element("Theta", {Na, Da, Da, Da, Da}));
    EXPECT_FALSE(f.sat({e, gone, -f.enc.trigger_lit(0)})) << reroot;
    EXPECT_EQ(f.sat({e, gone, f.enc.root_lit(1, f.v(Da))}), std::string(reroot) == "allow") << reroot;
    const int theta_b = f.enc.present_lit(1, f.element("Theta", {Nb, Db, Db, Db, Db}));
    EXPECT_TRUE(f.sat({e, gone, -theta_b, f.enc.root_lit(1, f.v(Db))})) << reroot;
  }
}

// The succession swapped to `when none Premises root ... where none Gen`: the root Δa falls due
// once Ω_a (where Δa is a premise) is gone, and a new root needs Gen empty. The path Δa -Ω_a- ∇a
// -e_new- Δb removes Ω_a and keeps Θ_a: due, Δa not eligible (Θ_a concludes it), ∇a eligible
// (Ω_a, its only generator, is gone). Keeping Ω_a, the root stays.
TEST(RuleVariants001, SwappedSuccessionReadsPremisesThenGen) {
  World w;
  auto game = triangle(w);
  game.rules.succession.trigger_by_conclusion = false;
  game.rules.succession.eligible_by_conclusion = true;
  Hyper f(std::move(game), "K1", 1);
  const int e = f.enc.fresh_lit(0, f.element("Theta", {Na, Da, Da, Da, Db}));
  const int theta_a = f.enc.present_lit(1, f.element("Theta", {Na, Da, Da, Da, Da}));
  const int omega_a = f.enc.present_lit(1, f.element("Omega", {Da, Da, Da, Da, Na}));
  EXPECT_TRUE(f.sat({e, -omega_a, theta_a}));
  EXPECT_FALSE(f.sat({e, -omega_a, theta_a, -f.enc.trigger_lit(0)}));
  EXPECT_FALSE(f.sat({e, -omega_a, theta_a, f.enc.root_lit(1, f.v(Da))}));
  EXPECT_TRUE(f.sat({e, -omega_a, theta_a, f.enc.root_lit(1, f.v(Na))}));
  EXPECT_FALSE(f.sat({e, omega_a, f.enc.trigger_lit(0)}));
}

// Three variables; turn 1 adds Θ(∇b,Δb,Δb,Δb,Δc) outside the root Δa's component, so it stays
// (ℛ = ∅). Frame 1: the root's component {Δa, ∇a} with Θ_a, Ω_a (both T, the double edge); and
// {Δb, ∇b, Δc, ∇c} with Θ_b, Ω_b, Θ_c, Ω_c and e_new on {∇b, Δb, Δc} (V).
struct ThreeVariables {
  World w;
  ThreeVariables() { w.variables = {{"a", "t"}, {"b", "t"}, {"c", "t"}}; }
  bool won(const std::function<void(model::Victory&)>& change, const std::string& target) const {
    auto game = triangle(w);
    change(game.rules.victory);
    Hyper f(std::move(game), target, 1);
    return f.sat({f.enc.fresh_lit(0, f.element("Theta", {Nb, Db, Db, Db, Dc})), -f.enc.collapse_lit(0), f.enc.victory(1)});
  }
};
const std::string kDouble = "{a,b},{a,b}", kBig = "{n,d},{n,d},{m,e},{m,e},{n,d,e}";

TEST(RuleVariants001, VictoryScopeRelationAndTypes) {
  const ThreeVariables t;
  auto iso = [](model::Victory&) {};
  auto root = [](model::Victory& v) { v.scope = model::Victory::Scope::RootComponent; };
  auto contains = [](model::Victory& v) { v.relation = model::Victory::Relation::Contains; };
  auto root_contains = [](model::Victory& v) {
    v.scope = model::Victory::Scope::RootComponent;
    v.relation = model::Victory::Relation::Contains;
  };
  auto typed = [](model::Victory& v) { v.match = model::Victory::Match::Typed; };
  EXPECT_TRUE(t.won(iso, kBig));
  EXPECT_FALSE(t.won(root, kBig));
  EXPECT_TRUE(t.won(root, kDouble));
  // Containing: one edge lies in either component, a 3-vertex edge only in the other one.
  EXPECT_FALSE(t.won(iso, "{a,b}"));
  EXPECT_TRUE(t.won(contains, "{a,b}"));
  EXPECT_TRUE(t.won(contains, "{a,b,c}"));
  EXPECT_FALSE(t.won(root_contains, "{a,b,c}"));
  EXPECT_TRUE(t.won(root_contains, "{a,b}"));
  EXPECT_FALSE(t.won(contains, "{a,b},{a,b},{a,b}"));
  // Typed: the double edge is T twice; the big component's 3-vertex edge is V.
  EXPECT_TRUE(t.won(typed, "{a,b}:T,{a,b}:T"));
  EXPECT_FALSE(t.won(typed, "{a,b}:T,{a,b}:V"));
  EXPECT_TRUE(t.won(typed, "{n,d}:T,{n,d}:T,{m,e}:T,{m,e}:T,{n,d,e}:V"));
  EXPECT_FALSE(t.won(typed, "{n,d}:T,{n,d}:T,{m,e}:T,{m,e}:T,{n,d,e}:T"));
}

// ---------------------------------------------------------------- the component helpers

// The path 0 - 1 - 2 - 3 (each edge present when its literal is assumed) and a slot-like edge
// whose members are variable (vertex 3 and vertex 0 when both membership literals hold).
TEST(ComponentReach, ReachCountsEdgesAndClosedSetsStopAtTheFrontier) {
  CadicalBackend b;
  Cnf cnf(b);
  std::vector<int> at(4);
  for (auto& x : at) x = cnf.var();
  const int p01 = cnf.var(), p12 = cnf.var(), p23 = cnf.var();
  std::vector<FrameEdge> edges{{p01, {{0, 0}, {1, 0}}}, {p12, {{1, 0}, {2, 0}}}, {p23, {{2, 0}, {3, 0}}}};
  const std::vector<int> from{at[0], 0, 0, 0}, to{0, 0, 0, at[3]};
  const int two = reaches(cnf, from, to, edges, 2), three = reaches(cnf, from, to, edges, 3);
  EXPECT_EQ(b.solve({at[0], at[3], p01, p12, p23, two}), SolveStatus::Unsat);
  EXPECT_EQ(b.solve({at[0], at[3], p01, p12, p23, three}), SolveStatus::Sat);
  EXPECT_EQ(b.solve({at[0], at[3], p01, -p12, p23, three}), SolveStatus::Unsat);
  // A closed set around 0 that must avoid 3: impossible while the path is whole.
  const auto c = closed_set(cnf, from, {true, true, true, false}, edges);
  EXPECT_EQ(b.solve({at[0], p01, p12, p23}), SolveStatus::Unsat);
  EXPECT_EQ(b.solve({at[0], p01, -p12, p23}), SolveStatus::Sat);
  EXPECT_EQ(c[3], 0);
  // A slot joining 0 and 3: with it present and both memberships on, 3 is reached in one step.
  const int slot = cnf.var(), m0 = cnf.var(), m3 = cnf.var();
  edges.push_back({slot, {{0, m0}, {3, m3}}});
  const int one = reaches(cnf, from, to, edges, 1);
  EXPECT_EQ(b.solve({at[0], at[3], -p01, -p12, -p23, slot, m0, m3, one}), SolveStatus::Sat);
  EXPECT_EQ(b.solve({at[0], at[3], -p01, -p12, -p23, slot, m0, -m3, one}), SolveStatus::Unsat);
}

}  // namespace
}  // namespace carve::encoder
