// The one translation unit that compiles the X3 grammar.
#include "text/parser/grammar_def.hpp"

namespace carve::parser {
namespace grammar {

BOOST_SPIRIT_INSTANTIATE(spec_file_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(case_file_type, iterator_type, context_type)

}  // namespace grammar

grammar::spec_file_type const& spec_file_rule() { return grammar::spec_file; }
grammar::case_file_type const& case_file_rule() { return grammar::case_file; }

}  // namespace carve::parser
