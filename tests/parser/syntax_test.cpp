// Lexical and syntactic features on small inline sources.
#include "text/parser/parse.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <variant>

namespace {

using namespace carve::parser;
using ::testing::ElementsAre;

const std::string kHeader = "spec s;\n";

ast::Def one_def(const std::string& body) {
  ast::Spec spec = parse_spec(kHeader + "def \"1\" {\n" + body + "\n}\n", "t.carve");
  EXPECT_EQ(spec.decls.size(), 1u);
  return std::get<ast::Def>(spec.decls.at(0));
}

ast::CaseFile one_case(const std::string& items) {
  return parse_case("case \"c\" {\n" + items + "\n}\n", "t.case");
}

TEST(Syntax, MinimalSpecWithoutTrailingNewline) {
  ast::Spec spec = parse_spec("spec minimal;", "m.carve");
  EXPECT_EQ(spec.name, "minimal");
  EXPECT_FALSE(spec.document.has_value());
  EXPECT_FALSE(spec.title.has_value());
  EXPECT_TRUE(spec.decls.empty());
}

TEST(Syntax, DefWithoutTitleAndEmptyBody) {
  ast::Spec spec = parse_spec("spec s; def \"2.1\" {} // done", "t.carve");
  const auto& d = std::get<ast::Def>(spec.decls.at(0));
  EXPECT_EQ(d.number, "2.1");
  EXPECT_FALSE(d.title.has_value());
  EXPECT_TRUE(d.body.empty());
  EXPECT_EQ(d.loc.column, 9);
}

TEST(Syntax, UnicodeSynonyms) {
  ast::Def d = one_def("  axiom Δ(x, x, x);\n  rule r: ∇(a, b, c) <- Δ(a, b, c);\n  vertices words \"01\" root λ;");
  ASSERT_EQ(d.body.size(), 3u);
  EXPECT_EQ(std::get<ast::AxiomStmt>(d.body[0]).atom.name, "Delta");
  const auto& rule = std::get<ast::RuleStmt>(d.body[1]);
  EXPECT_EQ(rule.head.name, "Nabla");
  EXPECT_EQ(rule.body.at(0).name, "Delta");
  // columns count code points: "  rule r: ∇(a, b, c) <- " -> Δ is at column 25
  EXPECT_EQ(rule.body.at(0).loc.column, 25);
  EXPECT_EQ(std::get<ast::VerticesStmt>(d.body[2]).root, "lambda");

  ast::CaseFile c = one_case("play { turn add {λ, 0} stable root λ; }");
  const auto& turn = std::get<ast::PlayItem>(c.items.at(0)).turns.at(0);
  EXPECT_EQ(turn.edge.u.kind, ast::VertexKind::Lambda);
  EXPECT_EQ(turn.root.vertex.kind, ast::VertexKind::Lambda);
}

TEST(Syntax, CrlfLineEndingsAndTabs) {
  std::string text = "spec s;\r\n// comment é\r\n\tdef \"1\" {\r\n\t\tcollapse R;\r\n}\r\n";
  ast::Spec spec = parse_spec(text, "crlf.carve");
  const auto& d = std::get<ast::Def>(spec.decls.at(0));
  EXPECT_EQ(d.loc.line, 3);
  EXPECT_EQ(d.loc.column, 2);  // a tab is one column
  const auto& c = std::get<ast::CollapseStmt>(d.body.at(0));
  EXPECT_EQ(c.paths, "R");
  EXPECT_EQ(c.loc.line, 4);
  EXPECT_EQ(c.loc.column, 3);
}

TEST(Syntax, Utf8InStringsAndEscapes) {
  ast::Spec spec = parse_spec(
      "spec s title \"三角 \\\"quoted\\\" back\\\\slash\"; // 注释 ∇\n", "u.carve");
  EXPECT_EQ(spec.title, "三角 \"quoted\" back\\slash");
}

TEST(Syntax, KeywordsAreDistinctFromLongerIdentifiers) {
  // `paths` is not `path` + `s`; `edges-x` is one identifier, not the keyword `edges`.
  ast::Def d = one_def("paths pathsX = a and b-c and and;\n  collapse edges-x;\n  edges T;");
  const auto& p = std::get<ast::PathsStmt>(d.body.at(0));
  EXPECT_EQ(p.name, "pathsX");
  EXPECT_THAT(p.predicates, ElementsAre("a", "b-c", "and"));
  EXPECT_EQ(std::get<ast::CollapseStmt>(d.body.at(1)).paths, "edges-x");
  EXPECT_THAT(std::get<ast::EdgesStmt>(d.body.at(2)).types, ElementsAre("T"));
}

TEST(Syntax, PatternRepeatForms) {
  ast::Def d = one_def("predicate p = avoid (V T{1,3} T{0,} V) by s;");
  const auto& pat = std::get<ast::PredicateStmt>(d.body.at(0)).body.pattern;
  ASSERT_EQ(pat.size(), 4u);
  EXPECT_EQ(pat[1].repeat->min, 1);
  EXPECT_EQ(pat[1].repeat->max, 3);
  EXPECT_EQ(pat[2].repeat->min, 0);
  EXPECT_FALSE(pat[2].repeat->max.has_value());
}

TEST(Syntax, SwitchAndProfileWithoutDocs) {
  ast::Spec spec = parse_spec("spec s; switch k { a; b \"B\"; } profile p extends q { k = b; } profile e {}",
                              "t.carve");
  ASSERT_EQ(spec.decls.size(), 3u);
  const auto& k = std::get<ast::Switch>(spec.decls[0]);
  EXPECT_FALSE(k.doc.has_value());
  ASSERT_EQ(k.values.size(), 2u);
  EXPECT_FALSE(k.values[0].doc.has_value());
  EXPECT_EQ(k.values[1].doc, "B");
  const auto& p = std::get<ast::Profile>(spec.decls[1]);
  EXPECT_EQ(p.extends, "q");
  EXPECT_EQ(p.assignments.at(0).value, "b");
  EXPECT_TRUE(std::get<ast::Profile>(spec.decls[2]).assignments.empty());
}

TEST(Syntax, CaseTargets) {
  ast::CaseFile c = one_case(
      "target K1,3; target K13; target edges \"a-b,b-c\"; target graph6 \"Bw\"; "
      "target hyperedges \"{a,b,c},{c,d}\";");
  ASSERT_EQ(c.items.size(), 5u);
  auto t = [&](std::size_t i) { return std::get<ast::TargetItem>(c.items[i]).target; };
  EXPECT_EQ(t(0).kind, ast::CaseTargetKind::Named);
  EXPECT_EQ(t(0).text, "K1,3");
  EXPECT_EQ(t(1).text, "K13");
  EXPECT_EQ(t(2).kind, ast::CaseTargetKind::Edges);
  EXPECT_EQ(t(2).text, "a-b,b-c");
  EXPECT_EQ(t(3).kind, ast::CaseTargetKind::Graph6);
  EXPECT_EQ(t(4).kind, ast::CaseTargetKind::Hyperedges);
}

TEST(Syntax, Expectations) {
  ast::CaseFile c = one_case(
      "expect win in 3; expect win at 2; expect no-win; expect legal; "
      "expect illegal at 4 rule \"3.2\";");
  ASSERT_EQ(c.items.size(), 5u);
  auto e = [&](std::size_t i) { return std::get<ast::ExpectItem>(c.items[i]).expectation; };
  EXPECT_EQ(e(0).kind, ast::ExpectKind::WinIn);
  EXPECT_EQ(e(0).turn, 3);
  EXPECT_EQ(e(1).kind, ast::ExpectKind::WinAt);
  EXPECT_EQ(e(1).turn, 2);
  EXPECT_EQ(e(2).kind, ast::ExpectKind::NoWin);
  EXPECT_EQ(e(3).kind, ast::ExpectKind::Legal);
  EXPECT_EQ(e(4).kind, ast::ExpectKind::IllegalAt);
  EXPECT_EQ(e(4).turn, 4);
  EXPECT_EQ(e(4).rule, "3.2");
}

TEST(Syntax, TurnForms) {
  ast::CaseFile c = one_case(
      "play {\n"
      "  turn add {00, 011} stable;\n"
      "  turn add Theta(f1, f2, f3, f4, f5) collapse (Delta(x, x, x), Theta(f1, f2, f3, f4, f5), Nabla(x, x, x)) root keep;\n"
      "  turn add {1, 10} collapse (1, 10) root Delta(x, y, z);\n"
      "}\n"
      "claim component {0, 01, lambda};");
  const auto& turns = std::get<ast::PlayItem>(c.items.at(0)).turns;
  ASSERT_EQ(turns.size(), 3u);
  EXPECT_TRUE(turns[0].stable);
  EXPECT_TRUE(turns[0].steps.empty());
  EXPECT_EQ(turns[0].edge.u.word, "00");
  EXPECT_EQ(turns[0].edge.v.word, "011");
  EXPECT_EQ(turns[0].root.kind, ast::RootChoiceKind::None);
  EXPECT_EQ(turns[1].edge.kind, ast::EdgeKind::Atom);
  EXPECT_EQ(turns[1].edge.atom.name, "Theta");
  EXPECT_EQ(turns[1].edge.atom.args.size(), 5u);
  ASSERT_EQ(turns[1].steps.size(), 3u);
  EXPECT_EQ(turns[1].steps[1].kind, ast::VertexKind::Atom);
  EXPECT_EQ(turns[1].steps[1].atom.name, "Theta");
  EXPECT_EQ(turns[1].root.kind, ast::RootChoiceKind::Keep);
  EXPECT_EQ(turns[1].loc.line, 4);
  EXPECT_EQ(turns[2].root.kind, ast::RootChoiceKind::Vertex);
  EXPECT_EQ(turns[2].root.vertex.atom.name, "Delta");
  EXPECT_EQ(turns[2].root.loc.column, 37);
  const auto& claim = std::get<ast::ClaimItem>(c.items.at(1)).component;
  ASSERT_EQ(claim.size(), 3u);
  EXPECT_EQ(claim[1].word, "01");
}

TEST(Syntax, CaseSettingItems) {
  ast::CaseFile c = one_case(
      "set path = simple-or-cycle; types a, b; variables x: a, y: b; "
      "relation R = (a, a, b), (b, b, a); root 0; depth 0; turns 2147483647;");
  ASSERT_EQ(c.items.size(), 7u);
  const auto& set = std::get<ast::SetItem>(c.items[0]);
  EXPECT_EQ(set.switch_name, "path");
  EXPECT_EQ(set.value, "simple-or-cycle");
  EXPECT_THAT(std::get<ast::TypesItem>(c.items[1]).types, ElementsAre("a", "b"));
  EXPECT_EQ(std::get<ast::VariablesItem>(c.items[2]).vars.at(1).type, "b");
  const auto& rel = std::get<ast::RelationItem>(c.items[3]);
  ASSERT_EQ(rel.tuples.size(), 2u);
  EXPECT_THAT(rel.tuples[1].elems, ElementsAre("b", "b", "a"));
  EXPECT_EQ(rel.tuples[1].loc.column, 87);
  EXPECT_EQ(std::get<ast::RootItem>(c.items[4]).vertex.word, "0");
  EXPECT_EQ(std::get<ast::DepthItem>(c.items[5]).depth, 0);
  EXPECT_EQ(std::get<ast::TurnsItem>(c.items[6]).turns, 2147483647);
}

// `depth any;` is the infinite tree (docs/dsl.md); `depth anything;` is neither a number nor
// `any`, an error at the word (a keyword is whole: `any` is no prefix of it).
TEST(Syntax, DepthAnyIsTheInfiniteTree) {
  ast::CaseFile c = one_case("depth any; turns 2;");
  ASSERT_EQ(c.items.size(), 2u);
  const auto& d = std::get<ast::DepthItem>(c.items[0]);
  EXPECT_TRUE(d.any);
  EXPECT_EQ(d.loc.column, 1);
  EXPECT_FALSE(std::get<ast::DepthItem>(one_case("depth 3;").items[0]).any);
  try {
    (void)parse_case("case \"c\" {\n  depth anything;\n}", "f.case");
    ADD_FAILURE() << "depth anything; parsed";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.loc.line, 2);
    EXPECT_EQ(e.loc.column, 9);
    EXPECT_THAT(e.message, ::testing::HasSubstr("or 'any' (the infinite tree)"));
  }
}

TEST(Syntax, Utf8ByteOrderMarkIsSkipped) {
  ast::CaseFile c = parse_case("\xEF\xBB\xBF" "case \"bom\" {}", "bom.case");
  EXPECT_EQ(c.title, "bom");
  EXPECT_TRUE(c.items.empty());
}

TEST(Syntax, DeepButBoundedNesting) {
  std::string atom = "x";
  for (int i = 0; i < 60; ++i) atom = "f(" + atom + ")";
  ast::Def d = one_def("axiom " + atom + ";");
  const ast::Term* t = &std::get<ast::AxiomStmt>(d.body.at(0)).atom.args.at(0);
  int depth = 1;
  while (t->is_atom()) t = &t->args.at(0), ++depth;
  EXPECT_EQ(depth, 60);
  EXPECT_EQ(t->name, "x");
}

}  // namespace
