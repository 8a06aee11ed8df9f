// `carve verify-proof` as a user holding a proof runs it. Each form drat-trim accepts but the DRAT
// format does not (drat.hpp: Relaxation) is rejected by the strict check with the rule it breaks
// named, and accepted by --lenient, which says so; the LRAT that --lrat writes -- for these hand
// proofs and for the certificates of the corpus's no-wins -- is verified by the independent
// forward checker (tests/lrat/forward_checker), and one mutated step of it is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/lrat/corpus_lrat.hpp"
#include "tests/lrat/forward_checker.hpp"
#include "tests/process.hpp"

namespace {

using carve::testing::run_command;
using carve::testing::temp_file;
using carve::testing::unique_path;

const std::string kCarve = CARVE_BINARY;
const std::string kRoot = CARVE_ROOT;

// All eight clauses over 1..3: unsatisfiable; (1 2), (1), (2) then the empty clause refute it.
const char* kAll8 =
    "p cnf 3 8\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";
// kAll8 with 4 -> 5 and (4 and 5) -> 2: (4 1) is RAT on 1, its second literal, not on 4.
const char* kPivot =
    "p cnf 5 10\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n-4 5 0\n-4 -5 2 0\n";

struct Form {
  const char* name;  // relaxation_name
  const char* cnf;
  const char* proof;
};
// Each proof is valid under its relaxation: drat-trim accepts all four.
const Form kForms[] = {
    {"pivot-not-first", kPivot, "4 1 0\n1 0\n2 0\n0\n"},
    {"no-empty-clause", kAll8, "1 2 0\n1 0\n2 0\n"},         // (1), (2) conflict; no "0" line
    {"premature-empty-clause", kAll8, "0\n1 2 0\n1 0\n2 0\n0\n"},  // the empty clause first
    {"stray-text", kAll8, "1 2 0\nx stray words\n1 0\n2 0\n0\n"},
};

class Relaxed : public ::testing::TestWithParam<Form> {};

TEST_P(Relaxed, StrictNamesTheRuleLenientAcceptsAndItsLratVerifies) {
  const Form& f = GetParam();
  const std::string cnf = temp_file("f.cnf", f.cnf), proof = temp_file("f.drat", f.proof), lrat = unique_path("f.lrat");
  const auto strict = run_command(kCarve + " verify-proof " + cnf + " " + proof);
  EXPECT_NE(strict.code, 0) << strict.out;
  EXPECT_NE(strict.out.find(std::string("[") + f.name + "]"), std::string::npos) << strict.out;
  EXPECT_NE(strict.out.find("--lenient"), std::string::npos) << strict.out;
  const auto lenient = run_command(kCarve + " verify-proof " + cnf + " " + proof + " --lenient --lrat " + lrat + " --json");
  ASSERT_EQ(lenient.code, 0) << lenient.out;
  const auto j = nlohmann::json::parse(lenient.out);
  EXPECT_EQ(j["verdict"], "accepted");
  EXPECT_GE(j["relaxations"][f.name].get<int>(), 1) << j.dump(2);
  const auto v = carve::lrat_test::check_lrat(f.cnf, carve::testing::file_text(lrat));
  EXPECT_TRUE(v.verified) << v.message << "\n" << carve::testing::file_text(lrat);
}

INSTANTIATE_TEST_SUITE_P(Forms, Relaxed, ::testing::ValuesIn(kForms), [](const auto& p) {
  std::string n = p.param.name;
  for (auto& c : n)
    if (c == '-') c = '_';
  return n;
});

// The certificates of corpus no-wins (literal and lenient walks, document 001), written by
// `carve check --keep-proofs`, re-checked through --lrat and the forward checker; every other
// certified case of the corpus is in lrat_corpus_slow_test.cpp.
TEST(LratCli, CorpusCertificatesVerifyIndependently) {
  const int verified = carve::lrat_test::verify_certificates_of(
      kCarve,
      kRoot + "/cases/binary_tree/literal/c4_d3.case " + kRoot + "/cases/binary_tree/lenient/c4_d3.case " + kRoot +
          "/cases/triangle/path3_simple.case",
      unique_path("proofs"));
  EXPECT_EQ(verified, 3);
}

}  // namespace
