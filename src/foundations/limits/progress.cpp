// "\r" + the text + the elapsed time, padded so a shorter line covers a longer one; lanes joined.
#include "foundations/limits/progress.hpp"

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

namespace carve::limits {

namespace {
constexpr std::size_t kWidth = 79;  // a line longer than the terminal wraps and is no longer rewritten
}

Progress::Progress(bool enabled, std::string engine) : enabled_(enabled), engine_(std::move(engine)) {}

Progress::Progress(ProgressLanes& lanes, std::string lane) : enabled_(lanes.enabled()), engine_(std::move(lane)), lanes_(&lanes) {}

Progress::~Progress() { clear(); }

void Progress::show(const std::string& text) {
  if (!enabled_) return;
  const auto now = Clock::now();
  next_ = now + std::chrono::seconds(1);
  shown_ = true;
  if (lanes_) {
    lanes_->set(engine_, text);
    return;
  }
  const auto line = fmt::format("carve: {} {} {:.0f} s", engine_, text, std::chrono::duration<double>(now - start_).count());
  std::fprintf(stderr, "\r%-79s", line.c_str());
  std::fflush(stderr);
}

void Progress::clear() {
  if (!shown_) return;
  shown_ = false;
  if (lanes_) {
    lanes_->drop(engine_);
    return;
  }
  std::fprintf(stderr, "\r%79s\r", "");
  std::fflush(stderr);
}

void ProgressLanes::set(const std::string& lane, const std::string& text) {
  const std::lock_guard<std::mutex> lock(mutex_);
  texts_[lane] = text;
  redraw();
}

void ProgressLanes::drop(const std::string& lane) {
  const std::lock_guard<std::mutex> lock(mutex_);
  texts_.erase(lane);
  if (texts_.empty())
    line_.clear();
  else
    redraw();
}

void ProgressLanes::redraw() {
  if (texts_.empty()) return;
  // What the line holds besides the lanes: "carve: ", the engine, " 12345 s", the separators.
  const std::size_t around = 7 + engine_width_ + 1 + 8 + 3 * (texts_.size() - 1);
  const std::size_t share = std::max<std::size_t>(12, (kWidth > around ? kWidth - around : 0) / texts_.size());
  std::string joined;
  for (const auto& [lane, text] : texts_) {
    std::string one = lane + ": " + text;
    if (one.size() > share) one = one.substr(0, share - 1) + "~";
    joined += (joined.empty() ? "" : " | ") + one;
  }
  line_.show(joined);
}

}  // namespace carve::limits
