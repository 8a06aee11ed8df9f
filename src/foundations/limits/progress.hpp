// The progress line of a long run on stderr: what the engine is doing (k, states, conflicts,
// lemmas...) and the elapsed time, rewritten in place at most once a second.
// Invariant: nothing is written unless enabled (stderr a terminal, neither --quiet nor --json),
// and a line once written is erased by clear() or the destructor, so the answer on stdout is
// never mixed with it. Workers on several threads (the parts of a certificate on --jobs N) each
// hold a Progress that is a lane of one ProgressLanes: their texts share one line, written under
// a lock, so two threads never write over each other.
#pragma once
#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace carve::limits {

class ProgressLanes;

class Progress {
 public:
  using Clock = std::chrono::steady_clock;
  Progress(bool enabled, std::string engine);
  // A lane of `lanes` named `lane` ("10", a part's index): show() sets its text in their shared line.
  Progress(ProgressLanes& lanes, std::string lane);
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
  std::string engine_;  // a lane's name when lanes_ is set
  ProgressLanes* lanes_ = nullptr;
  Clock::time_point start_ = Clock::now();
  Clock::time_point next_ = start_ + std::chrono::seconds(1);
  bool shown_ = false;
};

// One line for several lanes: "carve: ENGINE lane: text | lane: text  S s", each lane's text
// cut to its share of the line so the line never wraps (a wrapped line is not rewritten in place).
class ProgressLanes {
 public:
  ProgressLanes(bool enabled, const std::string& engine) : line_(enabled, engine), engine_width_(engine.size()) {}
  bool enabled() const { return line_.enabled(); }

 private:
  friend class Progress;
  void set(const std::string& lane, const std::string& text);
  void drop(const std::string& lane);
  void redraw();  // under mutex_

  std::mutex mutex_;
  Progress line_;
  std::size_t engine_width_;
  std::map<std::string, std::string> texts_;  // lane -> its latest text
};

}  // namespace carve::limits
