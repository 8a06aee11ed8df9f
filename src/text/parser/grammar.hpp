// carve DSL grammar: rule declarations (X3 layout of the calc/rexpr/employee examples).
// Definitions live in grammar_def.hpp and are instantiated once, in grammar.cpp.
#pragma once

#include "text/parser/ast.hpp"
#include "text/parser/error_handler.hpp"

#include <boost/spirit/home/x3.hpp>

namespace carve::parser {

// Whitespace and `//` comments between tokens.
struct skipper_parser : x3::parser<skipper_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const&, RContext&, Attribute&) const {
    Iterator start = first;
    skip_blank(first, last);
    return first != start;
  }
};
inline constexpr skipper_parser skipper{};

using skipper_type = skipper_parser;
using phrase_context_type = x3::phrase_parse_context<skipper_type>::type;
using context_type =
    x3::context<error_handler_tag, std::reference_wrapper<ErrorHandler>, phrase_context_type>;

namespace grammar {

struct spec_file_class;
struct case_file_class;
using spec_file_type = x3::rule<spec_file_class, ast::Spec>;
using case_file_type = x3::rule<case_file_class, ast::CaseFile>;

BOOST_SPIRIT_DECLARE(spec_file_type, case_file_type)

}  // namespace grammar

// The two entry rules (defined and instantiated in grammar.cpp).
grammar::spec_file_type const& spec_file_rule();
grammar::case_file_type const& case_file_rule();

}  // namespace carve::parser
