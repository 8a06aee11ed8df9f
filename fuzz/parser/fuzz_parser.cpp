// libFuzzer target for the carve DSL parser: feeds every input to parse_spec and parse_case.
// The only exception allowed to escape the parser is carve::parser::ParseError; anything else
// (another exception, a crash, a sanitizer report, a timeout) is a bug, and so is an expression
// tree taller than the parser's bound (every pass after the parser recurses once per level).
#include "text/parser/parse.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string_view>
#include <variant>

namespace {

constexpr int kHeightBound = 256;  // text/parser/grammar_def.hpp: kMaxExpressionHeight

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

// The tree's real height, counted here rather than trusted from Expr::height (recursion is
// safe: a taller tree than the bound is reported before it could exhaust the stack).
int height(const carve::parser::ast::Expr& e, int level = 1) {
  if (level > kHeightBound) {
    std::fprintf(stderr, "an expression tree taller than %d levels\n", kHeightBound);
    std::abort();
  }
  int h = 1;
  for (const auto& a : e.args) h = std::max(h, 1 + height(a, level + 1));
  return h;
}

void check_heights(const carve::parser::ast::Spec& spec) {
  for (const auto& d : spec.decls) {
    if (const auto* c = std::get_if<carve::parser::ast::ClaimDecl>(&d)) (void)height(c->body);
    if (const auto* f = std::get_if<carve::parser::ast::DefineDecl>(&d)) (void)height(f->body);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  run([&] { check_heights(carve::parser::parse_spec(text, "fuzz.carve")); });
  run([&] { (void)carve::parser::parse_case(text, "fuzz.case"); });
  return 0;
}
