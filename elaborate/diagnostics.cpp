// Renders located diagnostics; the source line is read back from the file on demand.
#include "elaborate/diagnostics.hpp"

#include <fstream>

#include <fmt/format.h>

namespace carve::elab {

std::string render(const parser::Location& loc, const std::string& message) {
  if (loc.line <= 0) return fmt::format("{}: {}", loc.file, message);
  std::string out = fmt::format("{}:{}:{}: {}", loc.file, loc.line, loc.column, message);
  std::ifstream in(loc.file);
  std::string line;
  for (int i = 0; i < loc.line && std::getline(in, line); ++i) {
  }
  if (in || !line.empty()) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // The caret counts UTF-8 code points, as the parser's columns do.
    std::string pad;
    int col = 1;
    for (std::size_t i = 0; i < line.size() && col < loc.column; ++i) {
      if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
      pad += line[i] == '\t' ? '\t' : ' ';
      ++col;
    }
    out += "\n" + line + "\n" + pad + "^";
  }
  return out;
}

InputError::InputError(const parser::Location& l, const std::string& msg)
    : std::runtime_error(render(l, msg)), loc(l), message(msg) {}

void fail(const parser::Location& loc, const std::string& message) { throw InputError(loc, message); }

}  // namespace carve::elab
