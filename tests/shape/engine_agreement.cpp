// Both engines on one question, the relations of engine_agreement.hpp.
#include "tests/shape/engine_agreement.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "elaborate/case.hpp"
#include "elaborate/elaborate.hpp"
#include "encoder/sat_search.hpp"
#include "encoder/shape_search.hpp"

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
  EXPECT_NE(r.verdict, search::Verdict::Unknown) << what << ": " << r.reason;
  EXPECT_TRUE(r.reason.empty()) << what << ": " << r.reason;
  EXPECT_NE(bounded.verdict, search::Verdict::Unknown) << what;
  if (bounded.verdict == search::Verdict::Win) {
    EXPECT_EQ(r.verdict, search::Verdict::Win) << what << ": a win within depth " << q.depth << " is a win on the infinite tree";
    if (r.turns) {
      EXPECT_LE(*r.turns, *bounded.turns) << what;
    }
  }
  if (r.verdict == search::Verdict::Win && inf.game->universe.depth <= q.depth) {
    EXPECT_EQ(bounded.verdict, search::Verdict::Win) << what << ": the shape fits in depth " << q.depth;
    if (bounded.turns) {
      EXPECT_EQ(*bounded.turns, *r.turns) << what;
    }
  }
  if (r.verdict == search::Verdict::NoWin) {
    EXPECT_EQ(bounded.verdict, search::Verdict::NoWin) << what;
  }
  return fmt::format("{}: infinite tree {}{} ({} nodes, {:.2f} s), depth {} {}{}", what, search::verdict_name(r.verdict),
                     r.turns ? fmt::format(" in {}", *r.turns) : "", inf.nodes, r.seconds, q.depth,
                     search::verdict_name(bounded.verdict), bounded.turns ? fmt::format(" in {}", *bounded.turns) : "");
}

}  // namespace carve::shape::testing
