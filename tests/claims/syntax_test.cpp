// Parser tests for the claim syntax: the AST of bounds, defines and claims (operator precedence,
// quantifiers, aggregates, forms, ranges), and malformed claims with their exact line and column.
#include <gtest/gtest.h>

#include "text/parser/parse.hpp"

namespace {
using namespace carve::parser;

ast::Spec parse(const std::string& body) { return parse_spec("spec s;\n" + body, "t.carve"); }
const ast::ClaimDecl& first_claim(const ast::Spec& s) {
  for (const auto& d : s.decls)
    if (auto* c = std::get_if<ast::ClaimDecl>(&d)) return *c;
  throw std::runtime_error("no claim");
}

TEST(ClaimSyntax, BoundDefineAndClaim) {
  auto s = parse("bound H = 4 large 6;\ndefine f(a, b) = a xor b;\nclaim \"002 x\" expect refuted { f(1, 2) == 3 }\n");
  ASSERT_EQ(s.decls.size(), 3u);
  const auto& b = std::get<ast::BoundDecl>(s.decls[0]);
  EXPECT_EQ(b.name, "H");
  EXPECT_EQ(b.value, 4);
  EXPECT_EQ(b.large, 6);
  const auto& d = std::get<ast::DefineDecl>(s.decls[1]);
  EXPECT_EQ(d.name, "f");
  EXPECT_EQ(d.params, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d.body.kind, ast::ExprKind::Binary);
  EXPECT_EQ(d.body.text, "xor");
  const auto& c = std::get<ast::ClaimDecl>(s.decls[2]);
  EXPECT_EQ(c.label, "002 x");
  EXPECT_EQ(c.expect, ast::ClaimExpect::Refuted);
  EXPECT_FALSE(c.symbolic);
  EXPECT_EQ(c.loc.line, 4);
  EXPECT_EQ(c.body.loc.line, 4);
  EXPECT_EQ(c.body.loc.column, 32);
}

TEST(ClaimSyntax, PrecedenceAndAssociativity) {
  // a -> b <-> c or d and not e == 1 + 2 * 3  parses as  a -> (b <-> (c or (d and (not (e == (1 + (2 * 3)))))))
  auto spec = parse("claim \"l\" expect holds { a -> b <-> c or d and not e == 1 + 2 * 3 }");
  const auto& c = first_claim(spec);
  const ast::Expr& e = c.body;
  ASSERT_EQ(e.text, "->");
  const ast::Expr& iff = e.args[1];
  ASSERT_EQ(iff.text, "<->");
  const ast::Expr& orr = iff.args[1];
  ASSERT_EQ(orr.text, "or");
  const ast::Expr& andd = orr.args[1];
  ASSERT_EQ(andd.text, "and");
  const ast::Expr& nott = andd.args[1];
  ASSERT_EQ(nott.kind, ast::ExprKind::Unary);
  const ast::Expr& eq = nott.args[0];
  ASSERT_EQ(eq.text, "==");
  ASSERT_EQ(eq.args[1].text, "+");
  EXPECT_EQ(eq.args[1].args[1].text, "*");
  // '-' is left-associative, '->' right-associative
  auto spec2 = parse("claim \"l\" expect holds { 5 - 2 - 1 == 2 -> x -> y }");
  const auto& c2 = first_claim(spec2);
  EXPECT_EQ(c2.body.args[0].args[0].args[0].text, "-");
  EXPECT_EQ(c2.body.args[1].text, "->");
}

TEST(ClaimSyntax, QuantifiersAggregatesFormsRanges) {
  auto spec = parse(
      "claim \"l\" expect holds by z3 heaps 4 bits 8, 12 large 16 {\n"
      "  forall k in 1..3, h in heaps(1, 4, 0, 7) where k > 1: xor(i in 0..len(h) - 1 where odd(i): h[i]) == {0 | 1, [2]}\n}");
  const auto& c = first_claim(spec);
  ASSERT_TRUE(c.symbolic);
  EXPECT_EQ(c.symbolic->heaps, 4);
  EXPECT_EQ(c.symbolic->bits, (std::vector<int>{8, 12}));
  EXPECT_EQ(c.symbolic->large_bits, (std::vector<int>{16}));
  const ast::Expr& q = c.body;
  ASSERT_EQ(q.kind, ast::ExprKind::Quant);
  EXPECT_EQ(q.text, "forall");
  EXPECT_EQ(q.names, (std::vector<std::string>{"k", "h"}));
  EXPECT_TRUE(q.has_where);
  ASSERT_EQ(q.args.size(), 4u);  // two families, where, body
  EXPECT_EQ(q.args[0].text, "..");
  EXPECT_EQ(q.args[1].kind, ast::ExprKind::Call);
  const ast::Expr& body = q.args[3];
  ASSERT_EQ(body.text, "==");
  const ast::Expr& agg = body.args[0];
  EXPECT_EQ(agg.kind, ast::ExprKind::Agg);
  EXPECT_EQ(agg.text, "xor");
  EXPECT_TRUE(agg.has_where);
  EXPECT_EQ(agg.args.back().kind, ast::ExprKind::Index);
  const ast::Expr& form = body.args[1];
  EXPECT_EQ(form.kind, ast::ExprKind::Form);
  EXPECT_EQ(form.ival, 1);  // one Left option
  EXPECT_EQ(form.args.size(), 3u);
  EXPECT_EQ(form.args[2].kind, ast::ExprKind::List);
  // Empty sides, a negative option, a string, zero-argument calls, if-then-else.
  auto spec2 = parse("claim \"l\" expect holds { {|} == 0 and {| -1} == if f() then stalk(\"BR\") else 2 }");
  const auto& c2 = first_claim(spec2);
  const ast::Expr& empty = c2.body.args[0].args[0];
  EXPECT_EQ(empty.kind, ast::ExprKind::Form);
  EXPECT_TRUE(empty.args.empty());
}

struct BadClaim {
  const char* name;
  const char* text;  // after "spec s;\n" (so the first claim line is line 2)
  int line, column;
  const char* message;
};

class MalformedClaim : public ::testing::TestWithParam<BadClaim> {};

TEST_P(MalformedClaim, ReportsLocation) {
  const BadClaim& b = GetParam();
  try {
    (void)parse(b.text);
    FAIL() << "parsed";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.loc.line, b.line) << e.what();
    EXPECT_EQ(e.loc.column, b.column) << e.what();
    EXPECT_NE(e.message.find(b.message), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Claims, MalformedClaim,
    ::testing::Values(
        BadClaim{"NoLabel", "claim expect holds { true }", 2, 7, "the claim's label"},
        BadClaim{"NoExpect", "claim \"x\" { true }", 2, 11, "'expect'"},
        BadClaim{"BadExpect", "claim \"x\" expect maybe { true }", 2, 18, "'holds' or 'refuted'"},
        BadClaim{"EmptyBody", "claim \"x\" expect holds { }", 2, 26, "the claim (an expression)"},
        BadClaim{"Unclosed", "claim \"x\" expect holds { 1 == 1\n", 3, 1, "'}' to close the claim"},
        BadClaim{"QuantifierWithoutColon", "claim \"x\" expect holds { forall x in 1..3 x > 0 }", 2, 43, "':' before the quantifier's body"},
        BadClaim{"BinderWithoutFamily", "claim \"x\" expect holds {\n  forall x in : x > 0 }", 3, 15, "the family the variable ranges over"},
        BadClaim{"DanglingOperator", "claim \"x\" expect holds { 1 + }", 2, 30, "an operand after '+' or '-'"},
        BadClaim{"DanglingIff", "claim \"x\" expect holds { a <-> }", 2, 32, "an expression after '<->'"},
        BadClaim{"FormWithoutBar", "claim \"x\" expect holds { {0, 1} == 0 }", 2, 31, "'|' between Left's and Right's options"},
        BadClaim{"UnclosedCall", "claim \"x\" expect holds { f(1, 2 }", 2, 33, "',' or ')' in the argument list"},
        BadClaim{"UnclosedIndex", "claim \"x\" expect holds { h[1 }", 2, 30, "']' to close the index"},
        BadClaim{"IfWithoutElse", "claim \"x\" expect holds { if a then b }", 2, 38, "'else'"},
        BadClaim{"AggregateWithoutColon", "claim \"x\" expect holds { xor(i in 0..3) == 0 }", 2, 39, "':' before the aggregate's body"},
        BadClaim{"BoundWithoutValue", "bound H = ;", 2, 11, "the bound's value"},
        BadClaim{"DefineWithoutEquals", "define f(x) x;", 2, 13, "'='"},
        BadClaim{"Z3WithoutBits", "claim \"x\" expect holds by z3 heaps 4 { true }", 2, 38, "'bits'"},
        BadClaim{"NumberTooLarge", "claim \"x\" expect holds { 99999999999999999999 == 1 }", 2, 26, "number too large"}),
    [](const auto& p) { return std::string(p.param.name); });

}  // namespace
