// Both engines on one question, the relations of engine_agreement.hpp.
#include "tests/shape/engine_agreement.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "rules/elaborate/case.hpp"
#include "rules/elaborate/elaborate.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "engines/sat/search/shape_search.hpp"

namespace carve::shape::testing {

std::string agree_infinite(const Question& q) {
  static const auto spec = elab::load_spec("spec/binary_tree.carve");
  elab::Settings s;
  s.profile = {q.profile, {}};
  s.depth = elab::Located<int>{q.depth, {}};
  const auto game = elab::elaborate(spec, s);
  const auto target = model::parse_target_auto(q.target);
  const std::string what = fmt::format("{} {} k={}", q.profile, q.target, q.turns);
  encoder::ShapeOptions so;
  so.max_turns = q.turns;
  const auto inf = encoder::shape_search(game, target, so);
  encoder::SatOptions bo;
  bo.max_turns = q.turns;
  const auto bounded = encoder::sat_search(game, target, bo).result;
  const auto& r = inf.result;
  EXPECT_NE(r.verdict, answer::Verdict::Unknown) << what << ": " << r.reason;
  EXPECT_TRUE(r.reason.empty()) << what << ": " << r.reason;
  EXPECT_NE(bounded.verdict, answer::Verdict::Unknown) << what;
  if (bounded.verdict == answer::Verdict::Win) {
    EXPECT_EQ(r.verdict, answer::Verdict::Win) << what << ": a win within depth " << q.depth << " is a win on the infinite tree";
    if (r.turns) {
      EXPECT_LE(*r.turns, *bounded.turns) << what;
    }
  }
  if (r.verdict == answer::Verdict::Win && inf.game->universe.depth <= q.depth) {
    EXPECT_EQ(bounded.verdict, answer::Verdict::Win) << what << ": the shape fits in depth " << q.depth;
    if (bounded.turns) {
      EXPECT_EQ(*bounded.turns, *r.turns) << what;
    }
  }
  if (r.verdict == answer::Verdict::NoWin) {
    EXPECT_EQ(bounded.verdict, answer::Verdict::NoWin) << what;
  }
  return fmt::format("{}: infinite tree {}{} ({} nodes, {:.2f} s), depth {} {}{}", what, answer::verdict_name(r.verdict),
                     r.turns ? fmt::format(" in {}", *r.turns) : "", inf.nodes, r.seconds, q.depth,
                     answer::verdict_name(bounded.verdict), bounded.turns ? fmt::format(" in {}", *bounded.turns) : "");
}

}  // namespace carve::shape::testing
