// carve solve --depth any end to end (cli/infinite_solve.hpp): the JSON contract with the scope
// statement, a win printed on its shape and re-judged by `carve replay` from the witness file, the
// engines that cannot answer about the infinite tree refused by name, and --depth any refused
// outside solve, and the rules outside the theorem refused by name.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

carve::testing::Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

TEST(InfiniteCli, WinOnTheInfiniteTreeWithItsShape) {
  const std::string witness = carve::testing::unique_path("k2_any.case");
  auto r = run("solve spec/binary_tree.carve --target K2 --turns 1 --depth any --json --witness " + witness);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "win");
  EXPECT_EQ(j["turns"], 1);
  EXPECT_EQ(j["scope"]["statement"], "infinite tree (theorem: docs/infinite-tree.md)");
  EXPECT_EQ(j["scope"]["depth"], "any");
  EXPECT_EQ(j["scope"]["shape_nodes_bound"], 23);  // literal (walks): 14k + 2n + 5, k = 1, n = 2
  EXPECT_FALSE(j["shape"].empty());
  EXPECT_EQ(j["component"].size(), 2u);
  // The witness names its shape's depth; carve check re-judges it on the truncated tree.
  auto rep = run("check " + witness);
  EXPECT_EQ(rep.code, 0) << rep.out;
  std::remove(witness.c_str());
}

TEST(InfiniteCli, NoWinAtEveryDepthIsSaidSo) {
  auto r = run("solve spec/binary_tree.carve --target P3 --turns 1 --depth any");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("scope     infinite tree (theorem: docs/infinite-tree.md)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no-win: no play of at most 1 turns reaches the target, at any depth"), std::string::npos) << r.out;
}

TEST(InfiniteCli, EnginesThatCannotAnswerAreRefused) {
  for (const char* engine : {"explicit", "smt"}) {
    auto r = run(std::string("solve spec/binary_tree.carve --target P3 --turns 1 --depth any --engine ") + engine);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("infinite tree"), std::string::npos) << r.out;
  }
  auto e = run("elaborate spec/binary_tree.carve --depth any");
  EXPECT_EQ(e.code, 2) << e.out;
  auto bad = run("solve spec/binary_tree.carve --target P3 --turns 1 --depth some");
  EXPECT_NE(bad.code, 0) << bad.out;
}

TEST(InfiniteCli, RulesOutsideTheTheoremAreRefusedByName) {
  // The rule variants of cases/variants and the ternary tree: exit 2, the rule named, no answer.
  const std::vector<std::pair<std::string, std::string>> specs{
      {"cases/variants/binary_tree_contains.carve", "4 victory"},
      {"cases/variants/binary_tree_root_component.carve", "4 victory"},
      {"cases/variants/binary_tree_swapped_succession.carve", "3.3 succession"},
      {"spec/ternary_tree.carve", "1.1 universe"}};
  for (const auto& [spec, rule] : specs) {
    auto r = run("solve " + spec + " --target K1 --turns 1 --depth any --json");
    EXPECT_EQ(r.code, 2) << spec << ": " << r.out;
    EXPECT_NE(r.out.find("shape (--depth any): " + rule), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("verdict"), std::string::npos) << r.out;
  }
}

}  // namespace
