#include "parser/parse.hpp"

#include "parser/error_handler.hpp"
#include "parser/grammar.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace carve::parser {

namespace {

// Validate UTF-8 up front: a malformed byte is a syntax error at its own position.
void check_utf8(const ErrorHandler& handler) {
  const auto* p = reinterpret_cast<const unsigned char*>(handler.begin());
  const auto* end = reinterpret_cast<const unsigned char*>(handler.end());
  while (p != end) {
    unsigned char c = *p;
    int extra = 0;
    unsigned min = 0;
    if (c < 0x80) {
      ++p;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      extra = 1, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3, min = 0x10000;
    } else {
      throw handler.error_at(reinterpret_cast<const char*>(p), "invalid UTF-8 byte");
    }
    unsigned cp = c & (0x3F >> extra);
    for (int i = 1; i <= extra; ++i) {
      if (end - p <= i || (p[i] & 0xC0) != 0x80)
        throw handler.error_at(reinterpret_cast<const char*>(p), "invalid UTF-8 sequence");
      cp = (cp << 6) | (p[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      throw handler.error_at(reinterpret_cast<const char*>(p), "invalid UTF-8 sequence");
    p += extra + 1;
  }
}

template <typename Rule, typename Result>
Result run(std::string_view text, const std::string& filename, Rule const& rule) {
  iterator_type first = text.data();
  iterator_type last = text.data() + text.size();
  ErrorHandler handler(first, last, filename);
  check_utf8(handler);
  if (last - first >= 3 && std::string_view(first, 3) == "\xEF\xBB\xBF") first += 3;  // BOM
  Result result;
  auto const parser = x3::with<error_handler_tag>(std::ref(handler))[rule];
  try {
    bool ok = x3::phrase_parse(first, last, parser, skipper, result);
    // The grammar ends in expect[eoi], so a failed parse has always thrown; be safe anyway.
    if (!ok) throw handler.error_at(first, "syntax error");
  } catch (const x3::expectation_failure<iterator_type>& e) {
    throw handler.error_at(e.where(), e.which());
  }
  return result;
}

// The system's reason is part of the message ("No such file or directory", "Permission denied");
// a folder opens as a stream on Linux, so it is named before reading.
std::string read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw ParseError(Location{path, 1, 1}, "this is a folder, not a file", "");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(Location{path, 1, 1}, std::string("cannot open file: ") + (errno ? std::strerror(errno) : "unknown reason"), "");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw ParseError(Location{path, 1, 1}, "cannot read file", "");
  return ss.str();
}

}  // namespace

ast::Spec parse_spec(std::string_view text, const std::string& filename) {
  return run<grammar::spec_file_type, ast::Spec>(text, filename, spec_file_rule());
}

ast::CaseFile parse_case(std::string_view text, const std::string& filename) {
  return run<grammar::case_file_type, ast::CaseFile>(text, filename, case_file_rule());
}

ast::Spec parse_spec_file(const std::string& path) { return parse_spec(read_file(path), path); }

ast::CaseFile parse_case_file(const std::string& path) { return parse_case(read_file(path), path); }

}  // namespace carve::parser
