// "\r" + the text + the elapsed time, padded so a shorter line covers a longer one.
#include "limits/progress.hpp"

#include <cstdio>

#include <fmt/format.h>

namespace carve::limits {

Progress::Progress(bool enabled, std::string engine) : enabled_(enabled), engine_(std::move(engine)) {}

Progress::~Progress() { clear(); }

void Progress::show(const std::string& text) {
  if (!enabled_) return;
  const auto now = Clock::now();
  next_ = now + std::chrono::seconds(1);
  const auto line = fmt::format("carve: {} {} {:.0f} s", engine_, text, std::chrono::duration<double>(now - start_).count());
  std::fprintf(stderr, "\r%-79s", line.c_str());
  std::fflush(stderr);
  shown_ = true;
}

void Progress::clear() {
  if (!shown_) return;
  std::fprintf(stderr, "\r%79s\r", "");
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace carve::limits
