// The source line as an error message quotes it: a window of at most kExcerptColumns columns
// around the error's column, with every control character, invalid UTF-8 byte and bidirectional
// override shown as '?', and the caret line that points into it.
// Invariant: the caret line, printed under the excerpt, puts '^' under the character at the
// given column (columns count code points, a tab counts one and is copied into the caret line);
// neither line holds a byte that could move a terminal's cursor or change its state.
#pragma once
#include <string>
#include <string_view>

namespace carve::parser {

inline constexpr int kExcerptColumns = 100;

struct Excerpt {
  std::string text;   // the quoted part of the line ("…" where it was cut)
  std::string caret;  // blanks (tabs where the text has them) and '^'
};

// `line` without its line break; `column` 1-based, as in Location; at most `width` columns.
Excerpt excerpt(std::string_view line, int column, int width = kExcerptColumns);
// Any text (a message that may quote input) made safe to print: each line cut to `width`
// columns, unprintable characters as '?'; line breaks kept.
std::string printable(std::string_view text, int width = 400);

}  // namespace carve::parser
