#include "parser/error_handler.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace carve::parser {

namespace {

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// One character per code point before the column; tabs are copied so the caret lines up with
// the source line whatever the terminal's tab width.
std::string caret_line(std::string_view text, int column) {
  std::string out;
  int col = 1;
  for (char c : text) {
    if (is_continuation(c)) continue;
    if (col >= column) break;
    out.push_back(c == '\t' ? '\t' : ' ');
    ++col;
  }
  for (; col < column; ++col) out.push_back(' ');
  out.push_back('^');
  return out;
}

}  // namespace

ParseError::ParseError(Location where, std::string msg, std::string text)
    : std::runtime_error(fmt::format("{}:{}:{}: {}\n{}\n{}", where.file, where.line, where.column,
                                     msg, text, caret_line(text, where.column))),
      loc(std::move(where)),
      line_text(std::move(text)),
      message(std::move(msg)) {}

ErrorHandler::ErrorHandler(iterator_type begin, iterator_type end, std::string file)
    : begin_(begin), end_(end), file_(std::move(file)), positions_(begin, end) {
  line_starts_.push_back(begin_);
  for (iterator_type p = begin_; p != end_; ++p)
    if (*p == '\n') line_starts_.push_back(p + 1);
}

Location ErrorHandler::locate(iterator_type pos) const {
  pos = std::clamp(pos, begin_, end_);
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), pos);
  iterator_type line_start = *(it - 1);
  int column = 1;
  for (iterator_type p = line_start; p != pos; ++p)
    if (!is_continuation(*p)) ++column;
  return Location{file_, static_cast<int>(it - line_starts_.begin()), column};
}

std::string ErrorHandler::line_text(iterator_type pos) const {
  pos = std::clamp(pos, begin_, end_);
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), pos);
  iterator_type line_start = *(it - 1);
  iterator_type line_end = std::find(line_start, end_, '\n');
  if (line_end != line_start && line_end[-1] == '\r') --line_end;
  return std::string(line_start, line_end);
}

ParseError ErrorHandler::error_at(iterator_type pos, const std::string& message) const {
  return ParseError(locate(pos), message, line_text(pos));
}

}  // namespace carve::parser
