#include "text/parser/error_handler.hpp"

#include <fmt/format.h>

#include "text/parser/excerpt.hpp"
#include "text/parser/keywords.hpp"
#include "text/parser/near_names.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace carve::parser {

namespace {

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Where a statement was expected and a word stands that opens none ("predicat"): that word, and
// the keywords near it; else "".
std::string keyword_hint(const std::string& message, iterator_type where, iterator_type last) {
  const KeywordPlace* place = nullptr;
  for (const KeywordPlace* p : kKeywordPlaces)
    if (message == "expected " + std::string(p->expected)) place = p;
  if (!place) return "";
  iterator_type end = where;
  while (end != last && (std::isalnum(static_cast<unsigned char>(*end)) || *end == '-' || *end == '_')) ++end;
  if (end == where) return "";
  std::vector<std::string> keywords;
  for (auto k : place->keywords)
    if (!k.empty()) keywords.emplace_back(k);
  const std::string word(where, end);
  return fmt::format("; '{}' opens no statement here{}", word, did_you_mean(word, keywords));
}

}  // namespace

ParseError::ParseError(Location where, std::string msg, std::string text)
    : ParseError(where, std::move(msg), excerpt(text, where.column)) {}

ParseError::ParseError(Location where, std::string msg, Excerpt quoted)
    : std::runtime_error(fmt::format("{}:{}:{}: {}\n{}\n{}", where.file, where.line, where.column, msg,
                                     quoted.text, quoted.caret)),
      loc(std::move(where)),
      line_text(std::move(quoted.text)),
      message(std::move(msg)) {}

ErrorHandler::ErrorHandler(iterator_type begin, iterator_type end, std::string file)
    : begin_(begin), end_(end), file_(std::move(file)), positions_(begin, end) {
  line_starts_.push_back(begin_);
  continuation_before_.reserve(static_cast<std::size_t>(end_ - begin_) + 1);
  int continuation = 0;
  for (iterator_type p = begin_; p != end_; ++p) {
    continuation_before_.push_back(continuation);
    if (is_continuation(*p)) ++continuation;
    if (*p == '\n') line_starts_.push_back(p + 1);
  }
  continuation_before_.push_back(continuation);
}

Location ErrorHandler::locate(iterator_type pos) const {
  pos = std::clamp(pos, begin_, end_);
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), pos);
  iterator_type line_start = *(it - 1);
  auto offset = [this](iterator_type p) { return static_cast<std::size_t>(p - begin_); };
  int bytes = static_cast<int>(pos - line_start);
  int column = 1 + bytes - (continuation_before_[offset(pos)] - continuation_before_[offset(line_start)]);
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
  pos = std::clamp(pos, begin_, end_);
  return ParseError(locate(pos), message + keyword_hint(message, pos, end_), line_text(pos));
}

}  // namespace carve::parser
