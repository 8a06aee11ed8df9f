// Independent pieces of work (the parts of a certificate by parts, made or verified) run on a
// few threads, each thread taking the next piece in order and polling its own copy of the run's
// budget -- a Budget is not shared between threads; the deadline, the memory ceiling (the
// process's resident set) and an interrupt are the run's all the same.
// Invariant: the pieces taken are always the first ones (a piece is taken only after every piece
// before it), every piece taken runs to its end, and once a piece answers "stop" no new piece is
// taken -- so a caller reading the results in order meets every piece before the first that
// stopped, and a piece that failed never hides one before it.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

#include "foundations/limits/budget.hpp"

namespace carve::limits {

// Runs `piece(i, budget)` for i = 0, 1, ... < count on min(jobs, count) threads until a piece
// returns false (stop taking new pieces) or every piece was taken. One thread: on the caller's
// thread and `budget` itself. Returns how many pieces were taken (the first ones). A piece that
// throws stops the taking of new pieces too; once every thread has ended, its exception is
// rethrown on the caller's thread when no piece before it stopped -- what one thread, taking
// the pieces in order, would have met first.
template <class Piece>
std::size_t run_in_order(std::size_t count, int jobs, Budget& budget, Piece piece) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::vector<std::exception_ptr> thrown(count);
  std::vector<char> stopped(count, 0);  // by a false, or by an exception
  const auto work = [&](Budget& own) {
    while (!stop.load()) {
      const std::size_t i = next.fetch_add(1);
      if (i >= count) return;
      try {
        stopped[i] = !piece(i, own);
      } catch (...) {
        thrown[i] = std::current_exception();
        stopped[i] = 1;
      }
      if (stopped[i]) stop = true;
    }
  };
  const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, jobs)), count);
  if (threads <= 1) {
    work(budget);
  } else {
    std::vector<Budget> budgets(threads, budget);
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < threads; ++t) pool.emplace_back(work, std::ref(budgets[t]));
    for (auto& t : pool) t.join();
  }
  for (std::size_t i = 0; i < count && i < next.load(); ++i) {
    if (thrown[i]) std::rethrow_exception(thrown[i]);
    if (stopped[i]) break;
  }
  return std::min(next.load(), count);
}

}  // namespace carve::limits
