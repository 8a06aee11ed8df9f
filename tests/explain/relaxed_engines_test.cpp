// The sat engine on relaxed rules (model::Relaxed: Φ_root, Φ_inc, the obligation to collapse,
// succession's eligibility switched off, alone and together) against explicit search, which plays
// them through the reference semantics itself: the same verdict and the same shortest win on every
// combination, on small document 000 questions of the corpus (simple paths and trails; walks, where explicit search
// takes minutes, are left to the slow program's core checks). carve explain's trials rest on the
// sat engine's answers there; this is the cross-check that it encodes the relaxed rules exactly.
#include <gtest/gtest.h>

#include <string>

#include "elaborate/case.hpp"
#include "explain/decide.hpp"

namespace carve::testing {
namespace {

TEST(RelaxedRules, SatAgreesWithExplicitSearchOnEveryCombination) {
  for (const char* path : {"cases/binary_tree/simple/p3_d3.case", "cases/binary_tree/simple/k13_d3.case",
                           "cases/binary_tree/trail/c4_d3.case"}) {
    const elab::Case c = elab::load_case(path);
    ASSERT_TRUE(c.target);
    for (int mask = 1; mask < 16; ++mask) {
      model::Game g = c.game;
      g.rules.relaxed.root_endpoint = mask & 1;
      g.rules.relaxed.contains_new = mask & 2;
      g.rules.relaxed.obligation = mask & 4;
      g.rules.relaxed.eligibility = mask & 8;
      SCOPED_TRACE(std::string(path) + " relaxed mask " + std::to_string(mask));
      explain::DecideOptions o;
      o.turns = 2;
      o.engine = "sat";
      const auto sat = explain::decide(g, *c.target, o);
      o.engine = "explicit";
      const auto expl = explain::decide(g, *c.target, o);
      ASSERT_FALSE(sat.refused) << sat.reason;
      ASSERT_NE(expl.verdict, search::Verdict::Unknown) << expl.reason;
      EXPECT_EQ(sat.verdict, expl.verdict) << explain::answer_text(sat) << " vs " << explain::answer_text(expl);
      EXPECT_EQ(sat.turns, expl.turns) << explain::answer_text(sat) << " vs " << explain::answer_text(expl);
    }
  }
}

}  // namespace
}  // namespace carve::testing
