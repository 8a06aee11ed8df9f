// The repository's spec and case files parse, and the AST holds what they say.
#include "text/parser/parse.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

namespace {

using namespace carve::parser;
using ::testing::ElementsAre;

template <typename T, typename V>
std::vector<const T*> all_of(const std::vector<V>& items) {
  std::vector<const T*> out;
  for (const auto& item : items)
    if (const T* p = std::get_if<T>(&item)) out.push_back(p);
  return out;
}

template <typename T, typename V>
const T& only(const std::vector<V>& items) {
  auto found = all_of<T>(items);
  EXPECT_EQ(found.size(), 1u);
  if (found.empty()) throw std::runtime_error("missing item");
  return *found.front();
}

std::vector<std::string> def_numbers(const ast::Spec& spec) {
  std::vector<std::string> out;
  for (const auto* d : all_of<ast::Def>(spec.decls)) out.push_back(d->number);
  return out;
}

const ast::Def& def(const ast::Spec& spec, const std::string& number) {
  for (const auto* d : all_of<ast::Def>(spec.decls))
    if (d->number == number) return *d;
  throw std::runtime_error("no def " + number);
}

std::string show(const ast::Term& t) {
  if (!t.is_atom()) return t.name;
  std::string s = t.name + "(";
  for (std::size_t i = 0; i < t.args.size(); ++i) s += (i ? "," : "") + show(t.args[i]);
  return s + ")";
}
std::string show(const ast::Atom& a) {
  ast::Term t;
  t.name = a.name;
  t.args = a.args;
  return show(t);
}

TEST(SpecFiles, BinaryTreeHeaderSwitchesProfiles) {
  ast::Spec spec = parse_spec_file("spec/binary_tree.carve");
  EXPECT_EQ(spec.name, "binary_tree");
  EXPECT_EQ(spec.document, "000");
  EXPECT_EQ(spec.title, "二叉树雕刻游戏");
  EXPECT_EQ(spec.loc.file, "spec/binary_tree.carve");
  EXPECT_EQ(spec.loc.line, 5);
  EXPECT_EQ(spec.loc.column, 1);
  EXPECT_EQ(spec.decls.size(), 25u);

  auto switches = all_of<ast::Switch>(spec.decls);
  std::vector<std::string> names;
  for (const auto* s : switches) names.push_back(s->name);
  EXPECT_THAT(names, ElementsAre("path", "density", "loop", "duplicate", "readd", "start-win", "reroot", "iso"));
  const ast::Switch& path = *switches[0];
  EXPECT_EQ(path.loc.line, 8);
  EXPECT_EQ(path.loc.column, 1);
  ASSERT_EQ(path.values.size(), 4u);
  EXPECT_EQ(path.values[0].name, "walk");
  EXPECT_EQ(path.values[3].name, "simple-or-cycle");
  EXPECT_EQ(path.values[3].loc.line, 12);
  EXPECT_EQ(path.values[3].loc.column, 3);
  EXPECT_EQ(path.values[1].doc, "no edge is used twice");

  auto profiles = all_of<ast::Profile>(spec.decls);
  ASSERT_EQ(profiles.size(), 5u);
  EXPECT_EQ(profiles[0]->name, "literal");
  EXPECT_FALSE(profiles[0]->extends.has_value());
  EXPECT_EQ(profiles[0]->assignments.size(), 8u);
  const ast::Profile& simple = *profiles[1];
  EXPECT_EQ(simple.name, "simple");
  EXPECT_EQ(simple.extends, "literal");
  ASSERT_EQ(simple.assignments.size(), 2u);
  EXPECT_EQ(simple.assignments[1].switch_name, "density");
  EXPECT_EQ(simple.assignments[1].value, "factor");
  EXPECT_EQ(simple.assignments[0].loc.line, 48);
  EXPECT_EQ(simple.assignments[0].loc.column, 3);
}

TEST(SpecFiles, BinaryTreeDefs) {
  ast::Spec spec = parse_spec_file("spec/binary_tree.carve");
  EXPECT_THAT(def_numbers(spec), ElementsAre("1.1", "1.2", "1.3", "2.1", "2.1.1", "2.1.2", "2.1.3",
                                             "2.2", "3.1", "3.2", "3.3", "4"));
  const ast::Def& d11 = def(spec, "1.1");
  EXPECT_EQ(d11.title, "全空间拓扑 Ω");
  ASSERT_EQ(d11.body.size(), 2u);
  const auto& vertices = std::get<ast::VerticesStmt>(d11.body[0]);
  EXPECT_EQ(vertices.alphabet, "01");
  EXPECT_EQ(vertices.root, "lambda");
  EXPECT_EQ(vertices.loc.line, 62);
  EXPECT_EQ(vertices.loc.column, 3);
  const auto& inherent = std::get<ast::InherentStmt>(d11.body[1]);
  EXPECT_EQ(inherent.edge_type, "T");
  EXPECT_EQ(inherent.alphabet, "01");

  const auto& edges = std::get<ast::EdgesStmt>(def(spec, "1.2").body[0]);
  EXPECT_THAT(edges.types, ElementsAre("T", "V"));
  EXPECT_EQ(std::get<ast::InitialStmt>(def(spec, "1.2").body[2]).root, "lambda");
  const auto& target = std::get<ast::TargetStmt>(def(spec, "1.3").body[0]);
  EXPECT_EQ(target.kind, ast::TargetKind::Graph);
  EXPECT_THAT(target.properties, ElementsAre("finite", "simple", "connected"));

  const auto& dense = std::get<ast::PredicateStmt>(def(spec, "2.1.1").body[0]);
  EXPECT_EQ(dense.name, "dense");
  EXPECT_EQ(dense.body.kind, ast::PredicateKind::Avoid);
  EXPECT_EQ(dense.body.by_switch, "density");
  ASSERT_EQ(dense.body.pattern.size(), 3u);
  EXPECT_EQ(dense.body.pattern[0].edge_type, "V");
  EXPECT_FALSE(dense.body.pattern[0].repeat.has_value());
  ASSERT_TRUE(dense.body.pattern[1].repeat.has_value());
  EXPECT_EQ(dense.body.pattern[1].repeat->min, 2);
  EXPECT_FALSE(dense.body.pattern[1].repeat->max.has_value());
  EXPECT_EQ(dense.body.pattern[1].loc.line, 79);
  EXPECT_EQ(dense.body.pattern[1].loc.column, 30);
  EXPECT_EQ(std::get<ast::PredicateStmt>(def(spec, "2.1.2").body[0]).body.kind,
            ast::PredicateKind::EndpointRoot);
  EXPECT_EQ(std::get<ast::PredicateStmt>(def(spec, "2.1.3").body[0]).body.kind,
            ast::PredicateKind::ContainsNew);
  const auto& paths = std::get<ast::PathsStmt>(def(spec, "2.2").body[0]);
  EXPECT_EQ(paths.name, "R");
  EXPECT_THAT(paths.predicates, ElementsAre("root", "dense", "inc"));
  EXPECT_EQ(std::get<ast::PathStmt>(def(spec, "2.1").body[0]).kind_switch, "path");
  const auto& construct = std::get<ast::ConstructStmt>(def(spec, "3.1").body[0]);
  EXPECT_EQ(construct.name, "new");
  EXPECT_EQ(construct.kind, ast::ConstructKind::Pair);
  EXPECT_EQ(std::get<ast::CollapseStmt>(def(spec, "3.2").body[0]).paths, "R");

  const ast::Def& d33 = def(spec, "3.3");
  ASSERT_EQ(d33.body.size(), 3u);
  EXPECT_EQ(std::get<ast::EdgesetStmt>(d33.body[0]).side, ast::EdgeSide::Premise);
  EXPECT_EQ(std::get<ast::EdgesetStmt>(d33.body[1]).name, "ParentEdge");
  EXPECT_EQ(std::get<ast::EdgesetStmt>(d33.body[1]).side, ast::EdgeSide::Conclusion);
  const auto& succ = std::get<ast::SuccessionStmt>(d33.body[2]);
  EXPECT_EQ(succ.when_none, "ChildEdges");
  EXPECT_EQ(succ.choose, "new");
  EXPECT_EQ(succ.choose_switch, "reroot");
  EXPECT_EQ(succ.where_none, "ParentEdge");
  EXPECT_EQ(succ.loc.line, 101);

  const ast::Def& d4 = def(spec, "4");
  ASSERT_EQ(d4.body.size(), 3u);
  EXPECT_TRUE(std::holds_alternative<ast::ComponentsStmt>(d4.body[0]));
  EXPECT_EQ(std::get<ast::IsomorphismStmt>(d4.body[1]).kind, "iso");
  EXPECT_TRUE(std::get<ast::IsomorphismStmt>(d4.body[1]).by_switch);
  EXPECT_TRUE(std::holds_alternative<ast::VictoryStmt>(d4.body[2]));
  EXPECT_EQ(std::get<ast::VictoryStmt>(d4.body[2]).loc.line, 108);
  EXPECT_EQ(std::get<ast::VictoryStmt>(d4.body[2]).scope, ast::VictoryScope::AnyComponent);
  EXPECT_EQ(std::get<ast::VictoryStmt>(d4.body[2]).relation, ast::VictoryRelation::Iso);
}

TEST(SpecFiles, Triangle) {
  ast::Spec spec = parse_spec_file("spec/triangle.carve");
  EXPECT_EQ(spec.name, "triangle");
  EXPECT_EQ(spec.document, "001");
  EXPECT_THAT(def_numbers(spec),
              ElementsAre("1.1", "1.2", "1.3", "1.4", "2.1", "2.2", "2.3", "3.1", "3.2.1", "3.2.2",
                          "3.2.3", "3.3", "IV.1", "IV.2", "IV.3", "5.1", "V"));
  auto switches = all_of<ast::Switch>(spec.decls);
  ASSERT_EQ(switches.size(), 7u);
  EXPECT_EQ(switches[3]->name, "virtual-scope");
  EXPECT_EQ(switches[3]->values[1].name, "formulas");
  // "\\" in the source is one backslash in the value
  EXPECT_EQ(switches[3]->values[1].doc,
            "any e_new ∈ U \\ E_Ω; formulas outside F* join the hypergraph as vertices");

  const ast::Def& d11 = def(spec, "1.1");
  ASSERT_EQ(d11.body.size(), 4u);
  EXPECT_TRUE(std::holds_alternative<ast::TypesStmt>(d11.body[0]));
  EXPECT_TRUE(std::holds_alternative<ast::VariablesStmt>(d11.body[1]));
  EXPECT_EQ(std::get<ast::RelationStmt>(d11.body[2]).name, "R_delta");
  EXPECT_EQ(std::get<ast::RelationStmt>(d11.body[3]).arity, 3);

  const auto& formula = std::get<ast::FormulaStmt>(def(spec, "1.2").body[1]);
  EXPECT_EQ(formula.name, "Nabla");
  EXPECT_THAT(formula.params, ElementsAre("x", "y", "z"));
  EXPECT_THAT(formula.when, ElementsAre("x", "y", "z"));
  EXPECT_EQ(formula.relation, "R_nabla");

  const auto& op = std::get<ast::OperatorStmt>(def(spec, "1.3").body[0]);
  EXPECT_EQ(op.name, "Theta");
  ASSERT_EQ(op.slots.size(), 5u);
  EXPECT_EQ(op.slots[0].name, "n");
  EXPECT_EQ(op.slots[0].formula, "Nabla");
  EXPECT_EQ(op.slots[4].name, "d_base");
  EXPECT_EQ(op.conclusion, "d_base");

  const ast::Def& d14 = def(spec, "1.4");
  ASSERT_EQ(d14.body.size(), 7u);
  const auto& axiom = std::get<ast::AxiomStmt>(d14.body[0]);
  EXPECT_EQ(show(axiom.atom), "Delta(x,x,x)");
  EXPECT_EQ(axiom.loc.line, 72);
  EXPECT_EQ(axiom.atom.loc.column, 9);
  const auto& theta = std::get<ast::RuleStmt>(d14.body[2]);
  EXPECT_EQ(theta.name, "theta");
  EXPECT_EQ(show(theta.head),
            "Theta(Nabla(a,b,c),Delta(a,x,y),Delta(b,y,z),Delta(c,z,x),Delta(x,y,z))");
  ASSERT_EQ(theta.body.size(), 4u);
  EXPECT_EQ(show(theta.body[0]), "Nabla(a,b,c)");
  EXPECT_EQ(show(theta.body[3]), "Delta(c,z,x)");
  EXPECT_EQ(theta.loc.line, 74);
  EXPECT_EQ(theta.body[0].loc.line, 75);
  EXPECT_EQ(theta.body[0].loc.column, 10);
  // the nested term Nabla(a, b, c) in the head, and its first argument
  EXPECT_TRUE(theta.head.args[0].is_atom());
  EXPECT_EQ(theta.head.args[0].loc.column, 21);
  EXPECT_EQ(theta.head.args[0].args[0].loc.column, 27);
  const auto& rotate = std::get<ast::RuleStmt>(d14.body[4]);
  EXPECT_EQ(show(rotate.head), "Delta(y,z,x)");
  EXPECT_EQ(show(rotate.body[0]), "Delta(x,y,z)");
  EXPECT_TRUE(std::holds_alternative<ast::UniverseStmt>(d14.body[6]));

  EXPECT_EQ(std::get<ast::InitialStmt>(def(spec, "2.1").body[2]).root, "param");
  EXPECT_EQ(std::get<ast::TargetStmt>(def(spec, "2.3").body[0]).kind, ast::TargetKind::Hypergraph);
  EXPECT_EQ(std::get<ast::ConstructStmt>(def(spec, "IV.1").body[0]).kind,
            ast::ConstructKind::Operator);
  const auto& succ = std::get<ast::SuccessionStmt>(def(spec, "IV.3").body[0]);
  EXPECT_EQ(succ.choose, "new");
  EXPECT_EQ(def(spec, "V").loc.line, 129);
}

TEST(CaseFiles, P3Depth4) {
  ast::CaseFile c = parse_case_file("cases/binary_tree/simple/p3_d4.case");
  EXPECT_EQ(c.title, "P3, depth 4, simple paths");
  ASSERT_EQ(c.items.size(), 6u);
  EXPECT_EQ(std::get<ast::SpecItem>(c.items[0]).path, "../../../spec/binary_tree.carve");
  EXPECT_EQ(std::get<ast::ProfileItem>(c.items[1]).name, "simple");
  const auto& target = std::get<ast::TargetItem>(c.items[2]);
  EXPECT_EQ(target.target.kind, ast::CaseTargetKind::Named);
  EXPECT_EQ(target.target.text, "P3");
  EXPECT_EQ(target.loc.line, 5);
  EXPECT_EQ(target.target.loc.column, 10);
  EXPECT_EQ(std::get<ast::DepthItem>(c.items[3]).depth, 4);
  EXPECT_EQ(std::get<ast::TurnsItem>(c.items[4]).turns, 3);
  const auto& expect = std::get<ast::ExpectItem>(c.items[5]);
  EXPECT_EQ(expect.expectation.kind, ast::ExpectKind::WinIn);
  EXPECT_EQ(expect.expectation.turn, 2);
  EXPECT_EQ(expect.loc.line, 8);
  EXPECT_EQ(expect.expectation.loc.column, 10);
}

TEST(CaseFiles, TriangleExample) {
  ast::CaseFile c = parse_case_file("tests/parser/data/triangle_example.case");
  ASSERT_EQ(c.items.size(), 10u);
  EXPECT_THAT(only<ast::TypesItem>(c.items).types, ElementsAre("t"));
  const auto& vars = only<ast::VariablesItem>(c.items).vars;
  ASSERT_EQ(vars.size(), 2u);
  EXPECT_EQ(vars[1].name, "y");
  EXPECT_EQ(vars[1].type, "t");
  EXPECT_EQ(vars[1].loc.column, 19);
  auto relations = all_of<ast::RelationItem>(c.items);
  ASSERT_EQ(relations.size(), 2u);
  EXPECT_EQ(relations[1]->name, "R_nabla");
  ASSERT_EQ(relations[1]->tuples.size(), 1u);
  EXPECT_THAT(relations[1]->tuples[0].elems, ElementsAre("t", "t", "t"));
  const auto& root = only<ast::RootItem>(c.items);
  EXPECT_EQ(root.vertex.kind, ast::VertexKind::Atom);
  EXPECT_EQ(show(root.vertex.atom), "Delta(x,x,x)");
  EXPECT_EQ(root.vertex.loc.line, 9);
  EXPECT_EQ(root.vertex.loc.column, 8);
  const auto& target = only<ast::TargetItem>(c.items).target;
  EXPECT_EQ(target.kind, ast::CaseTargetKind::Hyperedges);
  EXPECT_EQ(target.text, "{a,b}");
  EXPECT_EQ(only<ast::ExpectItem>(c.items).expectation.kind, ast::ExpectKind::NoWin);
}

TEST(CaseFiles, K1CyclePlay) {
  ast::CaseFile c = parse_case_file("tests/parser/data/k1_cycle.case");
  ASSERT_EQ(c.items.size(), 7u);
  const auto& play = only<ast::PlayItem>(c.items);
  ASSERT_EQ(play.turns.size(), 1u);
  const ast::Turn& turn = play.turns[0];
  EXPECT_EQ(turn.loc.line, 8);
  EXPECT_EQ(turn.loc.column, 5);
  EXPECT_EQ(turn.edge.kind, ast::EdgeKind::Pair);
  EXPECT_EQ(turn.edge.u.kind, ast::VertexKind::Word);
  EXPECT_EQ(turn.edge.u.word, "0");
  EXPECT_EQ(turn.edge.v.word, "1");
  EXPECT_EQ(turn.edge.v.loc.column, 18);
  EXPECT_FALSE(turn.stable);
  ASSERT_EQ(turn.steps.size(), 4u);
  EXPECT_EQ(turn.steps[0].kind, ast::VertexKind::Lambda);
  EXPECT_EQ(turn.steps[1].word, "0");
  EXPECT_EQ(turn.steps[2].word, "1");
  EXPECT_EQ(turn.steps[3].kind, ast::VertexKind::Lambda);
  EXPECT_EQ(turn.steps[3].loc.column, 45);
  EXPECT_EQ(turn.root.kind, ast::RootChoiceKind::Vertex);
  EXPECT_EQ(turn.root.vertex.kind, ast::VertexKind::Lambda);
  const auto& claim = only<ast::ClaimItem>(c.items);
  ASSERT_EQ(claim.component.size(), 1u);
  EXPECT_EQ(claim.component[0].kind, ast::VertexKind::Lambda);
  const auto& expect = only<ast::ExpectItem>(c.items).expectation;
  EXPECT_EQ(expect.kind, ast::ExpectKind::WinAt);
  EXPECT_EQ(expect.turn, 1);
}

TEST(RepositoryFiles, EverySpecAndCaseFileParses) {
  namespace fs = std::filesystem;
  int specs = 0, cases = 0;
  for (const char* dir : {"spec", "cases"}) {
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      const std::string path = entry.path().string();
      const std::string ext = entry.path().extension().string();
      if (ext == ".carve") {
        EXPECT_NO_THROW((void)parse_spec_file(path)) << path;
        ++specs;
      } else if (ext == ".case" || ext == ".witness") {
        EXPECT_NO_THROW((void)parse_case_file(path)) << path;
        ++cases;
      }
    }
  }
  EXPECT_GE(specs, 2);
  EXPECT_GE(cases, 3);
}

}  // namespace
