// carve diff --depth any end to end: the difference on the infinite tree with its certificates
// (proofs re-checked by `carve verify-proof`, refused once cut), written as `depth any;` cases that
// `carve check` passes; agreement stated over the family; plays not compared, and said so; and
// every refusal by name with exit 2: a reading the shape engine does not encode, the play
// search's options, an engine that decides within a depth bound, `--depth anything`.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

using carve::testing::Outcome;

const std::string kBinaryTree = std::string(CARVE_ROOT) + "/spec/binary_tree.carve";

Outcome carve_cli(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

std::string fresh_folder(const std::string& name) {
  const std::string d = carve::testing::unique_path(name);
  std::filesystem::remove_all(d);
  return d;
}

// literal against simple, K1 within 2 turns on Ω: A wins in 1, B cannot within 1 (argued in
// tests/diff/infinite_diff_test.cpp). The JSON, the proofs' files, and the regression pair.
TEST(DiffInfiniteCli, TheDifferenceIsCertifiedAndWrittenAsDepthAnyCases) {
  const std::string proofs = fresh_folder("proofs"), cases = fresh_folder("cases");
  auto r = carve_cli("diff " + kBinaryTree + " --with-profile simple --target K1 --turns 2 --depth any --json --proof-dir " + proofs +
               " --write-case " + cases);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["family"]["scopes"], nlohmann::json::array({"any"}));
  EXPECT_EQ(j["plays"]["status"], "not compared");
  const auto& v = j["verdicts"];
  ASSERT_EQ(v["status"], "found");
  EXPECT_EQ(v["difference"]["scope"], "any");
  EXPECT_EQ(v["difference"]["wins"], "A");
  EXPECT_EQ(v["difference"]["turns"], 1);
  EXPECT_EQ(v["difference"]["witness"].size(), 1u);
  EXPECT_EQ(v["questions"][0]["answers"]["B"]["turns"], 2);
  EXPECT_FALSE(v["questions"][0]["answers"]["A"]["shape"].empty());  // the winning shape, as solve --depth any gives it
  int proofs_seen = 0;
  for (const auto& c : v["certificates"]) {
    EXPECT_TRUE(c["certified"].get<bool>()) << c.dump();
    EXPECT_EQ(c["scope"], "any");
    if (c["kind"] != "no-win") continue;
    ++proofs_seen;
    const std::string cnf = c["cnf"], proof = c["proof"];
    EXPECT_EQ(carve::testing::run_command("sha256sum " + cnf).out.substr(0, 64), c["cnf_sha256"].get<std::string>());
    EXPECT_EQ(carve_cli("verify-proof " + cnf + " " + proof).code, 0);
    std::filesystem::resize_file(proof, std::filesystem::file_size(proof) / 2);
    EXPECT_NE(carve_cli("verify-proof " + cnf + " " + proof).code, 0) << proof;
  }
  EXPECT_EQ(proofs_seen, 2);  // A: none in 0 turns; B: none in 1
  // The pair: `depth any;`, named for the infinite tree; carve check judges both with the shape engine.
  std::size_t written = 0;
  for (const auto& f : std::filesystem::directory_iterator(cases)) {
    const std::string name = f.path().filename().string();
    EXPECT_NE(name.find(".K1-scope-any."), std::string::npos) << name;
    EXPECT_NE(carve::testing::file_text(f.path().string()).find("  depth any;\n"), std::string::npos) << name;
    ++written;
  }
  EXPECT_EQ(written, 2u);
  auto c = carve_cli("check " + cases + " --json");
  EXPECT_EQ(c.code, 0) << c.out;
  EXPECT_NE(c.out.find("\"shape\""), std::string::npos) << c.out;  // judged on the infinite tree
}

TEST(DiffInfiniteCli, AgreementIsStatedOverTheFamilyAndPlaysAreNotCompared) {
  auto r = carve_cli("diff " + kBinaryTree + " --profile literal --with-profile trail --target K1 --target K2 --turns 2 --depth any");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("family    targets K1; K2 (smallest first); turns <= 2; the infinite tree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("plays     not compared on the infinite tree: a play mentions finitely many nodes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("these readings give the same shortest carvings of every target of the family on the infinite tree within 2 turns"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("certified 8 certificates accepted, 0 not certified"), std::string::npos) << r.out;
}

TEST(DiffInfiniteCli, EveryRefusalNamesItsRuleOrOption) {
  const std::string q = " --target K1 --turns 1 --depth any";
  // A reading outside what the shape engine encodes: the reading and the rule, no answer.
  auto r = carve_cli("diff " + kBinaryTree + " " + CARVE_ROOT + "/cases/variants/binary_tree_contains.carve --profile simple" + q);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("reading B ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4 victory"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("verdicts"), std::string::npos) << r.out;
  // Plays are compared within a depth bound: each of the play search's options is refused by name.
  for (const char* option : {"--play-turns 2", "--plays enumerate", "--path-length 3", "--jobs 2"}) {
    r = carve_cli("diff " + kBinaryTree + " --with-profile simple" + q + " " + option);
    EXPECT_EQ(r.code, 2) << option << ": " << r.out;
    const std::string name = std::string(option).substr(0, std::string(option).find(' '));
    EXPECT_NE(r.out.find("<command line " + name + ">"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("plays are not compared on the infinite tree"), std::string::npos) << r.out;
  }
  r = carve_cli("diff " + kBinaryTree + " --with-profile simple" + q + " --no-verdicts");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("--no-verdicts leaves nothing to compare"), std::string::npos) << r.out;
  r = carve_cli("diff " + kBinaryTree + " --with-profile simple" + q + " --engine explicit");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("engine explicit decides questions within a depth bound"), std::string::npos) << r.out;
  // Bad input: neither a depth nor `any`, said at the option.
  r = carve_cli("diff " + kBinaryTree + " --with-profile simple --target K1 --turns 1 --depth anything");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("carve diff: --depth"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("got 'anything'"), std::string::npos) << r.out;
  // Document 001 has no infinite tree of words.
  r = carve_cli("diff " + std::string(CARVE_ROOT) + "/spec/triangle.carve --with-profile simple" + q);
  EXPECT_EQ(r.code, 2) << r.out;
}

}  // namespace
