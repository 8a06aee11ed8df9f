// docs/tutorial.md cannot rot: every `$ carve ...` line of its console blocks is run, in order, in a
// fresh folder that sees the repository's spec/ and cases/ (as the tutorial's reader has them), and
// must exit 0 with the lines shown under it appearing in its output in that order (`…` in a shown
// line stands for any text). The verdicts the tutorial shows are the corpus' own pins, each set by
// two engines (cases/binary_tree/simple/p3_d4.case: P3 in 2 at depth 4; c4_d3.case: C4 no win
// within 3 at depth 3); the test checks that the page and carve say the same, and that a page
// whose shown line carve does not print fails (the mismatch is reported with the command).
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;

const std::string kRoot = CARVE_ROOT;

struct Step {
  std::string command;              // after "$ carve"
  std::vector<std::string> shown;   // the lines under it
};

// The console blocks of the tutorial, as steps.
std::vector<Step> tutorial_steps(const std::string& text) {
  std::vector<Step> steps;
  std::istringstream in(text);
  bool console = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      console = !console && line == "```console";
      continue;
    }
    if (!console) continue;
    if (line.rfind("$ carve ", 0) == 0)
      steps.push_back({line.substr(std::string("$ carve ").size()), {}});
    else if (!steps.empty() && !line.empty())
      steps.back().shown.push_back(line);
  }
  return steps;
}

// Whether `line` shows `shown`: its parts between `…` appear in it in order.
bool shows(const std::string& line, const std::string& shown) {
  const std::string ellipsis = "…";
  std::size_t at = 0, from = 0;
  while (true) {
    const auto cut = shown.find(ellipsis, from);
    const std::string part = shown.substr(from, cut == std::string::npos ? std::string::npos : cut - from);
    const auto found = line.find(part, at);
    if (found == std::string::npos) return false;
    if (from == 0 && found != 0 && !part.empty()) return false;  // a shown line starts where the line does
    at = found + part.size();
    if (cut == std::string::npos) return true;
    from = cut + ellipsis.size();
  }
}

// The first shown line that the output does not show in order, if any.
std::string first_missing(const std::string& output, const std::vector<std::string>& shown) {
  std::istringstream in(output);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::size_t next = 0;
  for (const auto& s : shown) {
    while (next < lines.size() && !shows(lines[next], s)) ++next;
    if (next == lines.size()) return s;
    ++next;
  }
  return "";
}

TEST(Tutorial, ShownLinesMatchOnlyWhatTheyShow) {
  EXPECT_TRUE(shows("verdict   win in 2 turns (shortest; sat engine, 0.1 s)", "verdict   win in 2 turns (shortest; …)"));
  EXPECT_FALSE(shows("verdict   win in 3 turns (shortest; sat engine)", "verdict   win in 2 turns (shortest; …)"));
  EXPECT_FALSE(shows("  verdict   win", "verdict   win"));
  EXPECT_EQ(first_missing("a\nb\nc\n", {"a", "c"}), "");
  EXPECT_EQ(first_missing("a\nb\nc\n", {"c", "a"}), "a");  // in order
}

TEST(Tutorial, EveryCommandPrintsWhatThePageShows) {
  const auto steps = tutorial_steps(carve::testing::file_text(kRoot + "/docs/tutorial.md"));
  ASSERT_GE(steps.size(), 8u) << "docs/tutorial.md lost its console blocks";
  const std::string dir = carve::testing::unique_path("tutorial");
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::create_directory_symlink(kRoot + "/spec", dir + "/spec");
  fs::create_directory_symlink(kRoot + "/cases", dir + "/cases");
  for (const auto& step : steps) {
    SCOPED_TRACE("carve " + step.command);
    const auto r = carve::testing::run_command("cd '" + dir + "' && " + std::string(CARVE_BINARY) + " " + step.command + " 2>&1");
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_FALSE(step.shown.empty()) << "a command the page shows no output of";
    const auto missing = first_missing(r.out, step.shown);
    EXPECT_EQ(missing, "") << "the page shows a line carve does not print (in this order):\n" << r.out;
  }
  if (!::testing::Test::HasFailure()) fs::remove_all(dir);
}

}  // namespace
