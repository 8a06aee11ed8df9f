// The keywords that open a statement, a declaration or a case item, for each place the grammar
// expects one, with the words its error says there: what a misspelt opening word ("predicat") is
// compared with to suggest the keyword meant (text/parser/near_names.hpp).
// Invariant: `expected` is the text the grammar (grammar_def.hpp) passes to expect_as at that
// place, and every keyword listed opens a statement there (tests/parser: errors_test.cpp).
#pragma once
#include <array>
#include <string_view>

namespace carve::parser {

struct KeywordPlace {
  std::string_view expected;                   // expect_as's text at the place
  std::array<std::string_view, 24> keywords;   // the keywords that open a statement there ("" pads)
};

inline constexpr KeywordPlace kDefStatements{
    "a statement inside def, or '}' to close it",
    {"vertices", "inherent", "types", "variables", "relation", "formula", "operator", "axiom", "rule", "universe", "edges", "virtual",
     "initial", "edgeset", "target", "path", "predicate", "paths", "construct", "collapse", "succession", "components", "isomorphism",
     "victory"}};
inline constexpr KeywordPlace kDeclarations{
    "a declaration ('switch', 'profile', 'def', 'bound', 'define' or 'claim') or end of file",
    {"switch", "profile", "def", "bound", "define", "claim"}};
inline constexpr KeywordPlace kCaseItems{
    "a case item or '}' to close the case",
    {"spec", "profile", "set", "target", "depth", "turns", "types", "variables", "relation", "root", "play", "claim", "expect", "engine",
     "certify"}};
inline constexpr std::array kKeywordPlaces = {&kDefStatements, &kDeclarations, &kCaseItems};

}  // namespace carve::parser
