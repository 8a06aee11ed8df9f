// The progress line of a long run on stderr: what the engine is doing (k, states, conflicts,
// lemmas...) and the elapsed time, rewritten in place at most once a second.
// Invariant: nothing is written unless enabled (stderr a terminal, neither --quiet nor --json),
// and a line once written is erased by clear() or the destructor, so the answer on stdout is
// never mixed with it.
#pragma once
#include <chrono>
#include <string>

namespace carve::limits {

class Progress {
 public:
  using Clock = std::chrono::steady_clock;
  Progress(bool enabled, std::string engine);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool enabled() const { return enabled_; }
  // True when enabled and a second has passed since the last line: then build the text and show it.
  bool due() const { return enabled_ && Clock::now() >= next_; }
  void show(const std::string& text);
  void clear();

 private:
  bool enabled_;
  std::string engine_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point next_ = start_ + std::chrono::seconds(1);
  bool shown_ = false;
};

}  // namespace carve::limits
