// ByteQueue and ForwardCheckThread (forward.hpp): a forward check fed from another thread.
// Invariant: the checking thread drains the queue to its end (or abandons it once its answer can
// no longer change: a limit reached, a malformed step), so a producer never waits on a checker
// that has stopped reading.
#include <utility>

#include "checkers/drat/forward.hpp"

namespace carve::drat {

void ByteQueue::push(std::string_view bytes) {
  if (bytes.empty()) return;
  std::unique_lock lock(mutex_);
  room_.wait(lock, [&] { return abandoned_ || held_ < capacity_; });
  if (abandoned_ || closed_) return;
  pieces_.emplace_back(bytes);
  held_ += bytes.size();
  peak_ = std::max(peak_, held_);
  data_.notify_one();
}

void ByteQueue::close() {
  std::lock_guard lock(mutex_);
  closed_ = true;
  data_.notify_all();
}

void ByteQueue::abandon() {
  std::lock_guard lock(mutex_);
  abandoned_ = true;
  pieces_.clear();
  held_ = 0;
  room_.notify_all();
}

bool ByteQueue::pop(std::string& out) {
  std::unique_lock lock(mutex_);
  data_.wait(lock, [&] { return closed_ || !pieces_.empty(); });
  if (pieces_.empty()) return false;
  out = std::move(pieces_.front());
  pieces_.pop_front();
  held_ -= out.size();
  room_.notify_one();
  return true;
}

std::size_t ByteQueue::peak_bytes() const {
  std::lock_guard lock(mutex_);
  return peak_;
}

ForwardCheckThread::ForwardCheckThread(const Cnf& cnf, ProofFormat format, std::string name, const Options& options,
                                       std::size_t capacity)
    : cnf_(cnf), format_(format), name_(std::move(name)), options_(options), queue_(capacity) {
  thread_ = std::thread([this] { run(); });
}

ForwardCheckThread::~ForwardCheckThread() {
  if (joined_) return;
  queue_.close();
  if (thread_.joinable()) thread_.join();
}

void ForwardCheckThread::run() {
  try {
    ForwardCheck check(cnf_, format_, name_, options_);
    std::string piece;
    while (queue_.pop(piece)) {
      check.feed(piece);
      bytes_ = check.bytes();
      if (check.stopped()) queue_.abandon();
    }
    std::string reason;
    {
      std::lock_guard lock(cut_mutex_);
      reason = cut_reason_;
    }
    if (!reason.empty()) {
      // A cut stream may end inside a step: that is the cut, not a malformed proof.
      Result r = check.finish(true);
      if (!r.accepted) {
        r.accepted = false;
        r.limit_reached = true;
        r.has_failed_step = false;
        r.message = "the proof's stream was cut (" + reason + ") before the check answered";
      }
      result_ = r;
      return;
    }
    result_ = check.finish();
  } catch (...) {
    error_ = std::current_exception();
    queue_.abandon();
  }
}

void ForwardCheckThread::cut(const std::string& reason) {
  {
    std::lock_guard lock(cut_mutex_);
    cut_reason_ = reason.empty() ? "no reason given" : reason;
  }
  queue_.close();
}

Result ForwardCheckThread::join() {
  queue_.close();
  if (thread_.joinable()) thread_.join();
  joined_ = true;
  if (error_) std::rethrow_exception(error_);
  return result_;
}

std::size_t ForwardCheckThread::bytes() const { return bytes_; }

}  // namespace carve::drat
