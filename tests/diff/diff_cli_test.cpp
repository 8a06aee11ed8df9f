// carve diff end to end: refusals (the same rules, different documents, a family too large),
// --json with every certificate's files (hash checked with coreutils' sha256sum, proofs by
// `carve verify-proof` and refused once tampered), --write-case read back by `carve check`,
// geng's family, and a time limit that ends in `unknown`, never in "none".
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

using carve::testing::Outcome;

const std::string kTree = std::string(CARVE_ROOT) + "/spec/binary_tree.carve";

Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

std::string fresh_dir(const std::string& name) {
  const std::string d = carve::testing::unique_path(name);
  std::filesystem::remove_all(d);
  return d;
}

TEST(DiffCli, SameRulesAreRefusedBeforeAnySearch) {
  auto r = run("diff " + kTree + " --profile literal --with-set path=walk --target K1 --turns 2 --depth 1");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("no difference: the readings are the same rules"), std::string::npos) << r.out;
}

TEST(DiffCli, DifferentDocumentsAreRefused) {
  auto r = run("diff " + kTree + " " + CARVE_ROOT + "/spec/triangle.carve --target K1 --turns 2 --depth 1");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("different documents (000 and 001)"), std::string::npos) << r.out;
}

TEST(DiffCli, TooLargeAFamilyIsRefusedWithItsSize) {
  auto r = run("diff " + kTree + " --with-profile simple --target K1 --target K2 --target P3 --turns 2 --depth 4 --max-questions 10");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("12 questions (3 targets x 4 scopes)"), std::string::npos) << r.out;
  r = run("diff " + kTree + " --with-profile simple --connected 9 --turns 2 --depth 1");
  EXPECT_EQ(r.code, 2) << r.out;
}

// --jobs shares the turn bounds of the SAT search among threads; the enumeration has none to share.
TEST(DiffCli, JobsAreForThePlaySearchBySatAndPathLengthForTheEnumeration) {
  auto r = run("diff " + kTree + " --with-profile simple --target K1 --turns 2 --depth 1 --plays enumerate --jobs 2");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("<command line --jobs>"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--plays sat"), std::string::npos) << r.out;
  r = run("diff " + kTree + " --with-profile simple --target K1 --turns 2 --depth 1 --jobs 0");
  EXPECT_EQ(r.code, 2) << r.out;
  // and --path-length is the enumeration's: the SAT search would not read it.
  r = run("diff " + kTree + " --with-profile simple --target K1 --turns 2 --depth 1 --path-length 3");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("<command line --path-length>"), std::string::npos) << r.out;
  r = run("diff " + kTree + " --with-profile simple --target K1 --turns 2 --depth 1 --plays enumerate --path-length 3 --no-verdicts");
  EXPECT_EQ(r.code, 0) << r.out;
}

// literal against simple at depth 1: K1 in 1 turn under walks, not under simple paths (argued in
// tests/diff/diff_test.cpp). Every certificate's files are checked here by other routes.
TEST(DiffCli, JsonCertificatesCheckOutAndTamperedProofsDoNot) {
  const std::string proofs = fresh_dir("proofs");
  auto r = run("diff " + kTree + " --with-profile simple --target K1 --turns 2 --depth 1 --json --proof-dir " + proofs);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  const auto& v = j["verdicts"];
  EXPECT_EQ(v["status"], "found");
  EXPECT_EQ(v["difference"]["wins"], "A");
  EXPECT_EQ(v["difference"]["turns"], 1);
  EXPECT_EQ(j["plays"]["status"], "found");
  EXPECT_EQ(j["plays"]["difference"]["rejected_by"], "B");
  int proofs_seen = 0;
  for (const auto& c : v["certificates"]) {
    EXPECT_TRUE(c["certified"].get<bool>()) << c.dump();
    if (c["kind"] != "no-win") continue;
    ++proofs_seen;
    const std::string cnf = c["cnf"], proof = c["proof"];
    auto sha = carve::testing::run_command("sha256sum " + cnf);
    EXPECT_EQ(sha.out.substr(0, 64), c["cnf_sha256"].get<std::string>());
    EXPECT_EQ(run("verify-proof " + cnf + " " + proof).code, 0);
    // A proof cut to half its steps no longer refutes the formula.
    const auto size = std::filesystem::file_size(proof);
    std::filesystem::resize_file(proof, size / 2);
    EXPECT_NE(run("verify-proof " + cnf + " " + proof).code, 0) << proof;
  }
  EXPECT_GE(proofs_seen, 2);  // A at k = 0, B at k = 1 at least
}

TEST(DiffCli, WrittenCasesPassCheck) {
  const std::string dir = fresh_dir("cases");
  auto r = run("diff " + kTree + " --with-profile simple --target K1 --turns 2 --depth 1 --write-case " + dir);
  ASSERT_EQ(r.code, 0) << r.out;
  // A play and a question, each under both readings (their names: tests/cli/clarity_test.cpp).
  std::size_t plays = 0, questions = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    const std::string name = f.path().filename().string();
    plays += name.find(".play-") != std::string::npos;
    questions += name.find(".K1-") != std::string::npos;
  }
  EXPECT_EQ(plays, 2u);
  EXPECT_EQ(questions, 2u);
  auto c = run("check " + dir);
  EXPECT_EQ(c.code, 0) << c.out;
}

// The distinguishing play is drawn under the reading that accepts it, its title naming where the
// other rejects it; the winner's witness beside it.
TEST(DiffCli, RenderDrawsThePlayAndTheWitness) {
  if (carve::testing::run_command("command -v dot").code != 0) GTEST_SKIP() << "Graphviz is not installed";
  const std::string dir = fresh_dir("render");
  auto r = run("diff " + kTree + " --profile literal --with-set loop=allow --target K1 --turns 1 --depth 1 --render " + dir);
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(dir + "/play/index.html");
  const std::string html((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(html.find("reading B accepts this play; reading A rejects turn 1 (rule 3.1)"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir + "/play/turn_01.svg"));
}

// Plays compared by SAT (the default): simple against duplicate=forbid parts only at turn 4 at
// depth 1 (a stable turn keeps a virtual edge, then e_new names it again, and a simple path from λ
// through e_new has at most 2 edges: docs/diff.md), so within three turns no play differs, each
// turn bound's refutation certified -- its files checked here by other routes. literal against
// duplicate=forbid parts at turn 3; both read walks, which the formula bounds by the proved joint
// walk bound (joint_play.cpp), so within two turns the answer is "none" with both refutations
// certified, and within three the play is written as cases that `carve check` passes.
TEST(DiffCli, SatPlaysCertifyNoneAndWriteTheirDifference) {
  const std::string proofs = fresh_dir("play-proofs");
  auto r = run("diff " + kTree + " --profile simple --with-set duplicate=forbid --target K1 --turns 3 --play-turns 3 --depth 1 "
               "--no-verdicts --json --proof-dir " + proofs);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["plays"]["search"], "sat");
  EXPECT_EQ(j["plays"]["status"], "none within the bounds");
  ASSERT_EQ(j["plays"]["certificates"].size(), 3u);
  for (const auto& c : j["plays"]["certificates"]) {
    EXPECT_TRUE(c["certified"].get<bool>()) << c.dump();
    const std::string cnf = c["cnf"], proof = c["proof"];
    EXPECT_EQ(carve::testing::run_command("sha256sum " + cnf).out.substr(0, 64), c["cnf_sha256"].get<std::string>());
    EXPECT_EQ(run("verify-proof " + cnf + " " + proof).code, 0);
    std::filesystem::resize_file(proof, std::filesystem::file_size(proof) / 2);
    EXPECT_NE(run("verify-proof " + cnf + " " + proof).code, 0) << proof;
  }
  r = run("diff " + kTree + " --with-set duplicate=forbid --target K1 --turns 3 --play-turns 2 --depth 1 --no-verdicts --json");
  ASSERT_EQ(r.code, 0) << r.out;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["plays"]["status"], "none within the bounds") << j["plays"].dump();
  EXPECT_EQ(j["plays"]["exact"], true);
  EXPECT_EQ(j["plays"]["certified"], 2);
  const std::string dir = fresh_dir("sat-play-cases");
  r = run("diff " + kTree + " --with-set duplicate=forbid --target K1 --turns 3 --depth 1 --no-verdicts --write-case " + dir);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("depth 1, 3 turns"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("certified: 2 of 2 refutations"), std::string::npos) << r.out;
  auto c = run("check " + dir);
  EXPECT_EQ(c.code, 0) << c.out;
}

// Document 001 by SAT (the default): literal against duplicate=forbid parts at 2 variables and 3
// turns (a stable turn keeps a virtual edge, then e_new names it again), as the enumeration finds
// too; every bound before it -- three at 1 variable, where no tuple can be e_new, and two at 2 --
// refuted and certified. The play is written as cases that `carve check` passes.
TEST(DiffCli, SatPlaysCompareTheTriangleAndWriteTheirDifference) {
  const std::string tri = std::string(CARVE_ROOT) + "/spec/triangle.carve";
  const std::string dir = fresh_dir("sat-play-001-cases");
  auto r = run("diff " + tri + " --with-set duplicate=forbid --target K1 --turns 3 --vars 2 --no-verdicts --write-case " + dir);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("plays     found: variables 2, 3 turns"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("certified: 5 of 5 refutations"), std::string::npos) << r.out;
  auto c = run("check " + dir);
  EXPECT_EQ(c.code, 0) << c.out;
  r = run("diff " + tri + " --with-set duplicate=forbid --target K1 --turns 3 --vars 2 --no-verdicts --plays enumerate");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("plays     found: variables 2, 3 turns"), std::string::npos) << r.out;
  r = run("diff " + tri + " --target K1 --turns 1 --vars 2 --plays guess");
  EXPECT_EQ(r.code, 2) << r.out;
}

// geng's connected graphs on at most 2 vertices are K1 and K2: the family is those two.
TEST(DiffCli, ConnectedGraphsComeFromGeng) {
  auto r = run("diff " + kTree + " --with-profile simple --connected 2 --turns 1 --depth 1 --no-plays --json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["family"]["targets"].size(), 2u);
}

TEST(DiffCli, ALimitEndsInUnknownNeverNone) {
  // reroot answers alike on small questions, so the search goes on until the limit stops it.
  auto r = run("diff " + kTree + " --profile cycle --with-set reroot=forbid --target C4 --target K1,3 --turns 5 --depth 5 --timeout 0.5 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdicts"]["status"], "unknown");
  EXPECT_NE(j["verdicts"]["reason"].get<std::string>().find("timeout"), std::string::npos);
}

}  // namespace
