// carve DSL parser: public API. Text in, position-tagged AST out (text/parser/ast.hpp).
//
// The parser is purely syntactic (see docs/dsl.md). On the first syntax error it throws
// ParseError; what() reads
//     file:line:col: message
//     <the offending source line>
//        ^
// Lines and columns are 1-based; a column counts UTF-8 code points, a tab counts as one column
// (the caret line copies the tabs of the source line so it still lines up in a terminal). The
// line is quoted as text/parser/excerpt.hpp cuts it: at most 100 columns, nothing unprintable.
#pragma once

#include "text/parser/ast.hpp"
#include "text/parser/excerpt.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace carve::parser {

struct ParseError : std::runtime_error {
  // `text`: the whole source line holding `where` (quoted as excerpt() cuts it).
  ParseError(Location where, std::string msg, std::string text);
  ParseError(Location where, std::string msg, Excerpt quoted);
  Location loc;
  std::string line_text;  // the source line holding loc as quoted (excerpt.hpp), without its line break
  std::string message;    // the message alone, without location, line and caret
};

// Parse a spec file (spec/*.carve). Throws ParseError.
ast::Spec parse_spec(std::string_view text, const std::string& filename);
// Parse a case or witness file: exactly one `case` block. Throws ParseError.
ast::CaseFile parse_case(std::string_view text, const std::string& filename);

// Read and parse a file. An unreadable file throws ParseError located at path:1:1.
ast::Spec parse_spec_file(const std::string& path);
ast::CaseFile parse_case_file(const std::string& path);

}  // namespace carve::parser
