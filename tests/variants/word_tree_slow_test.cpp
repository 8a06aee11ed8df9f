// The opt-in part of the word-tree checks (ctest -L slow): the ternary tree's C4 in 5 turns by
// explicit search too (about 30 s), and the 4-ary tree (spec/binary_tree.carve over "0123")
// under walks, simple paths and cycles, each question decided by explicit search, sat and smt.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "tests/variants/differential.hpp"
#include "tests/process.hpp"

namespace carve::variants {
namespace {

void decide(const std::string& spec, const std::string& profile, int depth, const std::string& target, int turns, Tally& t) {
  decide_everywhere(spec, tree_settings(depth, profile), target, turns, {"sat", "smt"},
                    fmt::format("{} at depth {}, target {}, {} turns", profile, depth, target, turns), t);
}

TEST(WordTreeSlow, TernarySquareByEveryEngine) {
  Tally t;
  decide(carve::testing::file_text("spec/ternary_tree.carve"), "lenient", 2, "C4", 5, t);
  EXPECT_EQ(t.verdicts.count("no-win"), 0u) << report(t);  // the play of cases/word_tree/c4_d2_lenient_ternary.case
}

TEST(WordTreeSlow, QuaternaryTreeByEveryEngine) {
  const auto spec = std::regex_replace(carve::testing::file_text("spec/binary_tree.carve"), std::regex("(words|tree) \"01\""), "$1 \"0123\"");
  Tally t;
  for (const std::string profile : {"literal", "simple", "cycle"})
    for (const std::string target : {"K2", "P3", "K1,4", "C4"}) decide(spec, profile, 2, target, 2, t);
  std::printf("%s\n", report(t).c_str());
  EXPECT_EQ(t.decided["sat"], t.questions) << report(t);
  EXPECT_EQ(t.decided["smt"], t.questions) << report(t);
}

}  // namespace
}  // namespace carve::variants
