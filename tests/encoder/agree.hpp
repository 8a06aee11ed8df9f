// Agreement of the SAT engine (on CaDiCaL or Z3) with explicit search on one 000 instance, built from fixtures so
// the tests do not depend on the parser. Every SAT win must replay; where the SAT encoding is
// exact (every path kind; walks through their edge sets) the verdict and the number of turns must
// equal explicit search's; with a path-length override (walks by positions, not exact) a SAT
// answer may be weaker but never contradict it.
#pragma once
#include <gtest/gtest.h>

#include "checkers/replay/replay.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder {

struct Instance {
  std::string path, density, target;
  int depth, turns;
  bool lenient = false;   // loop=allow, readd=allow (the profile lenient with path=walk, density=factor)
  int path_length = 0;    // > 0: positional collapse paths of this length
  elab::Solver solver = elab::Solver::Cadical;  // or Z3 (the smt engine)
  bool probe = false;     // SatOptions::probe_from_above (with a time limit, which the probe needs)
};

// Returns whether a probe from above (Instance::probe) found a win.
inline bool agree(const Instance& in) {
  auto game = fixtures::binary_tree_game(in.depth, in.path, in.density);
  if (in.lenient) {
    game.rules.reading.set(model::Switch::Loop, "allow");
    game.rules.reading.set(model::Switch::Readd, "allow");
  }
  const auto target = model::parse_target_auto(in.target);
  SatOptions so;
  so.max_turns = in.turns;
  so.path_length = in.path_length;
  so.solver = in.solver;
  so.probe_from_above = in.probe;
  if (in.probe) so.budget = model::Budget(limits::Limits{3600, 0, false});
  const auto sat = sat_search(game, target, so);
  search::Options eo;
  eo.max_turns = in.turns;
  const auto exp = search::explicit_search(game, target, eo);
  const std::string what = in.path + "/" + in.density + (in.lenient ? "/lenient " : " ") + in.target + " D=" + std::to_string(in.depth) + " on " + elab::name(in.solver);
  EXPECT_EQ(sat.exact, in.path_length == 0) << what;
  if (exp.verdict == answer::Verdict::Unknown) {
    ADD_FAILURE() << what << ": explicit search answered unknown";
    return false;
  }
  if (sat.result.verdict == answer::Verdict::Win) {
    model::Budget b;
    const auto rep = replay::replay(game, sat.result.witness, &target, std::nullopt, b);
    EXPECT_TRUE(rep.legal) << what << ": " << rep.violation.message;
    EXPECT_EQ(rep.win_turn, sat.result.turns) << what;
    EXPECT_EQ(exp.verdict, answer::Verdict::Win) << what;
  }
  // A win found from above is a real play: never shorter than the shortest carving.
  if (sat.probed_turns >= 0) {
    EXPECT_EQ(exp.verdict, answer::Verdict::Win) << what;
    if (exp.turns) {
      EXPECT_GE(sat.probed_turns, *exp.turns) << what;
    }
  }
  if (sat.exact) {
    EXPECT_EQ(sat.result.verdict, exp.verdict) << what;
    EXPECT_EQ(sat.result.turns, exp.turns) << what;
  } else {
    // Walks: a win is real, and no answer may contradict explicit search.
    EXPECT_NE(sat.result.verdict, answer::Verdict::NoWin) << what;
    if (sat.result.verdict == answer::Verdict::Win) {
      EXPECT_GE(*sat.result.turns, *exp.turns) << what;
    }
  }
  return sat.probed_turns >= 0;
}

}  // namespace carve::encoder
