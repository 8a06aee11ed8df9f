// README's quickstart, run as a reader runs it: every `build/cli/carve ...` line of its code block, in
// order, in a fresh folder that sees the repository's spec/ and cases/ (the README says "from this
// folder"), each checked for what the numbered steps below the block promise. `make run`, the block's
// first line, is what CI itself runs, so it is not repeated here; `carve play` serves a page until
// stopped, so it is run with `--text` and a scripted session instead.
// The expected answers are not carve's own output copied: each is cross-checked below by a second
// engine or by the reasoning written beside it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

const std::string kRoot = CARVE_ROOT;
const std::string kCarve = "build/cli/carve";

// The quickstart's commands: the lines of the first code block after "## Quickstart".
std::vector<std::string> quickstart_commands() {
  const std::string readme = carve::testing::file_text(kRoot + "/README.md");
  const auto section = readme.find("## Quickstart");
  EXPECT_NE(section, std::string::npos) << "README.md has no quickstart";
  const auto open = readme.find("```\n", section);
  const auto close = readme.find("```", open + 4);
  std::istringstream block(readme.substr(open + 4, close - open - 4));
  std::vector<std::string> commands;
  for (std::string line; std::getline(block, line);) commands.push_back(line.substr(0, line.find("  #")));
  return commands;
}

class Quickstart : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = carve::testing::unique_path("quickstart");
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::create_directory_symlink(kRoot + "/spec", dir_ + "/spec");
    fs::create_directory_symlink(kRoot + "/cases", dir_ + "/cases");
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  // A quickstart line run in the folder, `build/cli/carve` being the carve under test.
  carve::testing::Outcome run(const std::string& line, const std::string& stdin_text = "") {
    std::string cmd = line;
    cmd.replace(0, kCarve.size(), std::string(CARVE_BINARY));
    if (!stdin_text.empty()) cmd = "printf '" + stdin_text + "' | " + cmd;
    return carve::testing::run_command("cd '" + dir_ + "' && " + cmd);
  }
  std::string dir_;
};

TEST_F(Quickstart, EveryLineDoesWhatTheReadmeSays) {
  const auto commands = quickstart_commands();
  ASSERT_GE(commands.size(), 8u);
  EXPECT_EQ(commands[0].rfind("make run", 0), 0u);
  std::vector<std::string> lines;
  for (std::size_t i = 1; i < commands.size(); ++i) {
    ASSERT_EQ(commands[i].rfind(kCarve + " ", 0), 0u) << "not a carve command: " << commands[i];
    lines.push_back(commands[i]);
  }
  ASSERT_EQ(lines.size(), 7u) << "the test knows seven steps; a new one needs its check here";

  // 1. P3 within 3 turns at depth 4, simple: a win in 2. Cross-checked by explicit search on the same
  // question (the case corpus pins it too: cases/binary_tree/simple/p3_d4.case, `expect win in 2`).
  auto r = run(lines[0]);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("win in 2 turns"));
  EXPECT_THAT(r.out, HasSubstr("def 2.1.1 密度约束 Φ_dense"));  // the rules it compiled, in words
  EXPECT_TRUE(fs::exists(dir_ + "/p3.case"));
  auto explicit_answer = run(lines[0].substr(0, lines[0].find(" --witness")) + " --engine explicit");
  EXPECT_THAT(explicit_answer.out, HasSubstr("win in 2 turns")) << explicit_answer.out;

  // 2. The pictures: one per state of the two-turn play, S_0 included, and the page that shows them.
  r = run(lines[1]);
  ASSERT_EQ(r.code, 0) << r.out;
  for (const char* f : {"index.html", "turn_00.svg", "turn_01.svg", "turn_02.svg"})
    EXPECT_TRUE(fs::exists(dir_ + "/p3-pictures/" + f)) << f;

  // 3. The variant avoids every virtual edge on a collapse path, but every collapse path holds e_new
  // (Φ_inc), a virtual edge: ℛ is always empty, nothing is ever removed, no component is ever
  // finite -- no win for B. The original wins P3 (step 1, and within 2 turns already at depth 2).
  r = run(lines[2]);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("A win in 2 | B no-win"));

  // 4. The witness as a regression case.
  r = run(lines[3]);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("1 passed, 0 failed"));

  // 5. C4 within 3 turns at depth 3, simple: no win, with an accepted proof. Cross-checked by explicit
  // search, which certifies nothing but explores every play within the scope.
  r = run(lines[4]);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("verdict   no-win"));
  EXPECT_THAT(r.out, HasSubstr("accepted"));
  explicit_answer = run(kCarve + " solve cases/binary_tree/simple/c4_d3.case --engine explicit");
  EXPECT_THAT(explicit_answer.out, HasSubstr("no-win")) << explicit_answer.out;
  r = run(lines[5]);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("accepted"));

  // 6. By hand, in the terminal: under simple a loop {λ, λ} is refused by def 3.1 (loop=forbid), and
  // the session stays at turn 0; then the witness's first e_new is accepted and ℛ listed.
  r = run(lines[6] + " --text", "add lambda lambda\\nstate\\nadd 00 0100\\nquit\\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("refused by def 3.1"));
  EXPECT_THAT(r.out, HasSubstr("(the session is as it was)"));
  EXPECT_THAT(r.out, HasSubstr("turn 1 being built: e_new {00, 0100}"));
}

}  // namespace
