// Malformed inputs: every one must throw ParseError at an exact line and column, with a message
// naming what was expected.
#include "text/parser/parse.hpp"
#include "text/parser/excerpt.hpp"
#include "text/parser/keywords.hpp"
#include "text/parser/near_names.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace {

using namespace carve::parser;
using ::testing::HasSubstr;

enum class Kind { Spec, Case };

struct ErrorCase {
  const char* name;
  Kind kind;
  std::string text;
  int line;
  int column;
  const char* fragment;
};

std::ostream& operator<<(std::ostream& os, const ErrorCase& c) { return os << c.name; }

const std::string kDef = "spec s;\ndef \"1\" {\n";  // statements start on line 3
const std::string kCase = "case \"c\" {\n";          // items start on line 2

const std::string kClaim = "spec s;\nclaim \"c\" expect holds {\n";  // the body starts on line 3

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

std::string nest(int depth) {
  std::string s = "x";
  for (int i = 0; i < depth; ++i) s = "f(" + s + ")";
  return s;
}

const ErrorCase kCases[] = {
    // ---- spec files
    {"EmptySpecFile", Kind::Spec, "", 1, 1, "expected 'spec'"},
    {"SpecHeaderMissingSemicolon", Kind::Spec, "spec s title \"t\"\ndef \"1\" {}", 2, 1,
     "expected ';' to end the spec header"},
    {"MissingSemicolonAfterStatement", Kind::Spec, kDef + "  collapse R\n}\n", 4, 1,
     "expected ';' to end the statement"},
    {"UnknownStatementKeyword", Kind::Spec, kDef + "  colapse R;\n}\n", 3, 3,
     "expected a statement inside def"},
    {"KeywordPrefixIsNotAKeyword", Kind::Spec, kDef + "  path vertices adjacent kindpath;\n}\n", 3,
     26, "expected 'kind'"},
    {"UnterminatedString", Kind::Spec, "spec s document \"000;\ndef \"1\" {}\n", 1, 17,
     "unterminated string"},
    {"UnknownEscapeInString", Kind::Spec, "spec s title \"a\\qb\";", 1, 16,
     "unknown escape sequence"},
    {"EmptySwitchBlock", Kind::Spec, "spec s;\nswitch k \"doc\" {\n}\n", 3, 1,
     "expected a switch value"},
    {"SwitchValueMissingSemicolon", Kind::Spec, "spec s;\nswitch k { a \"A\" b; }", 2, 18,
     "expected ';' after the switch value"},
    {"SwitchWithoutBrace", Kind::Spec, "spec s;\nswitch k a; b; }", 2, 10,
     "expected '{' to open the switch's values"},
    {"ProfileAssignmentMissingEquals", Kind::Spec, "spec s;\nprofile p { a b; }", 2, 15,
     "expected '=' in the profile assignment"},
    {"MissingClosingBraceAtEof", Kind::Spec, kDef + "  collapse R;\n", 4, 1,
     "expected a statement inside def, or '}' to close it"},
    {"RuleMissingArrow", Kind::Spec, kDef + "  rule r: A(x) B(x);\n}\n", 3, 16,
     "expected '<-' between the rule's head and body"},
    {"AxiomWithoutArguments", Kind::Spec, kDef + "  axiom Delta x;\n}\n", 3, 9,
     "expected an atom such as Delta(x, y, z)"},
    {"AtomMissingArgument", Kind::Spec, kDef + "  axiom Delta(x, );\n}\n", 3, 18,
     "expected a term"},
    {"AtomMissingComma", Kind::Spec, kDef + "  axiom Delta(x y);\n}\n", 3, 17,
     "expected ',' or ')' in the argument list"},
    {"AtomsNestedTooDeeply", Kind::Spec, kDef + "axiom " + nest(100) + ";\n}\n", 3, 137, "nested too deeply"},
    // The body is expression level 1 and each '(' (each 'not', '-', index, quantifier body) one
    // more: the 64th would open level 65, so the error points at what follows it.
    {"ParenthesesNestedTooDeeply", Kind::Spec, kClaim + repeat("(", 1500) + "1" + repeat(")", 1500) + "\n}\n", 3, 65,
     "expressions nested too deeply (at most 64 levels)"},
    {"NotChainedTooDeeply", Kind::Spec, kClaim + repeat("not ", 5000) + "true\n}\n", 3, 4 * 64 + 1,
     "expressions nested too deeply"},
    {"UnaryMinusChainedTooDeeply", Kind::Spec, kClaim + repeat("- ", 5000) + "1 == 1\n}\n", 3, 2 * 64 + 1,
     "expressions nested too deeply"},
    {"QuantifiersNestedTooDeeply", Kind::Spec, kClaim + repeat("forall x in [1]: ", 3000) + "true\n}\n", 3, 17 * 63 + 14,  // at the 64th's list [1
     "expressions nested too deeply"},
    {"IndicesNestedTooDeeply", Kind::Spec, kClaim + repeat("a[", 3000) + "0" + repeat("]", 3000) + "\n}\n", 3, 2 * 64 + 1,
     "expressions nested too deeply"},
    {"NumberTooLarge", Kind::Spec, kDef + "  relation R arity 99999999999 param;\n}\n", 3, 20, "number too large"},
    {"ArityNotANumber", Kind::Spec, kDef + "  relation R arity three param;\n}\n", 3, 20, "expected the arity (an integer)"},
    {"EdgesetBadSide", Kind::Spec, kDef + "  edgeset E = inherent both;\n}\n", 3, 24, "expected 'conclusion' or 'premise'"},
    {"PredicateBadBody", Kind::Spec, kDef + "  predicate p = never;\n}\n", 3, 17,
     "expected a predicate body"},
    {"PatternMissingBy", Kind::Spec, kDef + "  predicate p = avoid (V T V) density;\n}\n", 3, 31,
     "expected 'by'"},
    {"TargetBadKind", Kind::Spec, kDef + "  target tree finite;\n}\n", 3, 10,
     "expected 'graph' or 'hypergraph'"},
    {"FormulaMissingIn", Kind::Spec, kDef + "  formula D(x) when (x) R;\n}\n", 3, 25,
     "expected 'in'"},
    {"JunkAfterDeclarations", Kind::Spec, "spec s;\ndef \"1\" {}\n  junk", 3, 3,
     "expected a declaration ('switch', 'profile', 'def', 'bound', 'define' or 'claim') or end of file"},
    {"InvalidUtf8", Kind::Spec, "spec s; // caf\xC3\n", 1, 15, "invalid UTF-8"},
    {"ErrorColumnCountsCodePointsAndTabs", Kind::Spec, "spec s title \"é\"\t\t?", 1, 19, "expected ';' to end the spec header"},
    // ---- case files
    {"EmptyCaseFile", Kind::Case, "", 1, 1, "expected 'case'"},
    {"CommentOnlyCaseFile", Kind::Case, "// nothing here\n", 2, 1, "expected 'case'"},
    {"CaseWithoutTitle", Kind::Case, "case {}", 1, 6, "expected the case's title as a string"},
    {"JunkAfterCaseBlock", Kind::Case, "case \"a\" {}\ncase \"b\" {}\n", 2, 1,
     "expected end of file after the case block"},
    {"UnknownCaseItem", Kind::Case, kCase + "  profil simple;\n}", 2, 3,
     "expected a case item or '}' to close the case"},
    {"CaseItemMissingSemicolon", Kind::Case, kCase + "  profile simple\n  target P3;\n}", 3, 3,
     "expected ';' to end the case item"},
    {"TargetEdgesWithoutString", Kind::Case, kCase + "  target edges a-b;\n}", 2, 16,
     "expected the edges as a string"},
    {"TargetMissing", Kind::Case, kCase + "  target ;\n}", 2, 10, "expected a target"},
    {"DepthNotAnInteger", Kind::Case, kCase + "  depth four;\n}", 2, 9,
     "expected the depth (a non-negative integer)"},
    {"DepthFractional", Kind::Case, kCase + "  depth 2.5;\n}", 2, 9,
     "expected the depth (a non-negative integer)"},
    {"DepthNegative", Kind::Case, kCase + "  depth -1;\n}", 2, 9,
     "expected the depth (a non-negative integer)"},
    {"TurnsOverflow", Kind::Case, kCase + "  turns 2147483648;\n}", 2, 9, "number too large"},
    {"TurnEdgeMissingComma", Kind::Case, kCase + "  play { turn add {0 1} stable; }\n}", 2, 22,
     "expected ',' between the two vertices"},
    {"TurnVertexNotAWord", Kind::Case, kCase + "  play { turn add {0, 2x} stable; }\n}", 2, 23,
     "expected a vertex"},
    {"TurnMissingCollapseClause", Kind::Case, kCase + "  play { turn add {0, 1} root 0; }\n}", 2, 26, "expected 'stable' or 'collapse (...)'"},
    {"TurnMissingAdd", Kind::Case, kCase + "  play { turn {0, 1} stable; }\n}", 2, 15,
     "expected 'add'"},
    {"TurnBadRoot", Kind::Case, kCase + "  play { turn add {0, 1} stable root ; }\n}", 2, 38, "expected 'keep' or a vertex after 'root'"},
    {"TurnEmptyCollapsePath", Kind::Case, kCase + "  play { turn add {0, 1} collapse (); }\n}", 2, 36, "expected a step of the collapse path"},
    {"PlayUnclosed", Kind::Case, kCase + "  play { turn add {0, 1} stable;\n}", 3, 2,
     "expected a case item or '}' to close the case"},
    {"WordWithLetters", Kind::Case, kCase + "  root 01a;\n}", 2, 8, "expected a vertex"},
    {"ExpectWinWithoutInOrAt", Kind::Case, kCase + "  expect win 2;\n}", 2, 14,
     "expected 'in' or 'at' after 'win'"},
    {"ExpectUnknown", Kind::Case, kCase + "  expect victory;\n}", 2, 10, "expected an expectation"},
    {"ClaimWithoutBraces", Kind::Case, kCase + "  claim component 0, 1;\n}", 2, 19,
     "expected '{' to open the component"},
    {"RelationTupleUnclosed", Kind::Case, kCase + "  relation R = (t, t;\n}", 2, 21, "expected ',' or ')' in the tuple"},
};

class ParseErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ParseErrors, ReportsLocationAndMessage) {
  const ErrorCase& c = GetParam();
  const std::string file = c.kind == Kind::Spec ? "bad.carve" : "bad.case";
  try {
    if (c.kind == Kind::Spec)
      (void)parse_spec(c.text, file);
    else
      (void)parse_case(c.text, file);
    FAIL() << "no ParseError for " << c.name;
  } catch (const ParseError& e) {
    EXPECT_EQ(e.loc.file, file);
    EXPECT_EQ(e.loc.line, c.line) << e.what();
    EXPECT_EQ(e.loc.column, c.column) << e.what();
    EXPECT_THAT(e.message, HasSubstr(c.fragment)) << e.what();
    const std::string prefix =
        file + ":" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": ";
    EXPECT_EQ(std::string(e.what()).rfind(prefix, 0), 0u) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(Malformed, ParseErrors, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<ErrorCase>& param_info) {
                           return std::string(param_info.param.name);
                         });

// At the limit an expression still parses, and a chain of implications is no nesting at all.
TEST(ExpressionNesting, TheLimitItselfParses) {
  EXPECT_NO_THROW((void)parse_spec(kClaim + repeat("(", 63) + "1" + repeat(")", 63) + "\n}\n", "ok.carve"));
  EXPECT_NO_THROW((void)parse_spec(kClaim + repeat("not ", 63) + "true\n}\n", "ok.carve"));
  // 255 implications fold into a tree of 256 levels, the most an expression may have; one more
  // is an error at the chain's start.
  EXPECT_NO_THROW((void)parse_spec(kClaim + repeat("a -> ", 255) + "b\n}\n", "ok.carve"));
  EXPECT_THAT([&] { (void)parse_spec(kClaim + repeat("a -> ", 256) + "b\n}\n", "deep.carve"); },
              ::testing::ThrowsMessage<ParseError>(HasSubstr("deep.carve:3:1: expression too deep (at most 256 levels")));
  EXPECT_NO_THROW((void)parse_spec(kClaim + repeat("1 + ", 254) + "1 > 0\n}\n", "ok.carve"));  // and one for >
  EXPECT_THAT([&] { (void)parse_spec(kClaim + repeat("1 + ", 256) + "1 > 0\n}\n", "deep.carve"); },
              ::testing::ThrowsMessage<ParseError>(HasSubstr("deep.carve:3:1: expression too deep")));
}

TEST(ParseErrorFormat, WhatShowsLineAndCaret) {
  try {
    (void)parse_case("case \"c\" {\n\tdepth x;\n}", "f.case");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line_text, "\tdepth x;");
    // the caret line copies the tab so the caret sits under the x
    EXPECT_EQ(std::string(e.what()),
              "f.case:2:8: expected the depth (a non-negative integer) or 'any' (the infinite tree)\n\tdepth x;\n\t      ^");
  }
}

// A long line is cut to a window around the error; the caret still stands under the column's
// character; nothing unprintable is quoted.
TEST(ParseErrorFormat, LongLinesAreQuotedAsAnExcerpt) {
  std::string line;
  for (int i = 0; i < 500; ++i) line += static_cast<char>('a' + i % 26);
  const auto e = excerpt(line, 300);
  EXPECT_EQ(e.text.rfind("…", 0), 0u);
  EXPECT_EQ(e.text.substr(e.text.size() - 3), "…");
  // The caret's column within the excerpt (the leading "…" is one column, three bytes).
  const std::size_t caret = e.caret.size() - 1;
  EXPECT_EQ(e.text[caret - 1 + 3], line[299]);
  EXPECT_LE(e.text.size(), static_cast<std::size_t>(kExcerptColumns) + 6);
}

TEST(ParseErrorFormat, UnprintableBytesAreQuotedAsQuestionMarks) {
  const auto e = excerpt("a\x1b[2Jb\x07" "c\xC3(d\xE2\x80\xAE" "e", 1);
  EXPECT_EQ(e.text, "a?[2Jb?c?(d?e");
  EXPECT_EQ(e.caret, "^");
  EXPECT_EQ(printable("ok\n\x1b]0;title\x07\n"), "ok\n?]0;title?\n");
}

TEST(ParseErrorFormat, CrlfLineTextHasNoCarriageReturn) {
  try {
    (void)parse_spec("spec s;\r\ndef \"1\" {\r\n  collapse;\r\n}\r\n", "crlf.carve");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.loc.line, 3);
    EXPECT_EQ(e.loc.column, 11);
    EXPECT_EQ(e.line_text, "  collapse;");
  }
}

TEST(ParseErrorFormat, UnreadableFileIsAParseErrorAtOneOne) {
  try {
    (void)parse_case_file("cases/does/not/exist.case");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.loc.file, "cases/does/not/exist.case");
    EXPECT_EQ(e.loc.line, 1);
    EXPECT_EQ(e.loc.column, 1);
    EXPECT_THAT(e.what(), HasSubstr("cannot open"));
  }
  EXPECT_THROW((void)parse_spec_file("spec/does_not_exist.carve"), ParseError);
}

}  // namespace

namespace {

// The keyword table the "did you mean" of a misspelt statement reads (text/parser/keywords.hpp) agrees
// with the grammar: every keyword listed opens a statement where it is listed -- so the error
// that follows it is about that statement, not "expected a statement ..." at the keyword itself.
TEST(Keywords, EveryListedKeywordOpensAStatementWhereItIsListed) {
  struct Place {
    const KeywordPlace* place;
    std::string before, after;
    Kind kind;
  };
  const Place places[] = {{&kDefStatements, kDef, "", Kind::Spec},
                          {&kDeclarations, "spec s;\n", "", Kind::Spec},
                          {&kCaseItems, kCase, "", Kind::Case}};
  for (const auto& p : places) {
    for (auto keyword : p.place->keywords) {
      if (keyword.empty()) continue;
      const std::string text = p.before + std::string(keyword) + " @";
      try {
        if (p.kind == Kind::Spec) (void)parse_spec(text, "k.carve");
        else (void)parse_case(text, "k.case");
        ADD_FAILURE() << keyword << " parsed";
      } catch (const ParseError& e) {
        EXPECT_THAT(e.message, ::testing::Not(HasSubstr(std::string(p.place->expected)))) << keyword << ": " << e.what();
      }
    }
  }
}

TEST(Keywords, AMisspeltStatementGetsTheKeywordNearIt) {
  try {
    (void)parse_spec(kDef + "  predicat dense = avoid (V) by density;\n}\n", "k.carve");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.loc.line, 3);
    EXPECT_EQ(e.loc.column, 3);
    EXPECT_THAT(e.message, HasSubstr("'predicat' opens no statement here (did you mean 'predicate'?)"));
  }
  try {
    (void)parse_case(kCase + "  tagret K4;\n}\n", "k.case");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_THAT(e.message, HasSubstr("(did you mean 'target'?)"));
  }
}

// Near names: letter case ignored, a swap of neighbours is one edit, nothing far suggested.
TEST(NearNames, SuggestOnlyNearNames) {
  EXPECT_EQ(edit_distance("sovle", "solve"), 1u);
  EXPECT_EQ(edit_distance("PAW", "paw"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(did_you_mean("simpel", {"literal", "simple", "trail"}), " (did you mean 'simple'?)");
  EXPECT_EQ(did_you_mean("triangle", {"paw", "bull", "house", "diamond", "claw"}), "");
  EXPECT_EQ(near_names("Simple", {"simple", "simpler"}), std::vector<std::string>{"simple"});
}

}  // namespace
