// limits::run_in_order: the pieces taken are the first ones, a stop ends the taking, and what a
// caller reads in order is what one thread taking the pieces in order would have met.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "foundations/limits/ordered_workers.hpp"

namespace carve::limits::testing {
namespace {

TEST(OrderedWorkers, EveryPieceRunsOnceOnAnyNumberOfThreads) {
  for (int jobs : {1, 2, 3, 8, 40}) {
    Budget budget;
    std::vector<std::atomic<int>> runs(25);
    const std::size_t taken = run_in_order(runs.size(), jobs, budget, [&](std::size_t i, Budget&) {
      ++runs[i];
      return true;
    });
    EXPECT_EQ(taken, runs.size()) << jobs;
    for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i].load(), 1) << jobs << " " << i;
  }
  Budget budget;
  EXPECT_EQ(run_in_order(0, 4, budget, [](std::size_t, Budget&) { return true; }), 0u);
}

TEST(OrderedWorkers, AStopEndsTheTakingAndTheTakenAreTheFirstPieces) {
  for (int jobs : {1, 2, 4}) {
    Budget budget;
    std::vector<std::atomic<int>> runs(50);
    const std::size_t stop_at = 7;
    const std::size_t taken = run_in_order(runs.size(), jobs, budget, [&](std::size_t i, Budget&) {
      ++runs[i];
      return i != stop_at;
    });
    // The piece that stopped was taken; on one thread nothing after it. (On more, the others may
    // have taken later pieces while it ran: how many depends on the scheduler, not on the rule.)
    EXPECT_GT(taken, stop_at) << jobs;
    if (jobs == 1) {
      EXPECT_EQ(taken, stop_at + 1);
    }
    for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i].load(), i < taken ? 1 : 0) << jobs << " " << i;
  }
}

TEST(OrderedWorkers, EachThreadPollsItsOwnBudget) {
  Budget budget;
  std::vector<const Budget*> seen(16, nullptr);
  run_in_order(seen.size(), 4, budget, [&](std::size_t i, Budget& own) {
    seen[i] = &own;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    return true;
  });
  for (const Budget* b : seen) EXPECT_NE(b, &budget);
  std::vector<const Budget*> alone(3, nullptr);
  run_in_order(alone.size(), 1, budget, [&](std::size_t i, Budget& own) {
    alone[i] = &own;
    return true;
  });
  for (const Budget* b : alone) EXPECT_EQ(b, &budget);  // one thread: the caller's budget itself
}

// A piece that throws is rethrown on the caller's thread -- unless a piece before it stopped,
// which one thread taking the pieces in order would have met first.
TEST(OrderedWorkers, AnExceptionReachesTheCallerUnlessAnEarlierPieceStopped) {
  for (int jobs : {1, 2, 3}) {
    Budget budget;
    EXPECT_THROW(run_in_order(10, jobs, budget,
                              [](std::size_t i, Budget&) -> bool {
                                if (i == 4) throw std::runtime_error("piece 4");
                                return true;
                              }),
                 std::runtime_error)
        << jobs;
  }
  // Piece 0 stops after piece 1 has thrown (on two threads piece 1 is taken at once): no exception.
  Budget budget;
  std::atomic<bool> thrown{false};
  std::size_t taken = 0;
  EXPECT_NO_THROW(taken = run_in_order(10, 2, budget, [&](std::size_t i, Budget&) -> bool {
                    if (i == 1) {
                      thrown = true;
                      throw std::runtime_error("piece 1");
                    }
                    while (i == 0 && !thrown) std::this_thread::yield();
                    return i != 0;
                  }));
  EXPECT_EQ(taken, 2u);
}

}  // namespace
}  // namespace carve::limits::testing
