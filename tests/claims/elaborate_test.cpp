// Elaboration of claims: names, arities, types, bounds and the symbolic form are checked, and each
// error is located at the construct it blames (file:line:col).
#include <gtest/gtest.h>

#include <algorithm>

#include "rules/elaborate/claims_ir.hpp"
#include "rules/elaborate/diagnostics.hpp"
#include "text/parser/parse.hpp"

namespace {
using namespace carve;

elab::claims::ClaimSpec elaborate(const std::string& body, bool large = false) {
  return elab::claims::elaborate_claims(parser::parse_spec("spec s;\n" + body, "t.carve"), large);
}

TEST(ClaimElaborate, BoundsDefinesAndTypes) {
  auto ir = elaborate("bound H = 3 large 5;\ndefine f(h) = len(h) + H;\nclaim \"a\" expect holds { forall h in heaps(1, H, 0, 2): f(h) >= 4 }");
  ASSERT_EQ(ir.claims.size(), 1u);
  EXPECT_EQ(ir.bounds, (std::vector<std::pair<std::string, long long>>{{"H", 3}}));
  const auto& q = ir.claims[0].body;
  EXPECT_EQ(q.op, elab::claims::Op::Quant);
  EXPECT_EQ(q.args[0].type, "list<list<int>>");
  EXPECT_EQ(q.args[0].src, "heaps(1, 3, 0, 2)");  // bounds are shown by value
  EXPECT_EQ(q.args.back().args[0].op, elab::claims::Op::Invoke);
  EXPECT_EQ(elaborate("bound H = 3 large 5;\nclaim \"a\" expect holds { H == 5 }", true).bounds[0].second, 5);
}

// claims_builtins.def: row i is Builtin i, and no row repeats an earlier row's name and parameter
// types -- such a row would never be chosen (a call takes the first row that accepts it).
TEST(ClaimElaborate, EveryBuiltinRowIsReachable) {
  const auto& table = elab::claims::builtin_table();
  ASSERT_EQ(table.size(), elab::claims::builtin_count);
  for (std::size_t i = 0; i < table.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(table[i].id), i) << table[i].name;
    for (std::size_t j = 0; j < i; ++j)
      EXPECT_FALSE(std::string(table[j].name) == table[i].name && table[j].params == table[i].params)
          << table[i].name << ": row " << i << " repeats row " << j;
    auto same_name = elab::claims::builtins_named(table[i].name);
    EXPECT_NE(std::find(same_name.begin(), same_name.end(), &table[i]), same_name.end()) << table[i].name;
  }
  // An overload is chosen by its argument types: sg(digraph, vertex) is the second sg row.
  auto ir = elaborate("claim \"a\" expect holds { sg(heap_dag(2)) == sg(heap_dag(2), 0) }");
  const auto& eq = ir.claims[0].body;
  EXPECT_EQ(eq.args[0].fn, elab::claims::Builtin::Sg);
  EXPECT_EQ(eq.args[1].fn, elab::claims::Builtin::SgAt);
}

TEST(ClaimElaborate, SymbolicFormIsRecognised) {
  auto ir = elaborate("claim \"a\" expect holds by z3 heaps 3 bits 6 {\n"
                      "  forall k in 1..2: forall h in heaps(1, 3, 0, 3): good(h, k) <-> outcome(nimk(k, h)) == P }\n"
                      "define good(h, k) = forall j in 0..9: count(i in 0..len(h) - 1: bit(h[i], j) == 1) mod (k + 1) == 0;");
  ASSERT_TRUE(ir.claims[0].symbolic);
  const auto& f = *ir.claims[0].symbolic;
  EXPECT_EQ(f.family, "nimk");
  EXPECT_EQ(f.k_range, (std::pair<long long, long long>{1, 2}));
  EXPECT_EQ(f.pred_path, (std::vector<int>{1, 1, 0}));
}

struct BadInput {
  const char* name;
  const char* text;
  int line, column;
  const char* message;
};
class ClaimElaborateError : public ::testing::TestWithParam<BadInput> {};

TEST_P(ClaimElaborateError, ReportsLocation) {
  const BadInput& b = GetParam();
  try {
    (void)elaborate(b.text);
    FAIL() << "elaborated";
  } catch (const elab::InputError& e) {
    EXPECT_EQ(e.loc.file, "t.carve");
    EXPECT_EQ(e.loc.line, b.line) << e.what();
    EXPECT_EQ(e.loc.column, b.column) << e.what();
    EXPECT_NE(e.message.find(b.message), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Claims, ClaimElaborateError,
    ::testing::Values(
        BadInput{"UnknownFunction", "claim \"a\" expect holds { grundy(nim([1])) == 1 }", 2, 26, "unknown function 'grundy'"},
        BadInput{"UnknownName", "claim \"a\" expect holds { forall n in 1..3: m > 0 }", 2, 44, "unknown name 'm'"},
        BadInput{"WrongArity", "claim \"a\" expect holds { sg(nim([1]), 2, 3) == 1 }", 2, 26, "sg takes 1 or 2 arguments, got 3"},
        BadInput{"WrongArgumentType", "claim \"a\" expect holds { value(nim([1])) == 0 }", 2, 32, "argument 1 of value must be graph, got game"},
        BadInput{"NotACondition", "claim \"a\" expect holds { 1 + 1 }", 2, 26, "a claim must be a condition"},
        BadInput{"CompareMismatch", "claim \"a\" expect holds { outcome(nim([1])) == 1 }", 2, 47, "compares outcome with int"},
        BadInput{"XorOfNumbers", "claim \"a\" expect holds { 1/2 xor 1 == 0 }", 2, 26, "'xor' needs integers, got num"},
        BadInput{"FamilyNotAList", "claim \"a\" expect holds { forall x in 3: x > 0 }", 2, 38, "x must range over a list"},
        BadInput{"BodyNotBool", "claim \"a\" expect holds { forall x in 1..3: x + 1 }", 2, 44, "the body of forall must be a condition"},
        BadInput{"LargeBelowDefault", "bound H = 5 large 3;", 2, 1, "the large value 3 is smaller than the default 5"},
        BadInput{"BoundNamedLikeAConstant", "bound P = 3;", 2, 1, "a bound needs another name"},
        BadInput{"DuplicateLabel", "claim \"a\" expect holds { true }\nclaim \"a\" expect holds { true }", 3, 1, "stated twice"},
        BadInput{"RecursiveDefine", "define f(x) = f(x);\nclaim \"a\" expect holds { f(1) }", 2, 15, "calls itself"},
        BadInput{"DefineArity", "define f(x) = x > 0;\nclaim \"a\" expect holds { f(1, 2) }", 3, 26, "f takes 1 argument, got 2"},
        BadInput{"SymbolicShape", "claim \"a\" expect holds by z3 heaps 2 bits 4 { forall n in 1..3: n > 0 }", 2, 47, "'by z3' needs the claim in the form"},
        BadInput{"SymbolicTooManyHeaps", "claim \"a\" expect holds by z3 heaps 9 bits 4 { true }", 2, 24, "between 1 and 8 heaps"}),
    [](const auto& p) { return std::string(p.param.name); });

}  // namespace
