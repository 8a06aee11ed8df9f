// Renders located diagnostics; the source line is read back from the file on demand.
#include "rules/elaborate/diagnostics.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "text/parser/excerpt.hpp"

namespace carve::elab {

std::string render(const parser::Location& loc, const std::string& message) {
  if (loc.line <= 0) return fmt::format("{}: {}", loc.file, message);
  std::string out = fmt::format("{}:{}:{}: {}", loc.file, loc.line, loc.column, message);
  // Only a regular file is read again: a FIFO would wait for a writer that never comes.
  std::error_code ec;
  if (!std::filesystem::is_regular_file(loc.file, ec)) return out;
  std::ifstream in(loc.file, std::ios::binary);
  std::string line;
  for (int i = 0; i < loc.line && std::getline(in, line); ++i) {
  }
  if (in || !line.empty()) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto quoted = parser::excerpt(line, loc.column);  // columns count code points, as the parser's
    out += "\n" + quoted.text + "\n" + quoted.caret;
  }
  return out;
}

InputError::InputError(const parser::Location& l, const std::string& msg)
    : std::runtime_error(render(l, msg)), loc(l), message(msg) {}

void fail(const parser::Location& loc, const std::string& message) { throw InputError(loc, message); }

}  // namespace carve::elab
