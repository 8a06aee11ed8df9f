// Unit tests of the reference semantics on hand-built states of document 000's game.
#include <gtest/gtest.h>

#include "rules/model/semantics.hpp"
#include "rules/model/target.hpp"
#include "rules/model/victory.hpp"
#include "tests/model/fixtures.hpp"

using namespace carve;
using model::EdgeElement;
using model::Move;

namespace {
model::VertexId id(const model::Game& g, const std::string& name) { return g.universe.by_name.at(name); }

Move collapse_move(const model::Game& g, std::pair<std::string, std::string> add, std::vector<std::string> path,
                   std::optional<std::string> root = std::nullopt) {
  Move m;
  m.added = EdgeElement::make("V", {id(g, add.first), id(g, add.second)});
  model::CollapsePath p;
  for (const auto& v : path) p.vertices.push_back(id(g, v));
  m.collapse = p;
  if (root) m.new_root = id(g, *root);
  return m;
}

std::string rule_of(const std::variant<model::State, model::Violation>& r) {
  auto* v = std::get_if<model::Violation>(&r);
  return v ? v->rule : "";
}
}  // namespace

TEST(DensityAutomaton, FactorAndSubsequenceReadingsDiffer) {
  using model::EdgeType;
  const std::vector<model::PatternItem> pat{{EdgeType::V, 1, 1}, {EdgeType::T, 2, -1}, {EdgeType::V, 1, 1}};
  auto factor = model::DensityAutomaton::avoid(pat, false);
  auto scattered = model::DensityAutomaton::avoid(pat, true);
  const auto T = EdgeType::T, V = EdgeType::V;
  // V T T V is forbidden either way; V T V and T T T V are fine either way.
  for (auto* a : {&factor, &scattered}) {
    EXPECT_FALSE(a->accepts({V, T, T, V}));
    EXPECT_FALSE(a->accepts({T, V, T, T, T, V, T}));
    EXPECT_TRUE(a->accepts({V, T, V}));
    EXPECT_TRUE(a->accepts({T, T, T, V, T, T}));
    EXPECT_TRUE(a->accepts({}));
  }
  // V T V T V: one tree edge between consecutive virtual edges (factor: fine), but V, T, T, V can
  // be picked out of it in order (subsequence: forbidden).
  EXPECT_TRUE(factor.accepts({V, T, V, T, V}));
  EXPECT_FALSE(scattered.accepts({V, T, V, T, V}));
  EXPECT_TRUE(factor.accepts({V, T, V, V, T, V}));
  EXPECT_FALSE(scattered.accepts({V, T, V, V, T, V}));
}

TEST(Construction, TreePairsLoopsAndScopeAreRejected) {
  auto g = fixtures::binary_tree_game(3);
  auto s0 = model::initial_state(g);
  EXPECT_TRUE(model::check_construction(g, s0, EdgeElement::make("V", {id(g, "0"), id(g, "00")})));  // a tree pair
  EXPECT_TRUE(model::check_construction(g, s0, EdgeElement::make("V", {id(g, "0"), id(g, "0")})));   // u = v
  EXPECT_FALSE(model::check_construction(g, s0, EdgeElement::make("V", {id(g, "0"), id(g, "1")})));
  g.rules.reading.set(model::Switch::Loop, "allow");
  EXPECT_FALSE(model::check_construction(g, s0, EdgeElement::make("V", {id(g, "0"), id(g, "0")})));
}

TEST(Collapse, IsObligatoryWhenALegalPathExists) {
  // From S_0 every candidate lies on a legal path: root -T-...-T- u -V- v (no second V).
  auto g = fixtures::binary_tree_game(3, "simple", "factor");
  auto s0 = model::initial_state(g);
  model::Budget b;
  Move stable;
  stable.added = EdgeElement::make("V", {id(g, "00"), id(g, "11")});
  auto r = model::apply_turn(g, s0, stable, b);
  EXPECT_EQ(rule_of(r), "3.2");
}

TEST(Collapse, PathMustTouchRootUseNewEdgeAndRespectKind) {
  auto g = fixtures::binary_tree_game(3, "simple", "factor");
  auto s0 = model::initial_state(g);
  model::Budget b;
  // Φ_root: neither end is λ.
  EXPECT_EQ(rule_of(model::apply_turn(g, s0, collapse_move(g, {"00", "11"}, {"0", "00", "11"}), b)), "2.2");
  // Φ_inc: the path avoids e_new.
  EXPECT_EQ(rule_of(model::apply_turn(g, s0, collapse_move(g, {"00", "11"}, {"lambda", "0", "00"}), b)), "2.2");
  // Not an edge at all between 0 and 11.
  EXPECT_EQ(rule_of(model::apply_turn(g, s0, collapse_move(g, {"00", "11"}, {"lambda", "0", "11"}), b)), "3.2");
  // A legal simple path.
  EXPECT_EQ(rule_of(model::apply_turn(g, s0, collapse_move(g, {"00", "11"}, {"lambda", "0", "00", "11"}), b)), "");
  // A cycle through the root: not simple, but legal as simple-or-cycle and as a walk.
  auto cyc = collapse_move(g, {"0", "1"}, {"lambda", "0", "1", "lambda"}, "lambda");
  EXPECT_EQ(rule_of(model::apply_turn(g, s0, cyc, b)), "2.2");
  auto gc = fixtures::binary_tree_game(3, "simple-or-cycle", "factor");
  EXPECT_EQ(rule_of(model::apply_turn(gc, s0, cyc, b)), "");
  auto gw = fixtures::binary_tree_game(3, "walk", "factor");
  EXPECT_EQ(rule_of(model::apply_turn(gw, s0, cyc, b)), "");
}

TEST(Collapse, DensityReadingDecidesAPath) {
  // After turn 1 adds nothing lasting, build a state with a virtual edge and check V T V T V.
  auto g = fixtures::binary_tree_game(3, "walk", "subsequence");
  auto s = model::initial_state(g);
  s.virtuals.push_back(EdgeElement::make("V", {id(g, "lambda"), id(g, "00")}));
  s.virtuals.push_back(EdgeElement::make("V", {id(g, "01"), id(g, "10")}));
  std::sort(s.virtuals.begin(), s.virtuals.end());
  // λ -V- 00 -T- 0 -V?- ... : path λ,00,0,01,10,1,11 with e_new = {01,10}? types V T T V -> forbidden.
  // Use λ -V- 00 -T- 0 then e_new {0, 110} -V-, then 110 -T- 11: types V T V T = fine for factor,
  // and V,T,?,T,? — no second V after the last T, so fine for subsequence too.
  auto m = collapse_move(g, {"0", "110"}, {"lambda", "00", "0", "110", "11"}, std::nullopt);
  model::Budget b;
  EXPECT_EQ(rule_of(model::apply_turn(g, s, m, b)), "");
  // λ -V- 00 -T- 0 -V(new)- 110 -T- 11 -V?- : extend with the virtual {01,10}? not adjacent; use
  // a path V T V T V: λ -V- 00 -T- 0 -V- 110 -T- 11 ... needs a virtual at 11: add one.
  s.virtuals.push_back(EdgeElement::make("V", {id(g, "11"), id(g, "01")}));
  std::sort(s.virtuals.begin(), s.virtuals.end());
  auto m2 = collapse_move(g, {"0", "110"}, {"lambda", "00", "0", "110", "11", "01"}, std::nullopt);
  EXPECT_EQ(rule_of(model::apply_turn(g, s, m2, b)), "2.2");  // subsequence: V,T,T,V picked out
  auto gf = fixtures::binary_tree_game(3, "walk", "factor");
  EXPECT_EQ(rule_of(model::apply_turn(gf, s, m2, b)), "");    // factor: one T between V's
}

TEST(Succession, DueWhenRootLosesChildEdgesAndNeedsAnOrphan) {
  auto g = fixtures::binary_tree_game(3, "walk", "factor");
  auto s0 = model::initial_state(g);
  model::Budget b;
  // The cycle λ,0,1,λ removes both child edges of λ: succession is due.
  auto no_root = collapse_move(g, {"0", "1"}, {"lambda", "0", "1", "lambda"});
  EXPECT_EQ(rule_of(model::apply_turn(g, s0, no_root, b)), "3.3");
  // 00 still has its parent edge {0, 00}: not an orphan.
  EXPECT_EQ(rule_of(model::apply_turn(g, s0, collapse_move(g, {"0", "1"}, {"lambda", "0", "1", "lambda"}, "00"), b)), "3.3");
  // 0 lost its parent edge {λ, 0}: an orphan.
  auto ok = model::apply_turn(g, s0, collapse_move(g, {"0", "1"}, {"lambda", "0", "1", "lambda"}, "0"), b);
  ASSERT_EQ(rule_of(ok), "");
  EXPECT_EQ(std::get<model::State>(ok).root, id(g, "0"));
  // Not due: λ keeps {λ, 1}; moving the root is illegal.
  EXPECT_EQ(rule_of(model::apply_turn(g, s0, collapse_move(g, {"0", "10"}, {"lambda", "0", "10"}, "0"), b)), "3.3");
}

TEST(Victory, IsolatedRootIsK1AndFrontierComponentsNeverWin) {
  auto g = fixtures::binary_tree_game(2, "walk", "factor");
  auto s0 = model::initial_state(g);
  model::Budget b;
  auto k1 = model::parse_target_auto("K1");
  EXPECT_FALSE(model::winning_component(g, s0, k1));
  auto r = model::apply_turn(g, s0, collapse_move(g, {"0", "1"}, {"lambda", "0", "1", "lambda"}, "lambda"), b);
  ASSERT_EQ(rule_of(r), "");
  auto c = model::winning_component(g, std::get<model::State>(r), k1);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->vertices, std::vector<model::VertexId>{id(g, "lambda")});
  // At depth 1 the nodes 0 and 1 are frontier nodes: isolated within the scope, but joined to
  // their infinite subtrees, so they are not K1.
  auto g1 = fixtures::binary_tree_game(1, "walk", "factor");
  auto r1 = model::apply_turn(g1, model::initial_state(g1), collapse_move(g1, {"0", "1"}, {"lambda", "0", "1", "lambda"}, "lambda"), b);
  ASSERT_EQ(rule_of(r1), "");
  auto comps = model::components(g1, std::get<model::State>(r1));
  int finite = 0;
  for (const auto& cc : comps) finite += cc.finite;
  EXPECT_EQ(finite, 1);  // only λ
}

TEST(Targets, SyntaxesAgreeUpToIsomorphism) {
  auto p3 = model::parse_target_auto("P3");
  EXPECT_EQ(model::parse_target_auto("a-b,c-b").canon, p3.canon);
  EXPECT_EQ(model::parse_target_auto("Bg").canon, p3.canon);  // graph6: n=3, bits 1,0,1
  EXPECT_NE(model::parse_target_auto("K3").canon, p3.canon);
  EXPECT_EQ(model::parse_target_auto("K1,3").canon, model::parse_target_auto("a-b,a-c,a-d").canon);
  EXPECT_EQ(model::parse_target_auto("C4").canon, model::parse_target_auto("a-b,b-c,c-d,d-a").canon);
  EXPECT_THROW(model::parse_target_auto("a-b,c-d"), model::TargetError);  // not connected
  EXPECT_THROW(model::parse_target_auto("a-a"), model::TargetError);      // a loop
  EXPECT_THROW(model::parse_target_auto("Bh"), model::TargetError);       // padding bit set
  EXPECT_FALSE(model::parse_target_auto("{a,b,c},{c,d}").is_graph);
}

TEST(Succession, AFrontierRootKeepsItsChildEdges) {
  // Depth 1: 0 and 1 lie on the frontier; their child edges are outside the scope and present.
  auto g = fixtures::binary_tree_game(1);
  auto s = model::initial_state(g);
  s.inherent.reset();  // every in-scope edge removed
  s.root = id(g, "0");
  EXPECT_FALSE(model::succession_due(g, s));
  s.root = id(g, "lambda");
  EXPECT_TRUE(model::succession_due(g, s));
}

// Depth 9: G' has 1022 tree edges and e_new, more than one EdgeSet holds (512), so the collapse
// is applied through a WideEdgeSet. The move adds e_new = {0, 1} and walks from λ down and back
// through the whole subtree of 0, across e_new to 1, through the subtree of 1 and back to λ:
// its types are T..T V T..T (one V, so no V T{2,} V in either reading), it starts at the root
// and uses e_new. It removes every tree edge, so λ is left alone: a finite K1. Succession is due
// (λ lost its child edges) and 0, whose parent edge is gone, is eligible.
TEST(Collapse, AWalkOverEveryEdgeOfADepthNineTreeReplays) {
  const auto g = fixtures::binary_tree_game(9);
  ASSERT_GT(g.universe.inherent.size() + 1, model::EdgeSet::kCapacity);
  std::vector<std::string> walk{"lambda"};
  auto tour = [&](auto&& self, const std::string& w) -> void {  // from w's parent: down to w, all below it, back up
    walk.push_back(w);
    if (w.size() < 9) {
      self(self, w + "0");
      self(self, w + "1");
    }
    walk.push_back(w.size() == 1 ? "lambda" : w.substr(0, w.size() - 1));
  };
  tour(tour, "0");
  walk.pop_back();  // stay at 0, then across e_new to 1
  walk.push_back("1");
  tour(tour, "10");
  tour(tour, "11");
  walk.push_back("lambda");
  const Move m = collapse_move(g, {"0", "1"}, walk, "0");
  model::Budget budget;
  const auto r = model::apply_turn(g, model::initial_state(g), m, budget);
  ASSERT_TRUE(std::holds_alternative<model::State>(r)) << std::get<model::Violation>(r).message;
  const auto& after = std::get<model::State>(r);
  EXPECT_TRUE(after.inherent.none());
  EXPECT_TRUE(after.virtuals.empty());
  auto c = model::winning_component(g, after, model::parse_target_auto("K1"));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->vertices.size(), 1u);
}

TEST(EdgeSet, AWideSetHoldsAnyNumberOfEdges) {
  model::WideEdgeSet s(2000), t(2000);
  for (std::size_t i : {0u, 700u, 1999u}) s.set(i);
  EXPECT_EQ(s.count(), 3u);
  EXPECT_EQ(s.find_first(), 0u);
  EXPECT_EQ(s.find_next(0), 700u);
  EXPECT_EQ(s.find_next(700), 1999u);
  EXPECT_EQ(s.find_next(1999), model::WideEdgeSet::npos);
  t.set(1999);
  EXPECT_TRUE(s.contains_all(t));
  EXPECT_TRUE(s.intersects(t));
  t.set(5);
  EXPECT_FALSE(s.contains_all(t));
  s.reset(700);
  s.reset(0);
  t.reset(5);
  EXPECT_EQ(s, t);
  EXPECT_EQ(s.hash(), t.hash());
}
