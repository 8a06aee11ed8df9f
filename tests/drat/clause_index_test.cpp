// The DRAT checker's deletion index (checkers/drat/clause_index.hpp) on its own, against a plain
// list model (the entries in insertion order; a take is the last one with the hash that the
// predicate accepts), and through ClauseStore and check() where its choices show: collisions,
// identical clauses deleted newest first, absent clauses, growth past the reservation (runs
// wrapping the table's end included), growth refused by the budget.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "checkers/drat/clause_index.hpp"
#include "checkers/drat/clause_store.hpp"
#include "checkers/drat/drat.hpp"
#include "foundations/limits/budget.hpp"
#include "foundations/limits/resident_memory.hpp"

namespace carve::drat::detail {
namespace {

const auto any = [](ClauseId) { return true; };

TEST(ClauseIndex, ManyClausesUnderOneHashComeBackNewestFirst) {
  ClauseIndex index;
  index.reserve(8);
  const std::uint64_t h = 0x123456789abcdef0ull;
  for (ClauseId id = 0; id < 1000; ++id) index.insert(h, id, nullptr);
  EXPECT_EQ(index.size(), 1000u);
  // A predicate picks one out of the colliding entries, wherever it lies in the run.
  EXPECT_EQ(index.take(h, [](ClauseId id) { return id == 500; }), 500u);
  EXPECT_EQ(index.take(h, [](ClauseId id) { return id == 500; }), kNoClause);
  for (ClauseId id = 1000; id-- > 0;) {
    if (id == 500) continue;
    ASSERT_EQ(index.take(h, any), id);
  }
  EXPECT_EQ(index.size(), 0u);
  EXPECT_EQ(index.take(h, any), kNoClause);
}

TEST(ClauseIndex, AbsentClauseLeavesTheIndexAsItWas) {
  ClauseIndex index;
  const std::uint64_t h1 = 0x1111111122222222ull, h2 = 0x3333333344444444ull, h3 = 0x5555555566666666ull;
  EXPECT_EQ(index.take(h1, any), kNoClause);  // empty
  index.insert(h1, 7, nullptr);
  index.insert(h2, 8, nullptr);
  EXPECT_EQ(index.take(h3, any), kNoClause);                               // no such hash
  EXPECT_EQ(index.take(h1, [](ClauseId) { return false; }), kNoClause);  // the hash, not the clause
  EXPECT_EQ(index.size(), 2u);
  EXPECT_EQ(index.take(h1, any), 7u);
  EXPECT_EQ(index.take(h2, any), 8u);
}

TEST(ClauseIndex, GrowsPastItsReservationKeepingOrderAcrossTheTableEnd) {
  ClauseIndex index;
  index.reserve(4);
  const std::size_t reserved = index.capacity();
  // Keys whose home is the last slot at every size: their run wraps to slot 0, and the growth
  // must re-insert them in probe order, not in array order.
  const std::uint64_t top = 0xffffffff00000000ull;
  std::vector<std::uint64_t> hashes;
  for (ClauseId id = 0; id < 5000; ++id) {
    hashes.push_back(id % 3 == 0 ? top : top | (id % 7));  // few distinct hashes, one home
    index.insert(hashes.back(), id, nullptr);
  }
  EXPECT_GT(index.capacity(), reserved);
  EXPECT_LE(index.size() * 4, index.capacity() * 3);
  for (ClauseId id = 5000; id-- > 0;) ASSERT_EQ(index.take(hashes[id], any), id) << "hash " << hashes[id];
  EXPECT_EQ(index.size(), 0u);
}

TEST(ClauseIndex, AgreesWithAListUnderRandomInsertsAndTakes) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 4; ++round) {
    ClauseIndex index;
    index.reserve(round * 100);
    std::vector<std::pair<std::uint64_t, ClauseId>> model;  // insertion order
    std::vector<std::uint64_t> hash_of;                      // by id
    ClauseId next = 0;
    for (int op = 0; op < 20000; ++op) {
      // Few hashes, many sharing a home or their whole top half (the index tells those apart only
      // through the predicate, as the checker's set comparison does): long runs and shifts.
      const std::uint64_t h = (rng() % 12 < 4 ? 0xabcdef0100000000ull : (rng() % 8) << 61) | (rng() % 3);
      if (rng() % 5 < 3) {
        index.insert(h, next, nullptr);
        hash_of.push_back(h);
        model.emplace_back(h, next++);
        continue;
      }
      const ClauseId unwanted = static_cast<ClauseId>(rng() % 4);
      const auto pred = [&](ClauseId id) { return hash_of[id] == h && id % 4 != unwanted; };
      ClauseId expected = kNoClause;
      for (std::size_t i = model.size(); i-- > 0;) {
        if (model[i].first == h && pred(model[i].second)) {
          expected = model[i].second;
          model.erase(model.begin() + static_cast<std::ptrdiff_t>(i));
          break;
        }
      }
      ASSERT_EQ(index.take(h, pred), expected) << "round " << round << " op " << op;
      ASSERT_EQ(index.size(), model.size());
    }
  }
}

TEST(ClauseIndex, GrowthTheMemoryLimitCannotHoldStopsTheCheck) {
  limits::Limits limits;
  limits.memory_mb = limits::resident_mb() + 6;
  limits::Budget budget(limits);
  ClauseIndex index;
  ClauseId inserted = 0;
  // Doubling to 2^20 slots (8 MB, the old table still held) passes the limit before 2^20 inserts.
  EXPECT_THROW(
      for (; inserted < (1u << 20); ++inserted) index.insert(0x9e3779b97f4a7c15ull * (inserted + 1), inserted, &budget),
      limits::LimitReached);
  EXPECT_LT(inserted, 1u << 20);
  EXPECT_EQ(index.size(), inserted);
  for (ClauseId id = 0; id < inserted; id += 997) EXPECT_EQ(index.take(0x9e3779b97f4a7c15ull * (id + 1), any), id);
}

TEST(ClauseStore, IdenticalClausesAreTakenNewestFirstAsSets) {
  ClauseStore store;
  const ClauseId a = store.add({2, 4}, -1, false);   // x1 x2
  const ClauseId b = store.add({4, 2}, -2, false);   // x2 x1
  const ClauseId c = store.add({2, 5}, -3, false);   // x1 -x2: another set
  const ClauseId d = store.add({2, 4}, -4, false);   // x1 x2 again
  for (const ClauseId id : {a, b, c, d}) store.index(id);
  std::vector<bool> mark(8, false);
  EXPECT_EQ(store.take({4, 2}, mark), d);
  EXPECT_EQ(store.take({2, 4}, mark), b);
  EXPECT_EQ(store.take({2, 4}, mark), a);
  EXPECT_EQ(store.take({2, 4}, mark), kNoClause);
  EXPECT_EQ(store.take({2, 5, 6}, mark), kNoClause);  // a superset is not the clause
  EXPECT_EQ(store.take({2, 5}, mark), c);
  for (const bool m : mark) EXPECT_FALSE(m);  // the scratch is left clean
}

// Through the checker: which of three identical formula clauses a deletion removes shows in the
// trace. The newest goes first, as with the unordered_multimap the index replaced (libstdc++
// puts an equal key in front of its group); a second deletion takes the next newest.
TEST(ClauseStore, CheckerDeletesTheNewestOfIdenticalClauses) {
  const Cnf cnf = read_cnf("p cnf 2 6\n1 2 0\n2 1 0\n1 2 1 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
  Options options;
  options.record_trace = true;
  const Result r = check(cnf, read_proof("d 1 2 0\nd 2 1 0\nd 1 2 0\nd 1 2 0\n1 0\n0\n"), options);
  EXPECT_FALSE(r.accepted);  // (1 2) is gone: 1 is not RUP
  ASSERT_EQ(r.deletion_targets.size(), 6u);
  EXPECT_EQ(r.deletion_targets[0], -3);  // original clause 2, "1 2 1"
  EXPECT_EQ(r.deletion_targets[1], -2);
  EXPECT_EQ(r.deletion_targets[2], -1);
  EXPECT_EQ(r.deletion_targets[3], Result::kNoTarget);  // none left
  EXPECT_EQ(r.missing_deletions, 1u);
}

}  // namespace
}  // namespace carve::drat::detail
