// Located errors for every stage after the parser: "file:line:col: message", the source line,
// and a caret under the column — the same shape as the parser's errors.
// Invariant: every InputError carries the location of the construct it blames (or line 0 when
// the problem belongs to a whole file, e.g. a missing definition).
#pragma once
#include <stdexcept>
#include <string>

#include "text/parser/ast.hpp"

namespace carve::elab {

struct InputError : std::runtime_error {
  parser::Location loc;
  std::string message;
  InputError(const parser::Location& l, const std::string& msg);
};

[[noreturn]] void fail(const parser::Location& loc, const std::string& message);
// The full diagnostic text (location, message, source line, caret).
std::string render(const parser::Location& loc, const std::string& message);

}  // namespace carve::elab
