// TextCursor: a read position in a text input that tracks line and column (both 1-based).
// Invariant: line/col always describe the byte at `pos`; every error it raises is an
// InputError located "name:line:col: message"; only printable ASCII and whitespace pass, except
// inside a comment line, which may also hold UTF-8 (a spec's title in carve's own DIMACS header).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "checkers/drat/drat.hpp"

namespace carve::drat::detail {

class TextCursor {
public:
  TextCursor(std::string_view data, std::string_view name) : data_(data), name_(name) {}

  bool at_end() const { return pos_ >= data_.size(); }
  char peek() const { return data_[pos_]; }
  std::uint32_t line() const { return line_; }
  std::uint32_t col() const { return col_; }
  std::size_t pos() const { return pos_; }

  void advance() {
    if (data_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }

  [[noreturn]] void fail(const std::string& message) const { fail_at(line_, col_, message); }
  [[noreturn]] void fail_at(std::uint32_t line, std::uint32_t col, const std::string& message) const {
    throw InputError(std::string(name_) + ":" + std::to_string(line) + ":" + std::to_string(col) +
                     ": " + message);
  }

  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
  static bool is_text(char c) {
    const auto u = static_cast<unsigned char>(c);
    return is_space(c) || (u >= 32 && u < 127);
  }

  // Rejects the current byte if it is not text (binary garbage).
  void require_text() const {
    if (!is_text(peek())) fail("unexpected byte " + hex(peek()) + " (binary data in a text file?)");
  }

  // Skips spaces, tabs, carriage returns and newlines.
  void skip_space() {
    while (!at_end() && is_space(peek())) advance();
  }
  // Skips spaces and tabs but stops at a newline.
  void skip_blank() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\r')) advance();
  }
  // Skips a comment to just after the next newline (or to the end): text, or well-formed UTF-8
  // sequences (lead byte C2..F4, then continuation bytes 80..BF); anything else is binary data.
  void skip_line() {
    while (!at_end()) {
      const auto u = static_cast<unsigned char>(peek());
      if (u >= 0x80) {
        skip_utf8_sequence(u);
        continue;
      }
      require_text();
      const char c = peek();
      advance();
      if (c == '\n') return;
    }
  }

  // Reads an optionally negative decimal integer; |value| must not exceed `limit`.
  // The token must end at whitespace or at the end of the input.
  std::int64_t read_int(std::int64_t limit, const char* what) {
    const auto l = line_, c = col_;
    bool negative = false;
    if (!at_end() && peek() == '-') {
      negative = true;
      advance();
    }
    if (at_end() || peek() < '0' || peek() > '9') {
      if (!at_end()) require_text();
      fail_at(l, c, std::string("expected ") + what);
    }
    std::int64_t value = 0;
    while (!at_end() && peek() >= '0' && peek() <= '9') {
      value = value * 10 + (peek() - '0');
      if (value > limit) fail_at(l, c, std::string(what) + " out of range (limit " + std::to_string(limit) + ")");
      advance();
    }
    if (!at_end() && !is_space(peek())) {
      require_text();
      fail(std::string("unexpected character '") + peek() + "' in " + what);
    }
    return negative ? -value : value;
  }

  static std::string hex(char c) {
    static const char* digits = "0123456789abcdef";
    const auto u = static_cast<unsigned char>(c);
    return std::string("0x") + digits[u >> 4] + digits[u & 15];
  }

private:
  void skip_utf8_sequence(unsigned char lead) {
    const int continuation = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : -1;
    if (continuation < 0) fail("unexpected byte " + hex(peek()) + " (binary data in a text file?)");
    advance();
    for (int i = 0; i < continuation; ++i) {
      if (at_end() || (static_cast<unsigned char>(peek()) & 0xc0) != 0x80)
        fail(at_end() ? "a UTF-8 sequence cut short by the end of the file"
                      : "invalid UTF-8 in a comment: byte " + hex(peek()) + " where a continuation byte was expected");
      advance();
    }
  }

  std::string_view data_;
  std::string_view name_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1, col_ = 1;
};

}  // namespace carve::drat::detail
