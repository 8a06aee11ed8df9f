// carve check as a CI system runs it: a folder of three cases whose outcomes are known by
// construction (P3 at depth 4 under simple paths is won in 2 turns -- the corpus case
// cases/binary_tree/simple/p3_d4.case, cross-checked by sat there --, the same question expecting
// no-win must fail, a case with a syntax error is bad input) reported as JUnit XML valid against
// tests/cli/junit.xsd, as TAP, as text and as JSON with the same counts; -j 2 gives the report of
// -j 1; an empty folder is an error; certificate files named in JSON exist after the run.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using carve::testing::Outcome;
using carve::testing::run_command;

const std::string kCarve = CARVE_BINARY;
const std::string kRoot = CARVE_ROOT;

Outcome carve(const std::string& args) { return run_command(kCarve + " " + args); }

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string p3_case(const std::string& expect) {
  return "case \"P3 ä\" {\n  spec \"" + kRoot + "/spec/binary_tree.carve\";\n  profile simple;\n  target P3;\n  depth 4;\n  turns 3;\n  " +
         expect + ";\n}\n";
}

// a_pass.case (win in 2), b_fail.case (expects no-win), c_bad.case (no closing brace).
std::string three_cases() {
  const std::string dir = carve::testing::unique_path("cases");
  fs::remove_all(dir);
  fs::create_directories(dir + "/sub");
  std::ofstream(dir + "/a_pass.case") << p3_case("expect win in 2");
  std::ofstream(dir + "/sub/b_fail.case") << p3_case("expect no-win");
  std::ofstream(dir + "/sub/c_bad.case") << "case \"broken\" {\n  spec \"x.carve\";\n";
  return dir;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(CheckCi, JunitIsValidAndCountsLikeTextAndJson) {
  const std::string dir = three_cases(), junit = carve::testing::unique_path("report.xml");
  const auto text = carve("check " + dir + " -j 2 --junit " + junit);
  EXPECT_EQ(text.code, 2) << "bad input outranks a mismatch: " << text.out;
  EXPECT_NE(text.out.find("1 passed, 1 failed, 1 bad input"), std::string::npos) << text.out;
  const auto json = carve("check " + dir + " --json");
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["passed"], 1);
  EXPECT_EQ(j["failed"], 1);
  EXPECT_EQ(j["bad_input"], 1);
  EXPECT_EQ(j["cases"][2]["outcome"], "bad_input");

  const std::string xml = read(junit);
  if (run_command("command -v xmllint").code == 0) {  // libxml2-utils (tools/debian-packages.txt)
    const auto valid = run_command("xmllint --noout --schema " + kRoot + "/tests/cli/junit.xsd " + junit);
    EXPECT_EQ(valid.code, 0) << valid.out << xml;
    // The schema is no rubber stamp: a testcase without its classname is refused.
    const std::string broken = carve::testing::temp_file("broken.xml", std::regex_replace(xml, std::regex(" classname=\"[^\"]*\""), ""));
    EXPECT_NE(run_command("xmllint --noout --schema " + kRoot + "/tests/cli/junit.xsd " + broken).code, 0);
  } else {
    ADD_FAILURE() << "xmllint (libxml2-utils) is not installed: the JUnit file cannot be validated";
  }
  EXPECT_NE(xml.find(R"(tests="3" failures="1" errors="1" skipped="0")"), std::string::npos) << xml;
  EXPECT_EQ(count(xml, "<testcase "), 3) << xml;
  EXPECT_EQ(count(xml, "<failure "), 1) << xml;
  EXPECT_EQ(count(xml, "<error type=\"bad_input\""), 1) << xml;
  // Sorted order: a_pass, sub/b_fail, sub/c_bad; the folder is the class.
  EXPECT_LT(xml.find("name=\"a_pass.case\""), xml.find("name=\"b_fail.case\"")) << xml;
  EXPECT_LT(xml.find("name=\"b_fail.case\""), xml.find("name=\"c_bad.case\"")) << xml;
  EXPECT_NE(xml.find("expected no-win, got win in 2"), std::string::npos) << xml;
}

TEST(CheckCi, TapNamesEveryCase) {
  const std::string dir = three_cases();
  const auto tap = carve("check " + dir + " --tap");
  EXPECT_EQ(tap.code, 2) << tap.out;
  EXPECT_EQ(tap.out.rfind("TAP version 13\n1..3\nok 1 - " + dir + "/a_pass.case\nnot ok 2 - " + dir + "/sub/b_fail.case\n", 0), 0u)
      << tap.out;
  EXPECT_NE(tap.out.find("not ok 3 - " + dir + "/sub/c_bad.case\n  ---\n  outcome: bad_input\n"), std::string::npos) << tap.out;
  EXPECT_NE(tap.out.find("  expected: \"no-win\"\n  actual: \"win in 2\"\n"), std::string::npos) << tap.out;
}

// The parallel run reports what the serial one does, case by case, in the same order.
TEST(CheckCi, ParallelRunGivesTheSerialReport) {
  std::string some;  // the cheap cases of one folder (c4_d4 takes half a minute), a certificate among them
  for (const char* c : {"c4_d3", "k13_d4", "k1_d3", "k2_d4", "k3_d3", "k3_d4", "p3_d3", "p4_d3", "p4_d4"})
    some += " " + kRoot + "/cases/binary_tree/simple/" + c + ".case";
  const auto one = carve("check" + some + " --json -j 1");
  const auto two = carve("check" + some + " --json -j 2");
  ASSERT_EQ(one.code, 0) << one.out;
  ASSERT_EQ(two.code, 0) << two.out;
  const auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
  ASSERT_EQ(a["cases"].size(), b["cases"].size());
  EXPECT_EQ(a["cases"].size(), 9u);
  for (std::size_t i = 0; i < a["cases"].size(); ++i) {
    EXPECT_EQ(a["cases"][i]["case"], b["cases"][i]["case"]);
    EXPECT_EQ(a["cases"][i]["actual"], b["cases"][i]["actual"]) << a["cases"][i]["case"];
    EXPECT_EQ(a["cases"][i]["outcome"], b["cases"][i]["outcome"]) << a["cases"][i]["case"];
  }
  EXPECT_EQ(b["jobs"], 2);
}

TEST(CheckCi, EmptyFolderIsAnError) {
  const std::string dir = carve::testing::unique_path("empty");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto r = carve("check " + dir);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("no case files (*.case, *.witness) in this folder"), std::string::npos) << r.out;
  EXPECT_EQ(carve("check " + dir + "/missing").code, 2);
}

// Certificates: without --keep-proofs the JSON names no file (they were temporary); with it, the
// files it names exist after the run and carve's checker accepts them again.
TEST(CheckCi, ProofFilesNamedInJsonExistAfterTheRun) {
  const std::string c4 = kRoot + "/cases/binary_tree/simple/c4_d3.case";
  const auto temp = nlohmann::json::parse(carve("check " + c4 + " --json").out);
  EXPECT_TRUE(temp["cases"][0]["certificate"]["cnf"].is_null()) << temp.dump(2);
  const std::string keep = carve::testing::unique_path("proofs");
  fs::remove_all(keep);
  const auto kept = nlohmann::json::parse(carve("check " + c4 + " --json --keep-proofs " + keep).out);
  const auto& cert = kept["cases"][0]["certificate"];
  ASSERT_TRUE(cert["cnf"].is_string()) << kept.dump(2);
  const std::string cnf = cert["cnf"], proof = cert["proof"];
  EXPECT_TRUE(fs::exists(cnf) && fs::exists(proof)) << cnf;
  EXPECT_EQ(carve("verify-proof " + cnf + " " + proof).code, 0);
}

}  // namespace
