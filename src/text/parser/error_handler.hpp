// The parser's error handler and annotator (the X3 "error_handler" of the calc/rexpr examples,
// with carve's message format): maps iterators to file:line:column, fills ast::Node::loc on
// success, and turns expectation failures into ParseError.
#pragma once

#include "text/parser/ast.hpp"
#include "text/parser/parse.hpp"

#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>

#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace carve::parser {

namespace x3 = boost::spirit::x3;
using iterator_type = char const*;

// Skips whitespace (space, tab, CR, LF, FF, VT) and `//` comments. Shared by the skipper and
// by the annotator, so a node's location is always the first character of its first token.
inline void skip_blank(iterator_type& first, iterator_type last) {
  while (first != last) {
    char c = *first;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
      ++first;
    } else if (c == '/' && last - first >= 2 && first[1] == '/') {
      while (first != last && *first != '\n') ++first;
    } else {
      break;
    }
  }
}

class ErrorHandler {
 public:
  ErrorHandler(iterator_type begin, iterator_type end, std::string file);

  Location locate(iterator_type pos) const;
  std::string line_text(iterator_type pos) const;
  ParseError error_at(iterator_type pos, const std::string& message) const;

  // Fill node.loc with the start of its first token and record its range (x3::position_tagged).
  template <typename Node>
  void tag(Node& node, iterator_type first, iterator_type last) {
    if constexpr (std::is_base_of_v<ast::Node, Node>) {
      skip_blank(first, end_);
      if (last < first) last = first;
      node.loc = locate(first);
      positions_.annotate(node, first, last);
    }
  }

  iterator_type begin() const { return begin_; }
  iterator_type end() const { return end_; }

  int depth = 0;  // current nesting depth of atoms (bounded, so deep input cannot blow the stack)

 private:
  iterator_type begin_;
  iterator_type end_;
  std::string file_;
  std::vector<iterator_type> line_starts_;
  std::vector<int> continuation_before_;  // UTF-8 continuation bytes before each offset: O(1) columns
  x3::position_cache<std::vector<iterator_type>> positions_;
};

struct error_handler_tag;

template <typename Context>
ErrorHandler& get_error_handler(Context const& context) {
  return x3::get<error_handler_tag>(context).get();
}

// Rule IDs deriving from this turn an expectation failure into a ParseError. The failure's
// which() is the whole message ("expected ';' to end the statement", "number too large", ...).
struct error_handler_base {
  template <typename Iterator, typename Exception, typename Context>
  x3::error_handler_result on_error(Iterator&, Iterator const&, Exception const& x,
                                    Context const& context) const {
    throw get_error_handler(context).error_at(x.where(), x.which());
  }
};

// Rule IDs deriving from this fill in the location of their attribute (if it is an ast::Node).
struct annotation_base {
  template <typename T, typename Iterator, typename Context>
  void on_success(Iterator const& first, Iterator const& last, T& node,
                  Context const& context) const {
    get_error_handler(context).tag(node, first, last);
  }
};

}  // namespace carve::parser
