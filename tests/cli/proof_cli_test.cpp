// Certified no-win answers end to end: `solve --proof` writes a CNF and a DRAT proof that
// `verify-proof` accepts and whose SHA-256 the JSON states (checked with coreutils' sha256sum, an
// independent route), a tampered proof is not accepted, `check` honours `certify drat;`, and
// malformed CNF and proof files give exit code 2 with a message naming the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

using carve::testing::Outcome;

Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

std::string write(const std::string& name, const std::string& bytes) {
  const std::string path = carve::testing::unique_path(name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// A corpus case rewritten to name its spec absolutely, with `extra` items before its last line.
std::string case_with(const std::string& name, const std::string& from, const std::string& extra) {
  std::string text = std::regex_replace(carve::testing::file_text(from), std::regex("\"(\\.\\./)+spec"), "\"" + std::string(CARVE_ROOT) + "/spec");
  text = std::regex_replace(text, std::regex("\\n *certify [a-z]+;"), "");
  text = std::regex_replace(text, std::regex("\\}\\s*$"), extra + "}\n");
  return write(name, text);
}

const char* kNoWinCase = "cases/binary_tree/lenient/c4_d3.case";  // the fastest no-win of the corpus
const char* kNoWinCase001 = "cases/triangle/path3_simple.case";     // the fastest 001 no-win

// The CNF without its last clause ("some frame is won"), header adjusted: satisfiable.
std::string without_last_clause(const std::string& cnf) {
  const std::size_t last = cnf.rfind('\n', cnf.size() - 2);
  std::string weaker = cnf.substr(0, last + 1);
  const std::regex header("p cnf (\\d+) (\\d+)");
  std::smatch m;
  if (!std::regex_search(weaker, m, header)) return weaker;
  return std::regex_replace(weaker, header, "p cnf " + m[1].str() + " " + std::to_string(std::stoul(m[2].str()) - 1),
                            std::regex_constants::format_first_only);
}

// verify-proof's text: the checker's verdict once, its summary, the time; the CNF's SHA-256.
const std::regex kAcceptedLine(
    "accepted: the formula with the proof's clauses contradicts itself by unit propagation after proof step \\d+; the \\d+ "
    "clauses? of the \\d+ the proof adds that the refutation rests on were each checked to follow from the clauses before "
    "them \\(\\d+ by unit propagation, (none|\\d+) by the RAT rule\\); ignored, as drat-trim does: \\d+ deletions of clauses "
    "that are a unit or the reason of one, \\d+ deletions of clauses not present \\(\\d+\\.\\d{3} s\\)\n"
    "cnf sha256 [0-9a-f]{64}\n");
const std::regex kRejectedLine("rejected: [^\n]*[^:] \\(\\d+\\.\\d{3} s\\)\ncnf sha256 [0-9a-f]{64}\n");

// `carve ARGS` answers (exit 0) and reports an accepted DRAT proof.
void expect_certified(const std::string& args) {
  auto r = run(args);
  EXPECT_EQ(r.code, 0) << args << "\n" << r.out;
  EXPECT_NE(r.out.find("certified: DRAT proof accepted"), std::string::npos) << args << "\n" << r.out;
}

TEST(ProofCli, SolveWritesAProofThatVerifyProofAccepts) {
  for (const std::string format : {"binary", "text"}) {
    const std::string base = carve::testing::unique_path(format);
    auto r = run(std::string("solve ") + kNoWinCase + " --engine sat --json --proof " + base + " --proof-format " + format);
    ASSERT_EQ(r.code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["verdict"], "no-win");
    const auto& p = j.at("proof");
    EXPECT_EQ(p["certified"], true) << p.dump(2);
    EXPECT_EQ(p["status"], "accepted");
    EXPECT_EQ(p["cnf"], base + ".cnf");
    EXPECT_EQ(p["proof"], base + ".drat");
    EXPECT_EQ(p["proof_format"], format);
    EXPECT_GT(p["proof_lemmas"].get<int>(), 0);
    for (const char* k : {"solve_seconds", "check_seconds", "cnf_sha256", "clauses", "variables"}) EXPECT_TRUE(p.contains(k)) << k;
    // The hash names the file: coreutils computes the same digest.
    auto sum = carve::testing::run_command("sha256sum " + base + ".cnf");
    ASSERT_EQ(sum.code, 0);
    EXPECT_EQ(sum.out.substr(0, 64), p["cnf_sha256"].get<std::string>());
    auto v = run("verify-proof " + base + ".cnf " + base + ".drat --json --format " + format);
    EXPECT_EQ(v.code, 0) << v.out;
    EXPECT_EQ(nlohmann::json::parse(v.out)["accepted"], true);
  }
}

TEST(ProofCli, TamperedProofOrFormulaIsNotAccepted) {
  const std::string base = carve::testing::unique_path("p");
  ASSERT_EQ(run(std::string("solve ") + kNoWinCase + " --engine sat --proof " + base).code, 0);
  const std::string cnf = carve::testing::file_text(base + ".cnf"), proof = carve::testing::file_text(base + ".drat");
  // The proof cut at 60%: the empty clause is gone (a truncated step is a read error, exit 2).
  auto cut = run("verify-proof " + base + ".cnf " + write("cut.drat", proof.substr(0, proof.size() * 6 / 10)));
  EXPECT_TRUE(cut.code == 1 || cut.code == 2) << cut.out;
  EXPECT_EQ(cut.out.find("accepted:"), std::string::npos) << cut.out;
  // The formula without its last clause ("some frame is won") is satisfiable: the proof must
  // not refute it.
  const std::string weaker = without_last_clause(cnf);
  ASSERT_NE(weaker, cnf.substr(0, weaker.size()));
  auto w = run("verify-proof " + write("weaker.cnf", weaker) + " " + base + ".drat");
  EXPECT_EQ(w.code, 1) << w.out;
  EXPECT_NE(w.out.find("rejected"), std::string::npos) << w.out;
}

// verify-proof --forward (checkers/drat/forward.hpp) on the same files: the proof solve wrote is
// accepted forward too (binary and text), the weaker (satisfiable) formula and the cut proof are
// not, and --lrat, which needs the backward check's hints, is refused with --forward.
TEST(ProofCli, VerifyProofForwardAnswersAsBackward) {
  for (const std::string format : {"binary", "text"}) {
    const std::string base = carve::testing::unique_path("fwd-" + format);
    ASSERT_EQ(run(std::string("solve ") + kNoWinCase + " --engine sat --proof " + base + " --proof-format " + format).code, 0);
    auto v = run("verify-proof " + base + ".cnf " + base + ".drat --forward --json");
    ASSERT_EQ(v.code, 0) << v.out;
    const auto j = nlohmann::json::parse(v.out);
    EXPECT_EQ(j["accepted"], true) << v.out;
    EXPECT_EQ(j["direction"], "forward");
    EXPECT_GT(j["core_lemmas"].get<int>(), 0);  // forward: every lemma before the conflict, checked
    const std::string cnf = carve::testing::file_text(base + ".cnf"), proof = carve::testing::file_text(base + ".drat");
    auto w = run("verify-proof " + write("weaker-" + format + ".cnf", without_last_clause(cnf)) + " " + base + ".drat --forward");
    EXPECT_EQ(w.code, 1) << w.out;
    EXPECT_NE(w.out.find("rejected"), std::string::npos) << w.out;
    auto cut = run("verify-proof " + base + ".cnf " + write("cut-" + format + ".drat", proof.substr(0, proof.size() * 6 / 10)) + " --forward");
    EXPECT_TRUE(cut.code == 1 || cut.code == 2) << cut.out;
    EXPECT_EQ(cut.out.find("accepted"), std::string::npos) << cut.out;
  }
  const std::string base = carve::testing::unique_path("fwd-lrat");
  ASSERT_EQ(run(std::string("solve ") + kNoWinCase + " --engine sat --proof " + base).code, 0);
  auto both = run("verify-proof " + base + ".cnf " + base + ".drat --forward --lrat " + base + ".lrat");
  EXPECT_EQ(both.code, 2) << both.out;
  EXPECT_NE(both.out.find("--forward"), std::string::npos) << both.out;
}

// Document 001: the same round trip; the certified formula is over the case's whole universe.
TEST(ProofCli, TriangleNoWinRoundTrip) {
  const std::string base = carve::testing::unique_path("t");
  auto r = run(std::string("solve ") + kNoWinCase001 + " --engine sat --json --proof " + base);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["document"], "001");
  EXPECT_EQ(j["verdict"], "no-win");
  const auto& p = j.at("proof");
  EXPECT_EQ(p["certified"], true) << p.dump(2);
  const auto& u = p.at("universe");
  EXPECT_EQ(u["reduction_changes_nothing"], false) << u.dump(2);
  EXPECT_GT(u["elements"].get<int>(), u["search_elements"].get<int>()) << u.dump(2);
  auto sum = carve::testing::run_command("sha256sum " + base + ".cnf");
  ASSERT_EQ(sum.code, 0);
  EXPECT_EQ(sum.out.substr(0, 64), p["cnf_sha256"].get<std::string>());
  auto v = run("verify-proof " + base + ".cnf " + base + ".drat");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_TRUE(std::regex_match(v.out, kAcceptedLine)) << v.out;
  const std::string weaker = write("weaker001.cnf", without_last_clause(carve::testing::file_text(base + ".cnf")));
  auto w = run("verify-proof " + weaker + " " + base + ".drat");
  EXPECT_EQ(w.code, 1) << w.out;
  EXPECT_TRUE(std::regex_match(w.out, kRejectedLine)) << w.out;
  EXPECT_EQ(w.out.find("rejected: rejected:"), std::string::npos) << w.out;
  // The text output states the verdict once too, and where the formula's scope comes from.
  auto t = run(std::string("solve ") + kNoWinCase001 + " --engine sat --proof " + base);
  EXPECT_EQ(t.code, 0) << t.out;
  EXPECT_NE(t.out.find("\n          accepted: "), std::string::npos) << t.out;
  EXPECT_EQ(t.out.find("accepted: accepted:"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("over the whole universe"), std::string::npos) << t.out;
}

TEST(ProofCli, TriangleWinGivesNoProof) {
  const std::string base = carve::testing::unique_path("w");
  auto r = run("solve cases/triangle/three_vars.case --engine sat --json --proof " + base);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "win");
  EXPECT_TRUE(j["proof"].is_null()) << j["proof"].dump();
  EXPECT_FALSE(std::filesystem::exists(base + ".cnf"));
  EXPECT_FALSE(std::filesystem::exists(base + ".drat"));
}

TEST(ProofCli, CheckCertifiesA001NoWin) {
  const std::string certified = case_with("certified001.case", kNoWinCase001, "  certify drat;\n");
  expect_certified("check " + certified);
  const std::string plain = case_with("plain001.case", kNoWinCase001, "");
  expect_certified("check --certify " + plain);
}

TEST(ProofCli, ProofNeedsTheSatEngineAndAWritablePath) {
  auto e = run(std::string("solve ") + kNoWinCase + " --engine explicit --proof " + carve::testing::unique_path("x"));
  EXPECT_EQ(e.code, 2) << e.out;
  EXPECT_NE(e.out.find("--engine sat"), std::string::npos) << e.out;
  auto w = run(std::string("solve ") + kNoWinCase + " --engine sat --proof /nonexistent-folder/x");
  EXPECT_EQ(w.code, 2) << w.out;
  EXPECT_NE(w.out.find("/nonexistent-folder/x"), std::string::npos) << w.out;
}

TEST(ProofCli, CheckRequiresTheCertificateACaseClaims) {
  const std::string certified = case_with("certified.case", kNoWinCase, "  certify drat;\n");
  expect_certified("check --engine sat " + certified);
  auto j = nlohmann::json::parse(run("check --engine sat --json " + certified).out);
  EXPECT_EQ(j["cases"][0]["certificate"]["certified"], true) << j.dump(2);
  // The proof cannot be written (its folder cannot be made): exit 2, naming the file and why.
  auto no = run("check --engine sat --proof-dir /proc/no-such-folder " + certified);
  EXPECT_EQ(no.code, 2) << no.out;
  EXPECT_NE(no.out.find("cannot write /proc/no-such-folder/"), std::string::npos) << no.out;
  // The same case without the item passes without a proof, and --certify adds one.
  const std::string plain = case_with("plain.case", kNoWinCase, "");
  auto p = run("check --engine sat " + plain);
  EXPECT_EQ(p.code, 0) << p.out;
  EXPECT_EQ(p.out.find("certified"), std::string::npos) << p.out;
  expect_certified("check --engine sat --certify " + plain);
}

TEST(ProofCli, CertifyOnlyWhereAProofCanCertify) {
  const std::string win = case_with("win.case", "cases/binary_tree/simple/p3_d3.case", "  certify drat;\n");
  auto w = run("check " + win);
  EXPECT_EQ(w.code, 2) << w.out;
  EXPECT_NE(w.out.find("only a no-win expectation is certified"), std::string::npos) << w.out;
  const std::string kind = case_with("kind.case", kNoWinCase, "  certify lrat;\n");
  auto k = run("check " + kind);
  EXPECT_EQ(k.code, 2) << k.out;
  EXPECT_NE(k.out.find(kind + ":"), std::string::npos) << k.out;
  EXPECT_NE(k.out.find("unknown certificate 'lrat'"), std::string::npos) << k.out;
}

// Malformed CNF and proof files: exit code 2 and a message naming the file, never a crash.
struct Malformed {
  const char* name;
  const char* cnf;  // nullptr: a valid CNF
  std::string proof;
  const char* says;
};

class MalformedFiles : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedFiles, ExitTwoWithAMessage) {
  const auto& m = GetParam();
  const std::string cnf = write(std::string(m.name) + ".cnf", m.cnf ? m.cnf : "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
  const std::string proof = write(std::string(m.name) + ".drat", m.proof);
  auto r = run("verify-proof " + cnf + " " + proof);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find(m.cnf ? cnf : proof), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(m.says), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    ProofCli, MalformedFiles,
    ::testing::Values(
        Malformed{"WrongCnfHeader", "p dnf 2 1\n1 2 0\n", "0\n", ":1:"},
        Malformed{"CnfLiteralOutOfRange", "p cnf 2 1\n1 3 0\n", "0\n", ":2:"},
        Malformed{"TruncatedCnf", "p cnf 2 2\n1 2 0\n-1", "0\n", ":3:"},
        Malformed{"CnfFewerClauses", "p cnf 2 3\n1 2 0\n", "0\n", "clause"},
        Malformed{"CnfBinaryGarbage", "\x7f" "ELF\x02\x01\x01", "0\n", ":1:"},
        Malformed{"ProofNotANumber", nullptr, "1 x 0\n0\n", ":1:"},
        Malformed{"ProofTruncatedTextClause", nullptr, "1 2", ":1:"},
        Malformed{"ProofLiteralHuge", nullptr, "99999999999 0\n", ":1:"},
        Malformed{"BinaryVarintUnterminated", nullptr, std::string("a\x82\x80\x80", 4), "byte"},
        Malformed{"BinaryBadStepMarker", nullptr, std::string("a\x02\x00z\x04\x00", 6), "byte"},
        Malformed{"BinaryLiteralZeroVariable", nullptr, std::string("a\x01\x00", 3), "byte"}),
    [](const ::testing::TestParamInfo<Malformed>& p) { return std::string(p.param.name); });

TEST(ProofCli, MissingFilesAreBadInput) {
  auto r = run("verify-proof /nonexistent.cnf /nonexistent.drat");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("/nonexistent.cnf"), std::string::npos) << r.out;
}

}  // namespace
