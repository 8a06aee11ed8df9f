// Certified no-win answers (encoder/no_win_certificate.hpp): the DIMACS writer against
// checker/drat's reader, SHA-256 against the FIPS 180-2 test vectors, and certificates of corpus
// no-win cases -- accepted by the checker, naming the file they were written to, and about a
// formula that is not unsatisfiable for a trivial reason (without its "some frame is won" clause
// it has models, and at a bound where the target is reachable the same construction is SAT).
#include <gtest/gtest.h>

#include <cadical.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "checker/drat/drat.hpp"
#include "elaborate/case.hpp"
#include "encoder/cadical_backend.hpp"
#include "encoder/no_win_certificate.hpp"
#include "encoder/sat_search.hpp"
#include "encoder/sha256.hpp"

namespace carve::encoder {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string temp_base(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  // The process id keeps two suites run at once on one machine (two build folders) apart.
  std::string tag = std::string(info->test_suite_name()) + "." + info->name() + "." + std::to_string(::getpid()) + "." + name;
  for (auto& ch : tag)
    if (ch == '/') ch = '_';
  return ::testing::TempDir() + tag;
}

// CaDiCaL on a drat::Cnf: 10 SAT, 20 UNSAT.
int solve(const drat::Cnf& cnf) {
  CaDiCaL::Solver s;
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (std::size_t k = cnf.offsets[i]; k < cnf.offsets[i + 1]; ++k) s.add(cnf.lits[k]);
    s.add(0);
  }
  return s.solve();
}

TEST(Sha256, FipsTestVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(DimacsRecorder, WrittenFormulaReadsBackClauseForClause) {
  DimacsRecorder rec;
  const int a = rec.new_var(), b = rec.new_var(), c = rec.new_var();
  const std::vector<std::vector<int>> clauses{{a, -b}, {b, c, -a}, {-c}, {}};
  for (const auto& cl : clauses) rec.add_clause(cl);
  std::ostringstream out;
  rec.write_dimacs(out, {"a comment"});
  const drat::Cnf cnf = drat::read_cnf(out.str());
  EXPECT_EQ(cnf.num_vars, 3);
  ASSERT_EQ(cnf.num_clauses(), clauses.size());
  for (std::size_t i = 0; i < clauses.size(); ++i)
    EXPECT_EQ(std::vector<int>(cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i]),
                               cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i + 1])),
              clauses[i]);
  EXPECT_THROW(rec.add_clause({4}), std::logic_error);  // variable never handed out
  EXPECT_THROW(rec.solve({}), std::logic_error);
}

TEST(DimacsRecorder, ReplayGivesTheSolverTheSameFormula) {
  DimacsRecorder rec;
  const int a = rec.new_var(), b = rec.new_var();
  rec.add_clause({a, b});
  rec.add_clause({-a});
  CadicalBackend sat;
  rec.replay_into(sat);
  ASSERT_EQ(sat.solve({}), SolveStatus::Sat);
  EXPECT_TRUE(sat.value(b));
  rec.add_clause({-b});
  CadicalBackend unsat;
  rec.replay_into(unsat);
  EXPECT_EQ(unsat.solve({}), SolveStatus::Unsat);
}

struct Certified {
  SatResult sat;
  std::string base;
};

Certified certify_case(const std::string& path, bool binary, std::optional<int> turns = std::nullopt) {
  elab::Overrides ov;
  if (turns) ov.turns = elab::Located<int>{*turns, {}};
  const auto c = elab::load_case(path, ov);
  SatOptions so;
  so.max_turns = c.turns->value;
  const std::string base = temp_base(std::filesystem::path(path).stem().string() + (binary ? ".bin" : ".txt"));
  so.proof = ProofRequest{base, binary};
  return {sat_search(c.game, *c.target, so), base};
}

class CorpusNoWin : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusNoWin, CertificateIsAcceptedAndNamesItsFile) {
  for (const bool binary : {true, false}) {
    const auto [sat, base] = certify_case(GetParam(), binary);
    ASSERT_EQ(sat.result.verdict, search::Verdict::NoWin);
    ASSERT_TRUE(sat.certificate.has_value());
    const auto& cert = *sat.certificate;
    EXPECT_TRUE(cert.accepted()) << status_name(cert.status) << ": " << cert.message;
    EXPECT_EQ(cert.cnf_path, base + ".cnf");
    EXPECT_EQ(cert.proof_path, base + ".drat");
    const std::string cnf_text = slurp(cert.cnf_path);
    EXPECT_EQ(cert.cnf_sha256, sha256_hex(cnf_text));
    EXPECT_EQ(cert.stability_lemmas, sat.lemmas);
    // Independently of the certificate's own run: read both files, check again.
    const drat::Cnf cnf = drat::read_cnf(cnf_text);
    EXPECT_EQ(cnf.num_clauses(), cert.clauses);
    const std::string proof_bytes = slurp(cert.proof_path);
    EXPECT_EQ(proof_bytes.size(), cert.proof_bytes);
    const drat::Proof proof = drat::read_proof(proof_bytes);
    EXPECT_EQ(proof.format, binary ? drat::ProofFormat::Binary : drat::ProofFormat::Text);
    EXPECT_TRUE(drat::check(cnf, proof).accepted);
    // The refutation is about reaching the target: without the last clause ("some frame is
    // won") the rules alone have models (the plays themselves).
    drat::Cnf rules;
    for (std::size_t i = 0; i + 1 < cnf.num_clauses(); ++i)
      rules.add_clause(std::vector<std::int32_t>(cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i]),
                                                 cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i + 1])));
    rules.num_vars = cnf.num_vars;
    EXPECT_EQ(solve(rules), 10);
    // A proof of this formula does not refute a different one: checked against the rules alone
    // it must be rejected (the rules are satisfiable).
    EXPECT_FALSE(drat::check(rules, proof).accepted);
  }
}

// simple, trail and cycle c4_d3 (a few seconds to a minute in release, minutes under the sanitizer
// build) are certified by `carve check cases/` (each says `certify drat;`); the walk profiles
// exercise the same certificate code here.
INSTANTIATE_TEST_SUITE_P(Depth3, CorpusNoWin,
                         ::testing::Values("cases/binary_tree/literal/c4_d3.case",
                                           "cases/binary_tree/lenient/c4_d3.case"));

// Where the target is reachable, the construction certify_no_win refutes has a model: it says
// "some play of at most k turns wins", not something stronger.
TEST(NoWinFormula, SatisfiableWhereTheTargetIsReachable) {
  for (const std::string path : {"cases/binary_tree/simple/p3_d3.case", "cases/binary_tree/trail/k1_d3.case",
                                 "cases/binary_tree/literal/p3_d3.case"}) {
    const auto c = elab::load_case(path);
    ASSERT_EQ(c.expect->kind, parser::ast::ExpectKind::WinIn) << path;
    // Walks encode the obligation to collapse exactly (no lemmas), so one turn fewer is UNSAT;
    // the other kinds get their stability lemmas lazily, so only the reachable bound is asked.
    const bool exact_without_lemmas = c.game.rules.path == model::PathKind::Walk;
    for (int k : {c.expect->turn - 1, c.expect->turn}) {
      if (k < c.expect->turn && !exact_without_lemmas) continue;
      DimacsRecorder rec;
      no_win_formula(c.game, *c.target, k, 0, nullptr, rec);
      CadicalBackend solver;
      rec.replay_into(solver);
      EXPECT_EQ(solver.solve({}), k < c.expect->turn ? SolveStatus::Unsat : SolveStatus::Sat) << path << " k=" << k;
    }
  }
}

TEST(NoWinCertificate, UnwritablePathIsReportedNotCertified) {
  const auto c = elab::load_case("cases/binary_tree/simple/c4_d3.case");
  SatOptions so;
  so.max_turns = c.turns->value;
  so.proof = ProofRequest{"/nonexistent-folder/for/sure/proof", true};
  const auto sat = sat_search(c.game, *c.target, so);
  ASSERT_TRUE(sat.certificate.has_value());
  EXPECT_EQ(sat.certificate->status, NoWinCertificate::Status::CannotWrite);
  EXPECT_FALSE(sat.certificate->accepted());
}

TEST(NoWinCertificate, NoCertificateForAWin) {
  const auto [sat, base] = certify_case("cases/binary_tree/simple/p3_d3.case", true);
  EXPECT_EQ(sat.result.verdict, search::Verdict::Win);
  EXPECT_FALSE(sat.certificate.has_value());
  EXPECT_FALSE(std::filesystem::exists(base + ".cnf"));
}

}  // namespace
}  // namespace carve::encoder
