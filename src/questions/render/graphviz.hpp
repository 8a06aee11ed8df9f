// Running Graphviz's `dot` program: DOT text in, SVG (or another output format) out.
// Invariant: returns dot's complete output or throws GraphvizError with dot's own message; the
// temporary files it uses are removed either way.
#pragma once
#include <stdexcept>
#include <string>

namespace carve::render {

struct GraphvizError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// `format` is a dot -T value ("svg", "png", ...). What Graphviz printed on stderr of a run that
// succeeded (its warnings, such as a routing fallback) goes to *warnings when given.
std::string run_dot(const std::string& dot_text, const std::string& format, std::string* warnings = nullptr);

}  // namespace carve::render
