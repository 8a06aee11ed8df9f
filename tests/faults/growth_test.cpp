// A hash table's growth under a memory limit (foundations/limits/guarded_growth.hpp): the step that doubles a
// flat set allocates the whole new table while the old one is held, so the budget is asked for
// those bytes before the step, not after it (when the resident set is next read, the limit would
// be passed by the table's size). Explicit search's per-expansion sets are such tables.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <absl/container/flat_hash_set.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <string>

#include "foundations/limits/budget.hpp"
#include "foundations/limits/guarded_growth.hpp"
#include "foundations/limits/resident_memory.hpp"

namespace {

using Key = std::array<std::uint64_t, 8>;  // 64 bytes, as an edge set's words
struct KeyHash {
  std::size_t operator()(const Key& k) const { return std::hash<std::uint64_t>{}(k[0] * 0x9e3779b97f4a7c15ull); }
};
using Set = absl::flat_hash_set<Key, KeyHash>;

// A set of at least 2^19 slots whose next insert makes it grow (make_room's brim, 7/8 full).
Set set_at_the_brim() {
  Set set;
  for (std::uint64_t next = 0; set.bucket_count() < (1u << 19) || (set.size() + 1) * 8 <= set.bucket_count() * 7; ++next)
    set.insert(Key{next});
  return set;
}

TEST(Growth, AFlatSetStopsBeforeATableItsLimitCannotHold) {
  Set set = set_at_the_brim();  // 2^19 slots: 34 MB; the next table is 68 MB more
  const auto slots = set.bucket_count();
  carve::limits::Budget tight(carve::limits::Limits{0, carve::limits::resident_mb() + 40, false});
  EXPECT_THROW(carve::limits::make_room(set, tight), carve::limits::LimitReached);
  EXPECT_EQ(set.bucket_count(), slots);  // the table did not grow
  EXPECT_EQ(tight.reason(), "memory limit " + std::to_string(tight.memory_mb()) + " MB reached");
  // With room for the new table the same step grows it to twice the slots, not four times.
  carve::limits::Budget roomy(carve::limits::Limits{0, carve::limits::resident_mb() + 400, false});
  carve::limits::make_room(set, roomy);
  EXPECT_EQ(set.bucket_count(), 2 * slots + 1);
}

// A rehash the deadline cannot hold is not started, and the reason says how far ahead of the
// deadline the run stopped: its seconds alone would read as a timeout that came too soon (on a
// loaded machine EngineLimits' explicit run failed its "seconds >= 2.0" once, by this path).
TEST(Growth, ARehashPastTheDeadlineStopsAndSaysHowEarly) {
  Set set = set_at_the_brim();
  const auto slots = set.bucket_count();
  carve::limits::Budget budget(carve::limits::Limits{60, 0, false});
  budget.after_bulk(set.size(), std::chrono::seconds(100));  // the last rehash's rate: 100 s for this many
  EXPECT_THROW(carve::limits::make_room(set, budget), carve::limits::LimitReached);
  EXPECT_EQ(set.bucket_count(), slots);
  const std::string prefix = "timeout after 60.0 s (stopped ";
  ASSERT_EQ(budget.reason().rfind(prefix, 0), 0u) << budget.reason();
  EXPECT_THAT(budget.reason(), ::testing::EndsWith(" s early: a rehash would not have ended in time)"));
  const double early = std::stod(budget.reason().substr(prefix.size()));
  EXPECT_GT(early, 0);
  EXPECT_NEAR(early + budget.elapsed_seconds(), 60.0, 5.0) << "the stated margin is not the time left";
  EXPECT_TRUE(budget.exhausted()) << "a later poll must stop on the same limit";
  EXPECT_EQ(budget.reason().rfind(prefix, 0), 0u);
}

}  // namespace
