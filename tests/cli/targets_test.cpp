// Targets end to end: the same errors for a name on the command line and in a case file, typed
// targets refused or accepted by the rules' isomorphism (iso) at the target's location, the
// decoded target echoed by solve (text and JSON) and check, and a typed witness read back.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

using carve::testing::Outcome;

Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

// A 000 case at depth 2 with the given items (line 3 onwards) and a reachability question.
std::string tree_case(const std::string& name, const std::string& items) {
  return carve::testing::temp_file(name + ".case", "case \"x\" {\n  spec \"" + std::string(CARVE_ROOT) +
                                                       "/spec/binary_tree.carve\";\n" + items +
                                                       "  depth 2;\n  turns 1;\n  expect no-win;\n}\n");
}

const std::string kSpec = "spec/binary_tree.carve --turns 1 --depth 2 --profile simple ";

bool has(const std::string& out, const std::string& what) { return out.find(what) != std::string::npos; }

TEST(TargetCli, AnOutOfBoundsNameGetsItsFamilysErrorOnTheCommandLineAndInACaseFile) {
  // P99 used to be read as graph6 on the command line ("bytes must lie in 63..126").
  const std::string message = "Pn needs 1 <= n <= 30 (n counts vertices), got 99";
  auto cli = run("solve " + kSpec + "--target P99");
  EXPECT_EQ(cli.code, 2) << cli.out;
  EXPECT_TRUE(has(cli.out, "<command line --target>: bad target 'P99' at character 2: " + message)) << cli.out;
  const auto file = tree_case("p99", "  target P99;\n");
  auto c = run("solve " + file);
  EXPECT_EQ(c.code, 2) << c.out;
  EXPECT_TRUE(has(c.out, file + ":3:11: bad target 'P99' at character 2: " + message)) << c.out;  // the first digit, in the same words
  for (const char* name : {"K13,", "W3", "S30", "K2,29"}) {
    auto r = run("solve " + kSpec + "--target " + name);
    EXPECT_EQ(r.code, 2) << name << ": " << r.out;
    EXPECT_FALSE(has(r.out, "graph6")) << name << ": " << r.out;
  }
}

TEST(TargetCli, ALoopIsRefusedAsAnEdgeAndAsAHyperedge) {
  for (const char* loop : {"a-a", "'{a,a}'", "'{a,b},{b,b}'"}) {
    auto r = run("solve " + kSpec + "--target " + loop);
    EXPECT_EQ(r.code, 2) << loop << ": " << r.out;
    EXPECT_TRUE(has(r.out, "<command line --target>")) << r.out;
  }
  const auto file = tree_case("loop", "  target hyperedges \"{a,a}\";\n");
  auto r = run("solve " + file);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r.out, file + ":3:25: bad target '{a,a}' at character 4: 'a' is listed twice")) << r.out;  // the second a
  // A one-vertex hyperedge is a hypergraph, never the simple graph 000 asks for.
  auto one = run("solve " + kSpec + "--target '{a}'");
  EXPECT_EQ(one.code, 2) << one.out;
  EXPECT_TRUE(has(one.out, "Def 1.3")) << one.out;
}

TEST(TargetCli, ATypedTargetNeedsTypedIsomorphismAndTypedIsomorphismATypedTarget) {
  auto typed = run("solve " + kSpec + "--target a-b:T");
  EXPECT_EQ(typed.code, 2) << typed.out;
  EXPECT_TRUE(has(typed.out, "<command line --target>: the target gives edge types")) << typed.out;
  EXPECT_TRUE(has(typed.out, "iso=incidence")) << typed.out;
  auto untyped = run("solve " + kSpec + "--set iso=typed --target P3");
  EXPECT_EQ(untyped.code, 2) << untyped.out;
  EXPECT_TRUE(has(untyped.out, "<command line --target>: the rules' isomorphism keeps edge types (iso=typed)")) << untyped.out;
  // The same in a case file, at the target.
  const auto t = tree_case("typed", "  target edges \"a-b:T,b-c:V\";\n");
  auto rt = run("solve " + t);
  EXPECT_EQ(rt.code, 2) << rt.out;
  EXPECT_TRUE(has(rt.out, t + ":3:10: the target gives edge types")) << rt.out;
  const auto u = tree_case("untyped", "  set iso = typed;\n  target K1,3;\n");
  auto ru = run("solve " + u);
  EXPECT_EQ(ru.code, 2) << ru.out;
  EXPECT_TRUE(has(ru.out, u + ":4:10: the rules' isomorphism keeps edge types (iso=typed)")) << ru.out;
  // Both fit: typed with typed, and K1 (no edge to type) with either.
  EXPECT_EQ(run("solve " + kSpec + "--set iso=typed --target a-b:T,b-c:V").code, 0);
  EXPECT_EQ(run("solve " + kSpec + "--set iso=typed --target K1").code, 0);
  EXPECT_EQ(run("solve " + kSpec + "--target K1").code, 0);
}

TEST(TargetCli, ACommandLineTargetReplacesTheCasesOwnBeforeItIsJudged) {
  // The case's target a-b:T needs iso=typed; replaced by K2 under iso=incidence it is not judged.
  // K2 is won in one turn: the play of typed_k2_tree_edge.case leaves the component {λ, 1}.
  auto r = run("solve cases/targets/typed_k2_tree_edge.case --set iso=incidence --target K2 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("turns"), 1);
}

TEST(TargetCli, SolveEchoesTheDecodedTarget) {
  auto r = run("solve spec/binary_tree.carve --turns 0 --depth 2 --target W5 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto t = nlohmann::json::parse(r.out).at("target");
  EXPECT_EQ(t.at("text"), "W5");
  EXPECT_EQ(t.at("name"), "W5");
  EXPECT_EQ(t.at("vertices"), 5);  // Wn counts the hub
  EXPECT_EQ(t.at("edges"), 8);
  EXPECT_EQ(t.at("typed"), false);
  EXPECT_EQ(t.at("edge_list").size(), 8u);
  EXPECT_EQ(t.at("edge_list").front(), "0-1");  // the hub 0 first
  // A user's edge list is recognised among the named graphs of its size.
  auto paw = nlohmann::json::parse(run("solve spec/binary_tree.carve --turns 0 --depth 2 --target a-b,b-c,c-a,a-d --json").out);
  EXPECT_EQ(paw.at("target").at("name"), "paw");
  // As decoded: each edge's ends in the order the names first appear (c-a is a-c).
  EXPECT_EQ(paw.at("target").at("edge_list"), nlohmann::json({"a-b", "b-c", "a-c", "a-d"}));
  auto fork = nlohmann::json::parse(run("solve spec/binary_tree.carve --turns 0 --depth 2 --target a-b,b-c,c-d,b-e --json").out);
  EXPECT_TRUE(fork.at("target").at("name").is_null());
  auto typed = nlohmann::json::parse(
      run("solve spec/binary_tree.carve --turns 0 --depth 2 --set iso=typed --target a-b:T,b-c:V --json").out);
  EXPECT_EQ(typed.at("target").at("typed"), true);
  EXPECT_EQ(typed.at("target").at("edge_list"), nlohmann::json({"a-b:T", "b-c:V"}));
  // The text output says the same in one line.
  auto text = run("solve spec/binary_tree.carve --turns 0 --depth 2 --target S3");
  ASSERT_EQ(text.code, 0) << text.out;
  EXPECT_TRUE(has(text.out, "target    K1,3 (star with 3 leaves")) << text.out;
  EXPECT_TRUE(has(text.out, "also S3, claw; 4 vertices, 3 edges, untyped: 0-1,0-2,0-3")) << text.out;
}

TEST(TargetCli, CheckRowsCarryTheDecodedTarget) {
  auto r = run("check --json cases/targets/typed_k2_tree_edge.case");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto row = nlohmann::json::parse(r.out).at("cases").at(0);
  EXPECT_EQ(row.at("target").at("text"), "a-b:T");
  EXPECT_EQ(row.at("target").at("name"), "K2");
  EXPECT_EQ(row.at("target").at("typed"), true);
}

TEST(TargetCli, ATypedWitnessReadsBack) {
  const auto witness = carve::testing::unique_path("typed.witness");
  auto r = run("solve cases/targets/typed_k2_tree_edge.case --witness " + witness);
  ASSERT_EQ(r.code, 0) << r.out;
  auto back = run("check " + witness);
  EXPECT_EQ(back.code, 0) << back.out;
  EXPECT_TRUE(has(back.out, "1 passed, 0 failed")) << back.out;
}

TEST(TargetCli, SolveHelpListsTheNamesAndTheirConventions) {
  auto r = run("solve --help");
  ASSERT_EQ(r.code, 0) << r.out;
  // CLI11 wraps long option texts; compare without line breaks and indentation.
  const std::string flat = std::regex_replace(r.out, std::regex("\\s+"), " ");
  for (const char* s : {"Sn (star with n leaves: Sn = K1,n", "Wn (wheel on n vertices counting the hub", "paw, bull, house, diamond, claw",
                        "Kn,m (complete bipartite)", "a-b:T,b-c:V"})
    EXPECT_TRUE(has(flat, s)) << s << "\n" << r.out;
}

}  // namespace
