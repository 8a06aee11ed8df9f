#include "text/parser/parse.hpp"

#include "text/parser/error_handler.hpp"
#include "text/parser/grammar.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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

// Specs and cases are read again later (a diagnostic quotes their lines, a witness names its
// spec), so only a regular file will do: a FIFO or a device is refused before it is read, and
// opening does not block (O_NONBLOCK), so a FIFO with no writer cannot hang the run. The system's
// reason is part of the message ("No such file or directory", "Permission denied").
std::string read_file(const std::string& path) {
  auto fail = [&](const std::string& what) { return ParseError(Location{path, 1, 1}, what, ""); };
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw fail(std::string("cannot open file: ") + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw fail(std::string("cannot read file: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw fail("this is a folder, not a file");
  if (!S_ISREG(st.st_mode)) throw fail("not a regular file (a FIFO, socket or device): specs and cases are read from regular files");
  std::string text;
  text.reserve(static_cast<std::size_t>(st.st_size));
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw fail(std::string("cannot read file: ") + std::strerror(errno));
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
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
