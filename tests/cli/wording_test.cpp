// The words a user reads: counts in the right number ("1 turn", "1 round"), no explicit-search
// measure on a symbolic engine's verdict, completed_turns only where it means something, errors
// that give the system's reason or say what to write instead, and the finding that the 001
// universe is its axioms alone.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

using carve::testing::Outcome;

Outcome carve(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }
bool has(const std::string& out, const std::string& what) { return out.find(what) != std::string::npos; }

const std::string kTree = "solve spec/binary_tree.carve --profile simple --depth 2 ";

TEST(Wording, OneTurnIsSingular) {
  const auto r = carve(kTree + "--target K2 --turns 1");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "within 1 turn\n")) << r.out;
  EXPECT_TRUE(has(r.out, "at most 1 turn;")) << r.out;
  EXPECT_FALSE(has(r.out, "1 turns")) << r.out;
}

// A symbolic engine counts no states: its no-win names its solver calls instead.
TEST(Wording, SatNoWinCountsSolverCallsNotStates) {
  const auto r = carve(kTree + "--target C4 --turns 1 --engine sat");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "verdict   no-win")) << r.out;
  EXPECT_TRUE(has(r.out, "(sat engine, ")) << r.out;
  EXPECT_TRUE(has(r.out, " solver call")) << r.out;
  EXPECT_TRUE(has(r.out, "collapse paths of at most 1 step (")) << r.out;
  EXPECT_FALSE(has(r.out, "states")) << r.out;
}

// completed_turns says how far an unknown got; a win or a no-win answers the whole question.
TEST(Wording, CompletedTurnsOnlyForUnknown) {
  const auto win = nlohmann::json::parse(carve("solve cases/binary_tree/simple/p3_d4.case --json").out);
  EXPECT_EQ(win["verdict"], "win");
  EXPECT_TRUE(win["completed_turns"].is_null()) << win.dump(2);
}

TEST(Wording, ElaborateSaysRoundsAndTheAxiomFinding) {
  const auto r = carve("elaborate spec/triangle.carve --vars 3 --profile simple");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "over 3 variables: 1 round\n")) << r.out;
  EXPECT_TRUE(has(r.out, "finding   F* = 𝒜: the universe is the axioms alone (6 axiom instances of 54")) << r.out;
  const auto j = nlohmann::json::parse(carve("elaborate spec/triangle.carve --vars 3 --profile simple --json").out);
  EXPECT_EQ(j["axioms"], j["vertices"]);
  ASSERT_EQ(j["findings"].size(), 1u);
  // 000's tree is no deduction: no finding.
  const auto tree = nlohmann::json::parse(carve("elaborate spec/binary_tree.carve --depth 2 --profile simple --json").out);
  EXPECT_TRUE(tree["findings"].empty());
}

TEST(Wording, MissingFileGivesTheSystemsReason) {
  const auto r = carve("solve /nonexistent/x.case");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(has(r.out, "/nonexistent/x.case:1:1: cannot open file: No such file or directory")) << r.out;
}

TEST(Wording, AFolderGivenAsACaseIsNamedAsOne) {
  const auto r = carve("solve " + std::string(CARVE_ROOT) + "/cases");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(has(r.out, "this is a folder, not a file")) << r.out;
  EXPECT_FALSE(has(r.out, "expected 'case'")) << r.out;
}

TEST(Wording, LimitsSayWhatTheyTake) {
  const auto timeout = carve(kTree + "--target K2 --turns 1 --timeout abc");
  EXPECT_EQ(timeout.code, 2);
  EXPECT_TRUE(has(timeout.out, "takes a number of seconds from 0 to 1e9 (0: no limit), not 'abc'")) << timeout.out;
  EXPECT_LT(timeout.out.size(), 400u) << "no 300-digit range: " << timeout.out;
  const auto memory = carve(kTree + "--target K2 --turns 1 --memory-limit 0");
  EXPECT_EQ(memory.code, 2) << "0 MB is no limit a user means: " << memory.out;
  EXPECT_TRUE(has(memory.out, "at least 1, not '0'")) << memory.out;
}

TEST(Wording, TriangleWithoutVariablesSuggestsVars) {
  const auto r = carve("solve spec/triangle.carve --target K2 --turns 1 --profile simple");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(has(r.out, "--vars N")) << r.out;
}

}  // namespace
