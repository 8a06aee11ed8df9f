#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "checker/search/explicit_search.hpp"
#include "model/target.hpp"
#include "tests/model/fixtures.hpp"

using namespace carve;

TEST(SearchSmoke, Timing) {
  for (const char* prof : {"simple", "trail", "walk"}) {
    for (const char* t : {"K1", "K2", "P3", "P4", "K3", "C4", "K1,3"}) {
      auto g = fixtures::binary_tree_game(3, prof, "factor");
      auto target = model::parse_target_auto(t);
      search::Options o;
      o.max_turns = 3;
      auto r = search::explicit_search(g, target, o);
      std::printf("%s %s: %s turns=%d states=%llu succ=%llu %.2fs\n", prof, t, search::verdict_name(r.verdict).c_str(),
                  r.turns ? *r.turns : -1, (unsigned long long)r.states, (unsigned long long)r.successors, r.seconds);
    }
  }
}
