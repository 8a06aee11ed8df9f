// Hand-written CNF + proof pairs with known verdicts: valid RUP, RAT-only lemmas, invalid
// lemmas (with the failing index and location), missing empty clause, deletion handling.
#include <gtest/gtest.h>

#include "checkers/drat/drat.hpp"
#include "tests/drat/naive_checker.hpp"
#include "tests/drat/proof_writer.hpp"
#include "tests/drat/random_proofs.hpp"

namespace carve::drat {
namespace {

// All 8 clauses over variables 1..3: UNSAT, but no single unit assumption refutes it.
const char* kAll8 =
    "p cnf 3 8\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"
    "-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";

Result run(const char* cnf, const char* proof, Options options = {}) {
  options.record_trace = true;
  const Cnf f = read_cnf(cnf);
  const Proof p = read_proof(proof);
  Result r = check(f, p, options);
  if (r.accepted) {
    EXPECT_TRUE(testing::naive_reverify(f, p, r)) << "naive re-verification disagrees: " << r.message;
  }
  // The binary encoding of the same proof must get the same verdict.
  const Proof b = read_proof(testing::write_proof(p, ProofFormat::Binary));
  if (!p.steps.empty()) {
    EXPECT_EQ(b.format, ProofFormat::Binary);
  }
  const Result rb = check(f, b, options);
  EXPECT_EQ(rb.accepted, r.accepted);
  EXPECT_EQ(rb.failed_step, r.failed_step);
  return r;
}

TEST(DratCheck, ValidRupProof) {
  const Result r = run(kAll8, "1 2 0\n1 0\n2 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  EXPECT_EQ(r.rat_lemmas, 0u);
  EXPECT_EQ(r.lemmas, 3u);  // lemmas read up to the conflict
  EXPECT_EQ(r.conflict_step, 2u);
}

TEST(DratCheck, RatOnlyLemmaAccepted) {
  // (1) is not RUP (assigning -1 propagates nothing) but RAT on 1: every resolvent with a
  // clause containing -1 is an original clause.
  const Result r = run(kAll8, "1 0\n2 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  EXPECT_EQ(r.rat_lemmas, 1u);
  EXPECT_EQ(r.core_lemmas, 2u);
  EXPECT_EQ(r.core_steps, (std::vector<std::size_t>{0, 1}));
}

TEST(DratCheck, RatUsesFirstLiteralAsPivot) {
  // Same lemma written (1 4) vs (4 1) on a formula where 4 occurs negatively in a clause whose
  // resolvent is not implied: pivot 1 works, pivot 4 does not.
  const char* cnf =
      "p cnf 5 10\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"
      "-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n-4 5 0\n-4 -5 2 0\n";
  // (1) is RUP only through (1 4), (-4 5), (-4 -5 2), so the first lemma is core.
  const Result ok = run(cnf, "1 4 0\n1 0\n2 0\n0\n");
  EXPECT_TRUE(ok.accepted) << ok.message;
  EXPECT_EQ(ok.core_steps, (std::vector<std::size_t>{0, 1, 2}));
  const Result r = run(cnf, "4 1 0\n1 0\n2 0\n0\n");
  EXPECT_FALSE(r.accepted);
  EXPECT_TRUE(r.has_failed_step);
  EXPECT_EQ(r.failed_step, 0u);
  EXPECT_NE(r.message.find("pivot 4"), std::string::npos) << r.message;
}

TEST(DratCheck, ExtensionVariablesAllowed) {
  // Variable 1000000 is new. (1 x) and (1 -x) are RAT on 1 (their resolvents contain original
  // clauses), not RUP, and both are needed for (1) to be RUP.
  const Result r = run(kAll8, "1 1000000 0\n1 -1000000 0\n1 0\n2 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  EXPECT_EQ(r.core_steps, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(r.rat_lemmas, 2u);
}

TEST(DratCheck, HugeDeclaredVariableCountCostsNoMemory) {
  // The header may declare up to kMaxVariable variables; the checker sizes by what is used.
  std::string cnf = "p cnf " + std::to_string(kMaxVariable) + " 8\n";
  cnf += std::string(kAll8).substr(std::string(kAll8).find('\n') + 1);
  const Result r = run(cnf.c_str(), "1 0\n2 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  const Result big = run(kAll8, "1 268435455 0\n1 -268435455 0\n1 0\n2 0\n0\n");
  EXPECT_TRUE(big.accepted) << big.message;
}

TEST(DratCheck, InvalidLemmaRejectedWithIndex) {
  // Satisfiable (1 = 2 = true), so every refutation has a bad lemma: step 1, line 2.
  const char* cnf = "p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n";
  const Result r = run(cnf, "1 0\n-1 0\n0\n");
  EXPECT_FALSE(r.accepted);
  ASSERT_TRUE(r.has_failed_step);
  EXPECT_EQ(r.failed_step, 1u);
  EXPECT_FALSE(r.failed_where.binary);
  EXPECT_EQ(r.failed_where.line, 2u);
  EXPECT_EQ(r.failed_where.col, 1u);
  EXPECT_NE(r.message.find("neither RUP nor RAT"), std::string::npos) << r.message;
}

TEST(DratCheck, InvalidLemmaInBinaryProofReportsByteOffset) {
  const Cnf f = read_cnf("p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n");
  // a 1 0 | a -1 0 | a 0  ->  bytes: 61 02 00 | 61 03 00 | 61 00
  const std::string bytes("a\x02\x00" "a\x03\x00" "a\x00", 8);
  const Proof p = read_proof(bytes);
  ASSERT_EQ(p.format, ProofFormat::Binary);
  const Result r = check(f, p);
  EXPECT_FALSE(r.accepted);
  EXPECT_EQ(r.failed_step, 1u);
  EXPECT_TRUE(r.failed_where.binary);
  EXPECT_EQ(r.failed_where.byte, 3u);
  EXPECT_NE(r.message.find("byte 3"), std::string::npos) << r.message;
}

TEST(DratCheck, EmptyClauseNotImpliedIsRejected) {
  const Result r = run(kAll8, "1 0\n0\n");
  EXPECT_FALSE(r.accepted);
  EXPECT_EQ(r.failed_step, 1u);
  EXPECT_NE(r.message.find("empty clause"), std::string::npos) << r.message;
}

TEST(DratCheck, MissingEmptyClauseRejected) {
  // Conflict by propagation after lemma (2), but no empty clause: rejected by default,
  // accepted in drat-trim mode.
  const Result strict = run(kAll8, "1 0\n2 0\n");
  EXPECT_FALSE(strict.accepted);
  EXPECT_NE(strict.message.find("never adds the empty clause"), std::string::npos) << strict.message;
  Options lax;
  lax.require_empty_clause = false;
  EXPECT_TRUE(run(kAll8, "1 0\n2 0\n", lax).accepted);
  // No conflict at all: rejected in both modes.
  EXPECT_FALSE(run(kAll8, "1 0\n").accepted);
  EXPECT_FALSE(run(kAll8, "1 0\n", lax).accepted);
  EXPECT_FALSE(run(kAll8, "").accepted);
}

TEST(DratCheck, TriviallyUnsatFormula) {
  const Result r = run("p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", "");
  EXPECT_TRUE(r.accepted);
  EXPECT_TRUE(r.trivially_unsat);
  const Result e = run("p cnf 2 2\n1 2 0\n0\n", "");
  EXPECT_TRUE(e.accepted);
  EXPECT_TRUE(e.trivially_unsat);
}

TEST(DratCheck, DeletingANeededClauseBreaksTheProof) {
  const char* cnf = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
  EXPECT_TRUE(run(cnf, "1 0\n0\n").accepted);
  const Result r = run(cnf, "d 1 2 0\n1 0\n0\n");
  EXPECT_FALSE(r.accepted);
  EXPECT_EQ(r.failed_step, 1u);
  EXPECT_EQ(r.deletions, 1u);
}

TEST(DratCheck, DeletedClausesComeBackForEarlierLemmas) {
  // (1) is RUP through the lemma (1 2), which is deleted after (1) and before the conflict:
  // the backward pass must restore it (otherwise (1) would need RAT).
  const Result r = run(kAll8, "1 2 0\n1 0\nd 1 2 0\n2 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  EXPECT_EQ(r.ignored_deletions, 0u);
  EXPECT_EQ(r.deletion_targets[2], 0);  // the lemma of step 0
  EXPECT_EQ(r.rat_lemmas, 0u);
}

TEST(DratCheck, ADeletedClauseComesBackWatchedByBothLiterals) {
  // Detaching is lazy (checker.cpp): D = (1 2 3) is deleted at step 1 while watched by 1 and 2;
  // the unit -2 of step 2 makes propagation meet and drop D's entry on 2's list. The backward
  // pass brings D back for the lemma (1 2) of step 0, whose RUP check assumes -1 (D's watch
  // moves from 1 to 3) and then -2: only D's entry on 2's list makes D unit (3), and 3 refutes
  // through (-3 4), (-3 -4). Reviving D without re-adding the dropped entry fails the lemma.
  // The formula is unsat by hand: D and 3 -> false give (1 2); -2 and -1 each refute themselves.
  const char* cnf = "p cnf 6 7\n1 2 3 0\n-3 4 0\n-3 -4 0\n-2 5 0\n-2 -5 0\n-1 6 0\n-1 -6 0\n";
  const Result r = run(cnf, "1 2 0\nd 1 2 3 0\n-2 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  EXPECT_EQ(r.deletion_targets[1], -1);  // the formula's clause 0, D
  EXPECT_EQ(r.core_lemmas, 2u);
  EXPECT_EQ(r.rat_lemmas, 0u);
  // Without the deletion's return the lemma has no support: deleting D before it breaks the proof.
  EXPECT_FALSE(run(cnf, "d 1 2 3 0\n1 2 0\n-2 0\n0\n").accepted);
}

TEST(DratCheck, DeletionOfUnitAndReasonClausesIgnored) {
  const char* cnf =
      "p cnf 4 6\n1 0\n-1 2 0\n-2 3 4 0\n-2 3 -4 0\n-2 -3 4 0\n-2 -3 -4 0\n";
  // (1) is a unit and (-1 2) the reason of 2: both deletions are ignored, as drat-trim does;
  // performing them would make the empty clause unreachable.
  const Result r = run(cnf, "d 1 0\nd -1 2 0\n3 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  EXPECT_EQ(r.ignored_deletions, 2u);
  EXPECT_EQ(r.deletion_targets[0], Result::kNoTarget);
}

TEST(DratCheck, DeletionOfAbsentClauseIsCountedAndIgnored) {
  const Result r = run(kAll8, "d 1 2 0\n1 2 0\n1 0\n2 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  EXPECT_EQ(r.missing_deletions, 1u);
  EXPECT_EQ(r.ignored_deletions, 0u);
}

TEST(DratCheck, DeletionMatchesAsASet) {
  // "d 2 1 1 0" deletes (1 2) regardless of order and duplicates; then (1) fails.
  const char* cnf = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
  const Result r = run(cnf, "d 2 1 1 0\n1 0\n0\n");
  EXPECT_FALSE(r.accepted);
  EXPECT_EQ(r.deletion_targets[0], -1);  // original clause 0
}

TEST(DratCheck, DuplicateClausesDeletedOneAtATime) {
  // (1 2) appears twice; one deletion leaves a copy, two remove it.
  const char* cnf = "p cnf 2 5\n1 2 0\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
  EXPECT_TRUE(run(cnf, "d 1 2 0\n1 0\n0\n").accepted);
  EXPECT_FALSE(run(cnf, "d 1 2 0\nd 1 2 0\n1 0\n0\n").accepted);
}

TEST(DratCheck, LemmaAfterConflictIsIgnored) {
  // Lemmas after the first top-level conflict are not checked (here: a bogus one).
  const Result r = run(kAll8, "1 0\n2 0\n-1 -2 -3 5 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
}

TEST(DratCheck, TautologicalLemmasAndDuplicateLiterals) {
  const Result r = run(kAll8, "1 -1 0\n1 1 2 0\n1 0\n2 2 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
}

TEST(DratCheck, TautologicalRatCandidatesAreSkipped) {
  // Regression (found by fuzz/drat): (3) is RAT on 3 against every non-tautological clause with
  // -3; the resolvent with the tautology (-3 3) would be (3) itself. Tautologies are satisfied by
  // every assignment, so skipping them is sound -- and the formula is indeed UNSAT.
  const char* cnf =
      "p cnf 3 8\n1 2 3 0\n2 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n-1 2 -0\n-3 3 0\n-1 -1 -2 3 0\n-3 -2 -3 0\n";
  ASSERT_FALSE(testing::brute_force_sat(read_cnf(cnf)));
  const Result r = run(cnf, "3 0\n0\n");
  EXPECT_TRUE(r.accepted) << r.message;
  EXPECT_EQ(r.rat_lemmas, 1u);
}

TEST(DratCheck, SatisfiableFormulaRejectedAtTheBadLemma) {
  // Satisfiable (1 true). (-1) is wrong; (2) is RUP given (-1), and then the conflict comes.
  const char* cnf = "p cnf 3 4\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n";
  const Result r = run(cnf, "-1 0\n2 0\n0\n");
  EXPECT_FALSE(r.accepted);
  EXPECT_EQ(r.failed_step, 0u);
}

TEST(DratCheck, NaiveCheckerAgreesOnSmallRandomProofs) {
  // Random tiny formulas with random "proofs": whatever check() accepts must be UNSAT by brute
  // force and re-verifiable by the naive checker.
  testing::Clause pool;
  testing::RandomProofs cases(12345);
  int accepted = 0;
  for (int round = 0; round < 3000; ++round) {
    const auto [f, p] = cases.next();
    Options o;
    o.record_trace = true;
    const Result r = check(f, p, o);
    if (!r.accepted) continue;
    ++accepted;
    ASSERT_FALSE(testing::brute_force_sat(f)) << "accepted a refutation of a satisfiable formula, round " << round;
    ASSERT_TRUE(testing::naive_reverify(f, p, r)) << "round " << round << ": " << r.message;
  }
  EXPECT_GT(accepted, 100);
}

}  // namespace
}  // namespace carve::drat
