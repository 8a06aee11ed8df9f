// carve solve --depth any end to end (front/cli/infinite_solve.hpp): the JSON contract with the scope
// statement, a win printed on its shape and re-judged by `carve replay` from the witness file, the
// engines that cannot answer about the infinite tree refused by name, and --depth any refused
// outside solve, and the rules outside the theorem refused by name.
#include <gtest/gtest.h>

#include <map>
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
  EXPECT_EQ(j["scope"]["shape_nodes_bound"], 18);  // literal (walks), K2 a tree: 14k + 2n, k = 1, n = 2
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

// --min-turns J asks only frames J..k. A model of frame 3 may win earlier (K1 is carved in 1 or 2
// turns: bench/infinite/infinite_table.md), and the engine must then keep the play up to its
// first win, where the replay stops; under seed 0 literal, trail and lenient do (a 1-turn win
// from frame 3: the witness then fails to replay without the cut, exit 3). The witness file,
// re-judged by `carve check`, wins at its last turn; "shortest" only when no shorter win can be.
TEST(InfiniteCli, MinTurnsAsksOnlyTheLongerPlaysAndKeepsAnEarlierWin) {
  const std::vector<std::string> readings{"--profile literal", "--profile simple", "--profile trail", "--profile cycle",
                                          "--profile lenient", "--profile literal --set start-win=no"};
  for (const auto& profile : readings) {
    const std::string witness = carve::testing::unique_path("k1_min3.case");
    auto r = run("solve spec/binary_tree.carve --target K1 --turns 3 --min-turns 3 --depth any --json " + profile + " --witness " + witness);
    ASSERT_EQ(r.code, 0) << profile << ": " << r.out;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["verdict"], "win") << profile;
    EXPECT_GE(j["turns"].get<int>(), 1);
    EXPECT_LE(j["turns"].get<int>(), 3);
    EXPECT_EQ(j["witness"].size(), j["turns"].get<std::size_t>());
    EXPECT_EQ(j["scope"]["min_turns"], 3);
    // Shortest only when nothing shorter can exist: a 1-turn win where S_0 may not win (every
    // profile of the spec has start-win = yes, and frame 0 was not asked).
    const bool start_win_no = profile.find("start-win=no") != std::string::npos;
    EXPECT_EQ(j["encoding"]["shortest"].get<bool>(), start_win_no && j["turns"] == 1) << profile;
    auto rep = run("check " + witness);
    EXPECT_EQ(rep.code, 0) << profile << ": " << rep.out;
    std::remove(witness.c_str());
  }
}

// Frames J..k without a win say unknown, never no-win: K3 is not carved within 2 turns at depth 4
// (the sat engine, asked here; the explicit one agrees but needs minutes), and --min-turns 2 must
// not turn that into a claim about all plays of at most 2 turns.
TEST(InfiniteCli, MinTurnsWithoutAWinIsUnknown) {
  auto bounded = run("solve spec/binary_tree.carve --target K3 --turns 2 --depth 4 --engine sat --json");
  ASSERT_EQ(bounded.code, 0) << bounded.out;
  ASSERT_EQ(nlohmann::json::parse(bounded.out)["verdict"], "no-win");
  auto r = run("solve spec/binary_tree.carve --target K3 --turns 2 --min-turns 2 --depth any --json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "unknown");
  EXPECT_NE(j["reason"].get<std::string>().find("frames below 2 were not asked"), std::string::npos) << j["reason"];
  EXPECT_LT(j["completed_turns"].get<int>(), 1);  // nothing about the plays of 1 turn was asked
}

TEST(InfiniteCli, MinTurnsIsRefusedWhereItWouldMisleadOrIsIgnored) {
  const std::string proof = carve::testing::unique_path("min_turns_proof");
  const std::vector<std::string> bad{
      "solve spec/binary_tree.carve --target K3 --turns 2 --min-turns 2 --depth 4",              // within a depth bound
      "solve spec/binary_tree.carve --target K3 --turns 2 --min-turns 2 --depth any --proof " + proof,  // a proof of "at most k"
      "solve spec/binary_tree.carve --target K3 --turns 2 --min-turns 3 --depth any"};           // beyond --turns
  for (const auto& args : bad) {
    auto r = run(args + " --json");
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find("--min-turns"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("verdict"), std::string::npos) << r.out;
  }
}

// A case's `depth any;` (docs/dsl.md) asks its question on the infinite tree: `carve solve CASE`
// and `carve check` answer it with the shape engine, as --depth any does (cases/diff/infinite: K1
// in 1 turn under literal, none within 1 under simple, argued in the files). A play, an engine
// that decides within a depth bound and a command that works within one are refused at the item
// (exit 2), unless --depth D replaces it.
TEST(InfiniteCli, ACaseAsksTheInfiniteTreeWithDepthAny) {
  const std::string win = "cases/diff/infinite/reach_A.case", none = "cases/diff/infinite/reach_B.case";
  auto s = run("solve " + win + " --json");
  ASSERT_EQ(s.code, 0) << s.out;
  auto j = nlohmann::json::parse(s.out);
  EXPECT_EQ(j["scope"]["depth"], "any");
  EXPECT_EQ(j["verdict"], "win");
  EXPECT_EQ(j["turns"], 1);
  auto c = run("check " + none + " --json");
  ASSERT_EQ(c.code, 0) << c.out;
  EXPECT_NE(c.out.find("no play of at most 1 turn wins (shape engine)"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("certified: DRAT proof accepted"), std::string::npos) << c.out;
  // Within a depth bound by the command line: the same question at depth 1 (K1 in 1 there too).
  EXPECT_EQ(run("replay " + win).code, 2);
  auto within = run("solve " + win + " --depth 1 --json");
  ASSERT_EQ(within.code, 0) << within.out;
  EXPECT_EQ(nlohmann::json::parse(within.out)["scope"]["depth"], 1);
  auto forced = run("check " + win + " --engine explicit");
  EXPECT_EQ(forced.code, 2) << forced.out;
  EXPECT_NE(forced.out.find("engine explicit decides questions within a depth bound"), std::string::npos) << forced.out;
  const std::string head = "case \"c\" {\n  spec \"" + std::string(CARVE_ROOT) + "/spec/binary_tree.carve\";\n  depth any;\n  target K1;\n  turns 1;\n";
  const std::map<std::string, std::string> refused{
      {"  engine explicit;\n  expect win in 1;\n}\n", "engine explicit decides questions within a depth bound"},
      {"  play {\n    turn add {0, 1} collapse (lambda, 0, lambda, 1, lambda, 0, 1) root lambda;\n  }\n  expect legal;\n}\n", "a play names nodes within a depth bound"}};
  for (const auto& [rest, message] : refused) {
    const std::string file = carve::testing::temp_file("any.case", head + rest);
    auto r = run("check " + file);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(file + ":"), std::string::npos) << "located in the file: " << r.out;
  }
}

}  // namespace
