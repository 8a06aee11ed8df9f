// Cutting a line to a window around a column, and making it safe to print (see excerpt.hpp).
#include "text/parser/excerpt.hpp"

#include <algorithm>
#include <vector>

namespace carve::parser {

namespace {

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// A code point as printed: its own bytes when it is printable, else "?".
std::string shown(std::string_view unit) {
  const auto c = static_cast<unsigned char>(unit[0]);
  if (unit.size() == 1) return c == '\t' || (c >= 0x20 && c < 0x7F) ? std::string(unit) : "?";
  const int extra = (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
  if (extra != static_cast<int>(unit.size()) - 1) return "?";  // truncated or stray bytes
  unsigned cp = c & (0x3Fu >> extra);
  for (std::size_t i = 1; i < unit.size(); ++i) cp = (cp << 6) | (static_cast<unsigned char>(unit[i]) & 0x3Fu);
  static constexpr unsigned kMin[] = {0, 0x80, 0x800, 0x10000};
  const bool invalid = cp < kMin[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF);
  const bool control = (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
                       (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
  return invalid || control ? "?" : std::string(unit);
}

}  // namespace

Excerpt excerpt(std::string_view line, int column, int width) {
  // Code points as the parser counts columns: a unit starts at every byte that is not a
  // continuation byte (continuation bytes before the first such byte count for nothing).
  std::vector<std::string_view> units;
  std::size_t i = 0;
  while (i < line.size() && is_continuation(static_cast<unsigned char>(line[i]))) ++i;
  while (i < line.size()) {
    std::size_t j = i + 1;
    while (j < line.size() && is_continuation(static_cast<unsigned char>(line[j]))) ++j;
    units.push_back(line.substr(i, j - i));
    i = j;
  }
  const int n = static_cast<int>(units.size());
  const int at = std::max(column, 1) - 1;  // 0-based index of the unit the caret points at
  int first = 0;
  if (n > width && at > width / 2) first = std::min(at - width / 2, n - width + 1);
  first = std::max(first, 0);
  const int last = std::min(n, first + width);  // one past the last unit shown
  Excerpt e;
  if (first > 0) {
    e.text = "…";
    e.caret = " ";
  }
  for (int k = first; k < last; ++k) {
    e.text += shown(units[static_cast<std::size_t>(k)]);
    if (k < at) e.caret += units[static_cast<std::size_t>(k)] == "\t" ? '\t' : ' ';
  }
  if (last < n) e.text += "…";
  for (int k = std::max(last, first); k < at; ++k) e.caret += ' ';  // past the end of the line
  e.caret += '^';
  return e;
}

std::string printable(std::string_view text, int width) {
  std::string out;
  for (;;) {
    const std::size_t end = text.find('\n');
    out += excerpt(text.substr(0, end), 1, width).text;
    if (end == std::string_view::npos) return out;
    out += '\n';
    text.remove_prefix(end + 1);
  }
}

}  // namespace carve::parser
