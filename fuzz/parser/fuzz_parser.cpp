// libFuzzer target for the carve DSL parser: feeds every input to parse_spec and parse_case.
// The only exception allowed to escape the parser is carve::parser::ParseError; anything else
// (another exception, a crash, a sanitizer report, a timeout) is a bug.
#include "parser/parse.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string_view>

namespace {

template <typename F>
void run(F f) {
  try {
    f();
  } catch (const carve::parser::ParseError& e) {
    // Expected for malformed input: the message must carry a location.
    if (e.loc.line < 1 || e.loc.column < 1) {
      std::fprintf(stderr, "ParseError with a bad location: %s\n", e.what());
      std::abort();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "unexpected exception: %s\n", e.what());
    std::abort();
  } catch (...) {
    std::fprintf(stderr, "unexpected non-std exception\n");
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  run([&] { (void)carve::parser::parse_spec(text, "fuzz.carve"); });
  run([&] { (void)carve::parser::parse_case(text, "fuzz.case"); });
  return 0;
}
