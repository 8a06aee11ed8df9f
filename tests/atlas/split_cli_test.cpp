// carve solve --split end to end: the plan run by the atlas's pool with two workers, the verdict
// equal to the unsplit solve's on the same question (a certified no-win, and a win replayed as a
// whole play), `carve atlas verify` reading the parts back, and bad input refused with exit 2.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;

carve::testing::Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

std::string spec() { return std::string(CARVE_ROOT) + "/spec/binary_tree.carve"; }

std::string fresh_dir(const std::string& name) {
  const std::string d = carve::testing::unique_path(name);
  fs::remove_all(d);
  return d;
}

nlohmann::json json_of(const carve::testing::Outcome& r) { return nlohmann::json::parse(r.out.substr(r.out.find('{'))); }

// P4 under trail at depth 3: 3 turns are the shortest carving (explicit search, in split_test),
// so within 2 turns a no-win and within 3 a win; --split must say what the unsplit solve says.
TEST(SplitCli, VerdictEqualsTheUnsplitSolve) {
  for (int turns : {2, 3}) {
    const std::string q = spec() + " --target P4 --depth 3 --profile trail --turns " + std::to_string(turns);
    const auto whole = run("solve " + q + " --engine sat --json");
    ASSERT_EQ(whole.code, 0) << whole.out;
    const std::string dir = fresh_dir("split");
    const auto split = run("solve " + q + " --split 4 --jobs 2 --dir " + dir + " --json");
    ASSERT_EQ(split.code, 0) << split.out;
    const auto w = json_of(whole), s = json_of(split);
    EXPECT_EQ(s["verdict"], w["verdict"]) << split.out;
    EXPECT_TRUE(s["certified"].get<bool>()) << split.out;
    EXPECT_TRUE(s["covering"]["ok"].get<bool>());
    if (w["verdict"] == "win") {
      EXPECT_EQ(s["turns"], w["turns"]);
      // The part's witness is a whole play of the question: carve replay judges it on its own.
      const auto rep = run("replay " + dir + "/" + s["witness"]["file"].get<std::string>());
      EXPECT_EQ(rep.code, 0) << rep.out;
    } else {
      EXPECT_EQ(s["certified_parts"].get<int>(), 4);
      const auto v = run("atlas verify " + dir + " --proofs");
      EXPECT_EQ(v.code, 0) << v.out;
      EXPECT_NE(v.out.find("split     no-win, certified (4 of 4 parts certified; covering checked)"), std::string::npos) << v.out;
    }
  }
}

TEST(SplitCli, BadInputIsExitTwo) {
  const std::string q = " --target P4 --turns 2 --split 2";
  EXPECT_EQ(run("solve " + spec() + q + " --depth any").code, 2);
  EXPECT_EQ(run("solve " + spec() + q + " --depth 3 --engine explicit").code, 2);
  EXPECT_EQ(run("solve " + std::string(CARVE_ROOT) + "/cases/binary_tree/simple/p3_d4.case --split 2").code, 2);
  const auto r = run("solve " + std::string(CARVE_ROOT) + "/spec/triangle.carve --target '{a,b}' --turns 2 --vars 2 --split 2");
  EXPECT_EQ(r.code, 2) << r.out;
}

}  // namespace
