// --timeout and --memory-limit end every engine and every long-running command with `unknown`
// and the limit's reason, exit code 0 (4 for verify-proof and check: undecided; how soon the
// answer comes is measured by bench/limits/limits_table.py, not asserted here); and the same
// inputs give the same JSON twice.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/chain_refutation.hpp"
#include "tests/process.hpp"

namespace {

struct Ran {
  carve::testing::Outcome outcome;
};

Ran run(const std::string& args) { return {carve::testing::run_command(std::string(CARVE_BINARY) + " " + args)}; }

// Each instance needs minutes (or hours) of its engine. The smt engine's deadline is tested in
// Z3Backend.DeadlineStopsALongCheck and measured in bench/limits (the same C4 instance on Z3).
struct Engine {
  const char* name;
  const char* solve;
};
const Engine kEngines[] = {
    {"explicit", "solve spec/binary_tree.carve --engine explicit --target P3 --turns 4 --depth 4 --profile literal"},
    {"sat", "solve spec/binary_tree.carve --engine sat --target C4 --turns 5 --depth 7 --profile literal"},
};

class EngineLimits : public ::testing::TestWithParam<Engine> {};

// The reason names the limit, then (for the symbolic engines) the step it interrupted.
bool starts_with(const nlohmann::json& reason, const std::string& prefix) {
  return reason.is_string() && reason.get<std::string>().rfind(prefix, 0) == 0;
}

// How early a reason says the run stopped ("... (stopped 0.31 s early: ...)", "... the solver
// stopped 0.02 s early ..."); 0 when it does not say so.
double early_seconds(const nlohmann::json& reason) {
  const std::string text = reason.is_string() ? reason.get<std::string>() : "";
  const auto end = text.find(" s early");
  if (end == std::string::npos) return 0;
  const auto start = text.rfind(' ', end - 1);
  return std::stod(text.substr(start + 1, end - start - 1));
}

TEST_P(EngineLimits, TimeoutAnswersUnknownWithTheReason) {
  auto r = run(std::string(GetParam().solve) + " --timeout 2 --json");
  ASSERT_EQ(r.outcome.code, 0) << r.outcome.out;
  auto j = nlohmann::json::parse(r.outcome.out);
  EXPECT_EQ(j["verdict"], "unknown");
  EXPECT_TRUE(starts_with(j["reason"], "timeout after 2.0 s")) << j["reason"];
  EXPECT_TRUE(j["limit_reached"].get<bool>());
  EXPECT_TRUE(j["turns"].is_null());
  // A stop ahead of the deadline says how far ahead: the symbolic engines stop the solver by the
  // time freeing it will take (a few ms per MB, engines/sat/search/sat_search.cpp), and a rehash that would
  // not end in time is not started (foundations/limits/guarded_growth.hpp; on a loaded machine the explicit
  // engine's run failed "seconds >= 2.0" once). Either way the seconds and the margin make the limit.
  EXPECT_GE(j["seconds"].get<double>() + early_seconds(j["reason"]), 2.0 - 0.01) << j["reason"] << " " << j["seconds"];
}

TEST_P(EngineLimits, MemoryLimitAnswersUnknownWithTheReason) {
  auto r = run(std::string(GetParam().solve) + " --memory-limit 40 --timeout 120 --json");
  ASSERT_EQ(r.outcome.code, 0) << r.outcome.out;
  auto j = nlohmann::json::parse(r.outcome.out);
  EXPECT_EQ(j["verdict"], "unknown");
  EXPECT_TRUE(starts_with(j["reason"], "memory limit 40 MB reached")) << j["reason"];
}

INSTANTIATE_TEST_SUITE_P(Engines, EngineLimits, ::testing::ValuesIn(kEngines),
                         [](const auto& p) { return std::string(p.param.name); });

using carve::testing::write_chain_refutation;

TEST(VerifyProofLimits, SmallChainIsAccepted) {
  // The family is a valid refutation (so the limits below stop real work, not a rejection).
  const auto cnf = carve::testing::unique_path("small.cnf"), proof = carve::testing::unique_path("small.drat");
  write_chain_refutation(cnf, proof, 200, 20);
  for (const std::string direction : {"", " --forward"}) {  // forward: every lemma checked, and all 21 are core
    auto r = run("verify-proof --json " + cnf + " " + proof + direction);
    ASSERT_EQ(r.outcome.code, 0) << direction << r.outcome.out;
    auto j = nlohmann::json::parse(r.outcome.out);
    EXPECT_EQ(j["verdict"], "accepted") << direction;
    EXPECT_EQ(j["core_lemmas"], 21) << direction;
  }
}

TEST(VerifyProofLimits, TimeoutAnswersUnknownWithTheReason) {
  const auto cnf = carve::testing::unique_path("big.cnf"), proof = carve::testing::unique_path("big.drat");
  write_chain_refutation(cnf, proof, 100000, 20000);
  for (const std::string direction : {"", " --forward"}) {
    auto r = run("verify-proof --json --timeout 2 " + cnf + " " + proof + direction);
    ASSERT_EQ(r.outcome.code, 4) << direction << r.outcome.out;  // unknown: neither 0 (accepted) nor 1 (rejected)
    auto j = nlohmann::json::parse(r.outcome.out);
    EXPECT_EQ(j["verdict"], "unknown");
    // The clause index's rehash may stop the check ahead of the deadline, and then says so.
    EXPECT_TRUE(j["reason"] == "timeout after 2.0 s" || starts_with(j["reason"], "timeout after 2.0 s (stopped ")) << j["reason"];
    EXPECT_FALSE(j["accepted"].get<bool>());
  }
}

TEST(VerifyProofLimits, MemoryLimitAnswersUnknownWithTheReason) {
  // Two million implications: the formula alone needs more than 40 MB once loaded.
  const auto cnf = carve::testing::unique_path("wide.cnf"), proof = carve::testing::unique_path("wide.drat");
  write_chain_refutation(cnf, proof, 2000000, 10);
  for (const std::string direction : {"", " --forward"}) {
    auto r = run("verify-proof --json --memory-limit 40 " + cnf + " " + proof + direction);
    ASSERT_EQ(r.outcome.code, 4) << direction << r.outcome.out;
    auto j = nlohmann::json::parse(r.outcome.out);
    EXPECT_EQ(j["verdict"], "unknown");
    EXPECT_EQ(j["reason"], "memory limit 40 MB reached") << direction;
  }
}

TEST(CheckLimits, ALimitIsUnknownNotAFailure) {
  const auto path = carve::testing::temp_file(
      "slow.case", std::string("case \"slow\" {\n  spec \"") + CARVE_ROOT +
                       "/spec/binary_tree.carve\";\n  profile literal;\n  engine explicit;\n  target P3;\n  depth 4;\n"
                       "  turns 4;\n  expect no-win;\n}\n");
  auto r = run("check --json --timeout 2 " + path);
  ASSERT_EQ(r.outcome.code, 4) << r.outcome.out;  // nothing failed, not everything decided
  EXPECT_EQ(run("check --allow-unknown --timeout 2 " + path).outcome.code, 0);
  auto j = nlohmann::json::parse(r.outcome.out);
  EXPECT_EQ(j["unknown"], 1);
  EXPECT_EQ(j["failed"], 0);
  EXPECT_TRUE(starts_with(j["cases"][0]["actual"], "unknown (timeout after 2.0 s")) << j["cases"][0]["actual"];
  EXPECT_TRUE(j["cases"][0]["limit_reached"].get<bool>());
}

// Everything but the clocks and the memory figures: the same inputs and options must give it.
nlohmann::json without_measurements(nlohmann::json j) {
  for (const char* k : {"seconds", "peak_memory_mb"}) j.erase(k);
  return j;
}

TEST(Reproducibility, SameInputsSameJson) {
  for (const char* args : {"solve spec/binary_tree.carve --engine explicit --target P3 --turns 3 --depth 3 --profile literal --json",
                           "solve spec/binary_tree.carve --engine sat --target P3 --turns 3 --depth 4 --profile literal --json",
                           "solve spec/binary_tree.carve --engine sat --target K13 --turns 3 --depth 3 --profile simple --json"}) {
    auto a = run(args), b = run(args);
    ASSERT_EQ(a.outcome.code, 0) << a.outcome.out;
    ASSERT_EQ(b.outcome.code, 0) << b.outcome.out;
    auto ja = nlohmann::json::parse(a.outcome.out), jb = nlohmann::json::parse(b.outcome.out);
    EXPECT_EQ(without_measurements(ja), without_measurements(jb)) << args;
    EXPECT_TRUE(ja["versions"].contains("carve") && ja["versions"].contains("cadical") && ja["versions"].contains("z3")) << args;
  }
}

}  // namespace
