// Portable witnesses: a witness names its spec relative to its own folder and binds the spec's
// content by SHA-256, so it replays from any folder with `carve replay WITNESS` alone; an edited
// spec is refused (exit 2, both hashes named) unless --force, which replays with a warning.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using carve::testing::run_command;

const std::string kCarve = CARVE_BINARY;
const std::string kRoot = CARVE_ROOT;

// A fresh folder for this test, with subfolders a/ (the witness) and b/ (somewhere else).
std::string fresh_folder() {
  const std::string dir = carve::testing::unique_path("dir");
  fs::remove_all(dir);
  fs::create_directories(dir + "/a");
  fs::create_directories(dir + "/b");
  return dir;
}

// Writes the P3 witness of the simple-paths case into `path` (solve runs from the repository).
void write_witness(const std::string& path) {
  const auto r = run_command("cd " + kRoot + " && " + kCarve + " solve cases/binary_tree/simple/p3_d4.case --witness " + path);
  ASSERT_EQ(r.code, 0) << r.out;
}

TEST(Witness, ReplaysFromAnyFolderWithoutTheSpecArgument) {
  const std::string dir = fresh_folder();
  write_witness(dir + "/a/w.case");
  for (const std::string& from : {dir + "/b", std::string("/"), dir + "/a", kRoot}) {
    const auto r = run_command("cd " + from + " && " + kCarve + " replay " + dir + "/a/w.case");
    EXPECT_EQ(r.code, 0) << "from " << from << ": " << r.out;
    EXPECT_NE(r.out.find("certified: a legal play that wins at turn 2"), std::string::npos) << r.out;
  }
  // A relative witness path from a sibling folder, and `carve check` of the witness.
  EXPECT_EQ(run_command("cd " + dir + "/b && " + kCarve + " replay ../a/w.case").code, 0);
  EXPECT_EQ(run_command("cd " + dir + "/b && " + kCarve + " check ../a/w.case").code, 0);
  // The older argument order, SPEC WITNESS, still works.
  EXPECT_EQ(run_command("cd " + dir + "/b && " + kCarve + " replay " + kRoot + "/spec/binary_tree.carve ../a/w.case").code, 0);
}

TEST(Witness, StatesTheSpecHash) {
  const std::string dir = fresh_folder();
  write_witness(dir + "/a/w.case");
  std::ifstream in(dir + "/a/w.case");
  std::stringstream text;
  text << in.rdbuf();
  const auto sum = run_command("sha256sum " + kRoot + "/spec/binary_tree.carve");  // coreutils, not carve
  ASSERT_EQ(sum.code, 0);
  EXPECT_NE(text.str().find("sha256 \"" + sum.out.substr(0, 64) + "\";"), std::string::npos) << text.str();
}

TEST(Witness, EditedSpecDetectedByHash) {
  const std::string dir = fresh_folder();
  write_witness(dir + "/a/w.case");
  const std::string edited = dir + "/b/edited.carve";
  fs::copy_file(kRoot + "/spec/binary_tree.carve", edited);
  std::ofstream(edited, std::ios::app) << "// one more line\n";
  const auto r = run_command(kCarve + " replay " + dir + "/a/w.case " + edited);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("is not the one the case was written from"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--force"), std::string::npos) << r.out;
  const auto forced = run_command(kCarve + " replay --force " + dir + "/a/w.case " + edited);
  EXPECT_EQ(forced.code, 0) << forced.out;
  EXPECT_NE(forced.out.find("warning:"), std::string::npos) << forced.out;
  // The spec the witness names, edited in place, is detected the same way.
  const std::string moved = dir + "/b/w.case";
  std::string text;
  {
    std::ifstream in(dir + "/a/w.case");
    std::stringstream all;
    all << in.rdbuf();
    text = all.str();
  }
  const auto at = text.find("spec \"");
  const auto end = text.find('"', at + 6);
  text.replace(at + 6, end - at - 6, "edited.carve");
  std::ofstream(moved) << text;
  const auto named = run_command(kCarve + " replay " + moved);
  EXPECT_EQ(named.code, 2) << named.out;
  EXPECT_NE(named.out.find(moved + ":"), std::string::npos) << "located at the witness's spec item: " << named.out;
}

}  // namespace
