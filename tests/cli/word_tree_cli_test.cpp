// The word tree through the carve command: the ternary tree solved by every engine (same
// verdict and turns), a witness over "012" written and replayed, the alphabet in `elaborate`,
// and bad input -- a letter outside the alphabet, an alphabet of 1 or 5 letters, of letters
// that are no digits, or repeating one, a depth past the alphabet's range -- exit 2 with the
// place.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

using carve::testing::Outcome;

Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

// spec/binary_tree.carve with another alphabet in both statements of Def 1.1 (line 62 and 63).
std::string spec_over(const std::string& alphabet) {
  const std::string text = std::regex_replace(carve::testing::file_text(std::string(CARVE_ROOT) + "/spec/binary_tree.carve"),
                                              std::regex("(words|tree) \"01\""), "$1 \"" + alphabet + "\"");
  return carve::testing::temp_file(alphabet + ".carve", text);
}

TEST(WordTreeCli, TernaryClawAndSquareAnsweredByEveryEngine) {
  for (const std::string question : {"--target K1,3 --turns 3 --depth 2 --profile literal",
                                     "--target C4 --turns 3 --depth 2 --profile simple",
                                     "--target C4 --turns 2 --depth 2 --profile lenient"}) {
    nlohmann::json first;
    for (const std::string engine : {"explicit", "sat", "smt"}) {
      auto r = run("solve spec/ternary_tree.carve " + question + " --engine " + engine + " --json");
      ASSERT_EQ(r.code, 0) << engine << " " << question << "\n" << r.out;
      auto j = nlohmann::json::parse(r.out);
      if (first.is_null()) first = j;
      EXPECT_EQ(j["verdict"], first["verdict"]) << engine << " " << question;
      EXPECT_EQ(j["turns"], first["turns"]) << engine << " " << question;
      EXPECT_EQ(j["scope"]["alphabet"], "012") << engine;
    }
  }
}

TEST(WordTreeCli, TernaryWitnessReplays) {
  const auto witness = carve::testing::unique_path("claw.witness");
  auto r = run("solve spec/ternary_tree.carve --target K1,3 --turns 3 --depth 2 --profile literal --engine sat --witness " + witness);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto text = carve::testing::file_text(witness);
  EXPECT_TRUE(std::regex_search(text, std::regex("\\{[^}]*2[^}]*\\}"))) << "a word with the letter 2:\n" << text;
  auto replayed = run("replay spec/ternary_tree.carve " + witness);
  EXPECT_EQ(replayed.code, 0) << replayed.out;
  EXPECT_NE(replayed.out.find("certified"), std::string::npos) << replayed.out;
}

TEST(WordTreeCli, ElaborateNamesTheAlphabet) {
  auto r = run("elaborate spec/ternary_tree.carve --depth 2 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["alphabet"], "012");
  EXPECT_EQ(j["vertices"], 1 + 3 + 9);
  EXPECT_EQ(j["inherent_edges"], 3 + 9);
}

TEST(WordTreeCli, LetterOutsideTheAlphabetIsAnErrorAtTheLetter) {
  const std::string root(CARVE_ROOT);
  // Column 19 is the 2 of `12` (binary tree), 20 the 3 of `103` (ternary tree).
  for (const auto& [spec, edge, where, letter] :
       std::vector<std::tuple<std::string, std::string, std::string, std::string>>{
           {"binary_tree", "{0, 12}", ":5:19:", "'2' is not a letter of the tree's alphabet \"01\""},
           {"ternary_tree", "{0, 103}", ":5:20:", "'3' is not a letter of the tree's alphabet \"012\""}}) {
    const auto path = carve::testing::temp_file(spec + ".case", "case \"x\" {\n  spec \"" + root + "/spec/" + spec +
                                                                  ".carve\";\n  depth 3;\n  play {\n    turn add " + edge +
                                                                  " stable;\n  }\n  expect legal;\n}\n");
    auto r = run("solve " + path);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find(path + where), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(letter), std::string::npos) << r.out;
  }
}

TEST(WordTreeCli, AlphabetsCarveDoesNotBuildAreErrorsAtTheStatement) {
  for (const auto& [alphabet, why] : std::vector<std::pair<std::string, std::string>>{
           {"0", "has 2 to 4 letters, \"0\" has 1"},
           {"01234", "has 2 to 4 letters, \"01234\" has 5"},
           {"ab", "decimal digits"},
           {"010", "repeats the letter '0'"}}) {
    const auto spec = spec_over(alphabet);
    auto r = run("solve " + spec + " --target K1 --turns 1 --depth 2");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find(spec + ":62:3:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(why), std::string::npos) << r.out;
  }
}

TEST(WordTreeCli, DepthRangeFollowsTheAlphabet) {
  // The tree grows as k^D: at most 2^17 - 1 nodes, so depth 16 over 2 letters, 10 over 3, 8 over 4.
  EXPECT_EQ(run("elaborate spec/ternary_tree.carve --depth 10").code, 0);
  auto r = run("elaborate spec/ternary_tree.carve --depth 11");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("depth 11 is out of range"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1..10 over 3"), std::string::npos) << r.out;
  const auto quaternary = spec_over("0123");
  EXPECT_EQ(run("elaborate " + quaternary + " --depth 8").code, 0);
  EXPECT_EQ(run("elaborate " + quaternary + " --depth 9").code, 2);
}

}  // namespace
