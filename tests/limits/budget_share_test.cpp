// limits::Budget::share (foundations/limits/budget.hpp): a part of the run (one trial of carve
// explain) bounded by its share and by the run's own limits, its stop named as the share's.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "foundations/limits/budget.hpp"

namespace carve::testing {
namespace {

// Ticks until the budget stops; the reason it gives.
std::string ticks_until_stopped(limits::Budget b, std::uint64_t& ticks) {
  ticks = 0;
  try {
    for (;;) {
      b.tick();
      ++ticks;
    }
  } catch (const limits::LimitReached& e) {
    return e.what();
  }
}

TEST(BudgetShare, NodesOfTheShareThenTheRunsLimit) {
  limits::Budget run;
  run.max_nodes = 1000;
  std::uint64_t ticks = 0;
  EXPECT_EQ(ticks_until_stopped(run.share(1e9, 100), ticks), "within 100 search nodes, its share of the run's 1000");
  EXPECT_EQ(ticks, 100u);
  // A share larger than what is left is the run's own limit, named as before.
  run.charge(950);
  EXPECT_EQ(run.remaining_nodes(), 50u);
  EXPECT_EQ(ticks_until_stopped(run.share(1e9, 100), ticks), "search node limit reached");
  EXPECT_EQ(ticks, 50u);
  run.charge(100);  // more than is left: nothing remains
  EXPECT_EQ(run.remaining_nodes(), 0u);
  // Without a node limit a share adds none.
  limits::Budget none;
  EXPECT_EQ(none.share(1e9, 10).max_nodes, UINT64_MAX);
}

TEST(BudgetShare, TimeOfTheShareNamesTheShare) {
  const limits::Budget run(limits::Limits{60.0, 0, false});
  limits::Budget part = run.share(0.0);
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_TRUE(part.exhausted());
  EXPECT_EQ(part.reason(), "within 0.0 s, its share of the run's 60.0 s");
  // A share past the run's deadline is the run's deadline.
  EXPECT_EQ(run.share(1e6).deadline(), run.deadline());
  // No deadline: a share sets none (the run has no time to share).
  EXPECT_EQ(limits::Budget().share(1.0).deadline(), limits::Budget::Clock::time_point::max());
  EXPECT_FALSE(run.share(30.0).exhausted());
}

}  // namespace
}  // namespace carve::testing
