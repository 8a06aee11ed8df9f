// A thread that asks `poll` every `period` while its owner works, and calls `stop` once when the
// answer is true: for solvers (Z3) that take no callback during their search. Invariant: the
// thread has ended when the destructor returns, also when the owner's work threw.
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace carve::limits {

class PollWatch {
 public:
  PollWatch(std::function<bool()> poll, std::function<void()> stop, std::chrono::milliseconds period)
      : poll_(std::move(poll)), stop_(std::move(stop)) {
    if (!poll_) return;
    thread_ = std::thread([this, period] {
      std::unique_lock lock(m_);
      while (!cv_.wait_for(lock, period, [this] { return done_; }))
        if (poll_()) {
          stop_();
          return;
        }
    });
  }
  ~PollWatch() {
    {
      std::lock_guard lock(m_);
      done_ = true;
    }
    cv_.notify_one();
    if (thread_.joinable()) thread_.join();
  }
  PollWatch(const PollWatch&) = delete;
  PollWatch& operator=(const PollWatch&) = delete;

 private:
  std::function<bool()> poll_;
  std::function<void()> stop_;
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace carve::limits
