// The forward DRAT checker (checkers/drat/forward.hpp) against the backward one (check(), the
// trusted reference): the same verdicts on the hand-written proofs of checker_test.cpp and on
// CaDiCaL's proofs and their mutants, where the one difference allowed is the documented one (a
// wrong lemma the refutation does not use: rejected forward, accepted backward, and then the
// lemma forward rejects is not among the backward check's core lemmas). Then the stream itself:
// bytes fed in pieces of 1, 7 or all at once through the thread's bounded queue give the same
// answer; a truncated or cut stream is never accepted; a malformed step is the reader's error.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/forward.hpp"
#include "foundations/limits/budget.hpp"
#include "tests/drat/cadical_proof.hpp"
#include "tests/drat/families.hpp"
#include "tests/drat/naive_checker.hpp"
#include "tests/drat/proof_writer.hpp"
#include "tests/drat/random_proofs.hpp"

namespace carve::drat {
namespace {

const char* kEvery3 =
    "p cnf 3 8\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"
    "-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";

// The forward answer of `bytes` fed `piece` bytes at a time (0: all at once) through the queue of
// a ForwardCheckThread whose capacity is `capacity` bytes.
Result forward_in_pieces(const Cnf& cnf, const std::string& bytes, std::size_t piece, const Options& options = {},
                         std::size_t capacity = 16) {
  ForwardCheckThread check(cnf, ProofFormat::Auto, "<proof>", options, capacity);
  if (piece == 0) piece = std::max<std::size_t>(1, bytes.size());
  for (std::size_t at = 0; at < bytes.size(); at += piece) check.write(std::string_view(bytes).substr(at, piece));
  check.close();
  return check.join();
}

// The verdict forward, the same in every piece size and in both encodings; the backward verdict
// of the same proof is returned in `backward`.
Result forward(const char* cnf_text, const char* proof_text, Result* backward = nullptr, Options options = {}) {
  const Cnf cnf = read_cnf(cnf_text);
  const Proof proof = read_proof(proof_text);
  const Result f = check_forward(cnf, proof_text, ProofFormat::Auto, "<proof>", options);
  const std::string binary = testing::write_proof(proof, ProofFormat::Binary);
  for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{0}}) {
    const Result fb = forward_in_pieces(cnf, binary, piece, options);
    EXPECT_EQ(fb.accepted, f.accepted) << "binary in pieces of " << piece << ": " << fb.message;
    EXPECT_EQ(fb.has_failed_step, f.has_failed_step) << piece;
    EXPECT_EQ(fb.failed_step, f.failed_step) << piece;
    EXPECT_EQ(fb.lemmas, f.lemmas) << piece;
    EXPECT_EQ(fb.rat_lemmas, f.rat_lemmas) << piece;
  }
  if (backward) *backward = check(cnf, proof, options);
  return f;
}

// Each proof of checker_test.cpp, with the backward verdict asserted there: forward agrees.
TEST(DratForward, AgreesWithTheBackwardCheckerOnTheHandWrittenProofs) {
  struct Case {
    const char* cnf;
    const char* proof;
    bool accepted;
    bool require_empty_clause = true;
  };
  const char* rat_cnf =
      "p cnf 5 10\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"
      "-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n-4 5 0\n-4 -5 2 0\n";
  const char* sat2 = "p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n";
  const char* two = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
  const char* lazy = "p cnf 6 7\n1 2 3 0\n-3 4 0\n-3 -4 0\n-2 5 0\n-2 -5 0\n-1 6 0\n-1 -6 0\n";
  const char* units = "p cnf 4 6\n1 0\n-1 2 0\n-2 3 4 0\n-2 3 -4 0\n-2 -3 4 0\n-2 -3 -4 0\n";
  const char* dup = "p cnf 2 5\n1 2 0\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
  const std::vector<Case> cases = {
      {kEvery3, "1 2 0\n1 0\n2 0\n0\n", true},
      {kEvery3, "1 0\n2 0\n0\n", true},  // (1) by RAT
      {rat_cnf, "1 4 0\n1 0\n2 0\n0\n", true},
      {rat_cnf, "4 1 0\n1 0\n2 0\n0\n", false},  // RAT on 1, not on its first literal 4
      {kEvery3, "1 1000000 0\n1 -1000000 0\n1 0\n2 0\n0\n", true},
      {sat2, "1 0\n-1 0\n0\n", false},  // satisfiable
      {kEvery3, "1 0\n0\n", false},       // a premature empty clause
      {kEvery3, "1 0\n2 0\n", false},     // no empty clause
      {kEvery3, "1 0\n2 0\n", true, false},
      {kEvery3, "1 0\n", false},
      {kEvery3, "", false},
      {"p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", "", true},  // the formula refutes itself
      {"p cnf 2 2\n1 2 0\n0\n", "", true},
      {two, "1 0\n0\n", true},
      {two, "d 1 2 0\n1 0\n0\n", false},  // the clause (1) needs is deleted first
      {kEvery3, "1 2 0\n1 0\nd 1 2 0\n2 0\n0\n", true},
      {lazy, "1 2 0\nd 1 2 3 0\n-2 0\n0\n", true},
      {lazy, "d 1 2 3 0\n1 2 0\n-2 0\n0\n", false},
      {units, "d 1 0\nd -1 2 0\n3 0\n0\n", true},  // both deletions ignored
      {kEvery3, "d 1 2 0\n1 2 0\n1 0\n2 0\n0\n", true},  // a deletion of a clause not present
      {two, "d 2 1 1 0\n1 0\n0\n", false},
      {dup, "d 1 2 0\n1 0\n0\n", true},
      {dup, "d 1 2 0\nd 1 2 0\n1 0\n0\n", false},
      {kEvery3, "1 0\n2 0\n-1 -2 -3 5 0\n0\n", true},  // a lemma after the conflict is not checked
      {kEvery3, "1 -1 0\n1 1 2 0\n1 0\n2 2 0\n0\n", true},
      {"p cnf 3 4\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n", "-1 0\n2 0\n0\n", false},
  };
  for (const Case& c : cases) {
    Options options;
    options.require_empty_clause = c.require_empty_clause;
    Result b;
    const Result f = forward(c.cnf, c.proof, &b, options);
    EXPECT_EQ(b.accepted, c.accepted) << c.proof << ": the backward checker: " << b.message;
    EXPECT_EQ(f.accepted, c.accepted) << c.proof << ": " << f.message;
    EXPECT_FALSE(f.limit_reached) << c.proof;
    if (!b.accepted && !f.accepted) {
      EXPECT_EQ(f.has_failed_step, b.has_failed_step) << c.proof;
      EXPECT_EQ(f.failed_step, b.failed_step) << c.proof << ": " << f.message << " / " << b.message;
      EXPECT_EQ(f.rejected_form, b.rejected_form) << c.proof;
    }
  }
}

TEST(DratForward, AWrongLemmaIsRejectedWhereItStands) {
  // Satisfiable (1 true): (-1) is neither RUP (assuming 1 propagates nothing) nor RAT on -1 (the
  // resolvent (2 3) of it with (1 2 3) is not RUP). Byte 0 of the binary proof.
  const char* cnf = "p cnf 3 4\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n";
  const Result r = forward(cnf, "-1 0\n2 0\n0\n");
  EXPECT_FALSE(r.accepted);
  ASSERT_TRUE(r.has_failed_step);
  EXPECT_EQ(r.failed_step, 0u);
  EXPECT_NE(r.message.find("neither RUP nor RAT on pivot -1"), std::string::npos) << r.message;
  const Result b = forward_in_pieces(read_cnf(cnf), std::string("a\x03\x00" "a\x04\x00" "a\x00", 8), 1);
  EXPECT_TRUE(b.failed_where.binary);
  EXPECT_EQ(b.failed_where.byte, 0u);
}

TEST(DratForward, AWrongLemmaTheRefutationDoesNotUseIsRejectedForwardOnly) {
  // Every clause over 1 and 2, and (3 4). The lemma (-3) is not RUP (assuming 3 propagates
  // nothing) nor RAT on -3 (its resolvent (4) with (3 4): assuming 3 and -4 satisfies (3 4), and
  // nothing else has 3 or 4). The refutation is (1) and the empty clause, which never use it: the
  // backward check never looks at (-3) and accepts, the forward check rejects it at step 0.
  Result b;
  const Result f = forward("p cnf 4 5\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n3 4 0\n", "-3 0\n1 0\n0\n", &b);
  EXPECT_TRUE(b.accepted) << b.message;
  EXPECT_EQ(b.core_lemmas, 1u);
  EXPECT_FALSE(f.accepted);
  EXPECT_EQ(f.failed_step, 0u) << f.message;
}

TEST(DratForward, AProofWithoutItsEmptyClauseIsNotRefuted) {
  // After (1) and (2), unit propagation conflicts; the empty clause never comes: rejected as the
  // backward checker rejects it (Relaxation::NoEmptyClause), accepted only when lenient.
  const Result strict = forward(kEvery3, "1 0\n2 0\n");
  EXPECT_FALSE(strict.accepted);
  EXPECT_EQ(strict.rejected_form, Relaxation::NoEmptyClause);
  EXPECT_NE(strict.message.find("never adds the empty clause"), std::string::npos) << strict.message;
  Options lenient;
  lenient.lenient = true;
  const Result lax = forward(kEvery3, "1 0\n2 0\n", nullptr, lenient);
  EXPECT_TRUE(lax.accepted) << lax.message;
  ASSERT_EQ(lax.relaxations.size(), 1u);
  EXPECT_EQ(lax.relaxations[0].first, Relaxation::NoEmptyClause);
}

TEST(DratForward, ATruncatedStreamIsNeverRefuted) {
  const Cnf cnf = read_cnf(kEvery3);
  const std::string bytes("a\x02\x00" "a\x04\x00" "a\x00", 8);  // (1), (2), the empty clause
  ASSERT_TRUE(forward_in_pieces(cnf, bytes, 1).accepted);
  // Cut before the empty clause: at a step's end, not refuted ("no empty clause"); inside a step,
  // the reader's error, as read_proof gives it.
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    const std::string cut = bytes.substr(0, n);
    bool threw = false;
    try {
      const Result r = forward_in_pieces(cnf, cut, 1);
      EXPECT_FALSE(r.accepted) << n << ": " << r.message;
    } catch (const InputError& e) {
      threw = true;
      EXPECT_NE(std::string(e.what()).find("truncated proof"), std::string::npos) << e.what();
    }
    EXPECT_EQ(threw, n % 3 != 0) << n;
  }
}

TEST(DratForward, AStreamCutByItsProducerIsUnknownUnlessAlreadyRefuted) {
  const Cnf cnf = read_cnf(kEvery3);
  {
    ForwardCheckThread check(cnf, ProofFormat::Binary, "<proof>", Options{});
    check.write(std::string("a\x02\x00" "a\x04", 5));  // (1), then (2) cut inside
    check.cut("the disk is full");
    const Result r = check.join();
    EXPECT_FALSE(r.accepted);
    EXPECT_TRUE(r.limit_reached);
    EXPECT_NE(r.message.find("the disk is full"), std::string::npos) << r.message;
  }
  {
    ForwardCheckThread check(cnf, ProofFormat::Binary, "<proof>", Options{});
    check.write(std::string("a\x02\x00" "a\x04\x00" "a\x00" "d\x02", 10));  // refuted, then a deletion cut
    check.cut("interrupted");
    EXPECT_TRUE(check.join().accepted);
  }
}

TEST(DratForward, DeletionsOfAbsentUnitAndReasonClausesAreCountedAndIgnored) {
  // As the backward checker: a clause not present is counted missing; the unit (1) and the
  // reason (-1 2) of 2 are kept (drat-trim's convention), so the empty clause still follows.
  const char* cnf = "p cnf 4 6\n1 0\n-1 2 0\n-2 3 4 0\n-2 3 -4 0\n-2 -3 4 0\n-2 -3 -4 0\n";
  Result b;
  const Result f = forward(cnf, "d 1 3 0\nd 1 0\nd -1 2 0\n3 0\n0\n", &b);
  EXPECT_TRUE(f.accepted) << f.message;
  EXPECT_EQ(f.missing_deletions, 1u);
  EXPECT_EQ(f.ignored_deletions, 2u);
  EXPECT_EQ(f.deletions, 3u);
  EXPECT_EQ(b.missing_deletions, f.missing_deletions);
  EXPECT_EQ(b.ignored_deletions, f.ignored_deletions);
}

TEST(DratForward, MalformedBytesAreTheReadersErrorsInAnyPieces) {
  const Cnf cnf = read_cnf(kEvery3);
  const std::vector<std::string> cases = {
      std::string("a\x02\x04", 3),          std::string("a\x02\x00" "x\x02\x00", 6), std::string("a\x01\x00", 3),
      std::string("a\xff\xff\xff\xff\x7f\x00", 7), std::string("a\x80\x80\x80\x80\x80\x80\x80\x80\x80\x00", 11),
  };
  for (const std::string& bytes : cases) {
    std::string expected;
    try {
      read_proof(bytes, ProofFormat::Binary);
    } catch (const InputError& e) {
      expected = e.what();
    }
    ASSERT_FALSE(expected.empty());
    for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{0}}) {
      std::string got;
      try {
        forward_in_pieces(cnf, bytes, piece);
      } catch (const InputError& e) {
        got = e.what();
      }
      EXPECT_EQ(got, expected) << piece;
    }
  }
}

TEST(DratForward, ALimitIsUnknownNotAVerdict) {
  const Cnf cnf = families::pigeonhole(6);
  const testing::Solved s = testing::solve_with_proof(cnf, true);
  ASSERT_EQ(s.status, 20);
  limits::Budget budget;
  budget.max_nodes = 10;
  Options options;
  options.budget = &budget;
  const Result r = forward_in_pieces(cnf, s.proof, 4096, options, 1 << 16);
  EXPECT_FALSE(r.accepted);
  EXPECT_TRUE(r.limit_reached) << r.message;
}

TEST(DratForward, TheQueueHoldsAtMostItsCapacityAndAPieceAndKeepsTheOrder) {
  // A producer of 4000 bytes in pieces of 4 against a consumer that sleeps between pieces: the
  // producer waits whenever 16 bytes or more are queued, so at most 16 + 3 are ever held, and the
  // consumer gets every byte in order.
  ByteQueue queue(16);
  std::string sent;
  for (int i = 0; i < 4000; ++i) sent += static_cast<char>('a' + i % 26);
  std::thread producer([&] {
    for (std::size_t at = 0; at < sent.size(); at += 4) queue.push(std::string_view(sent).substr(at, 4));
    queue.close();
  });
  std::string got, piece;
  while (queue.pop(piece)) {
    got += piece;
    if (got.size() % 400 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  producer.join();
  EXPECT_EQ(got, sent);
  EXPECT_LE(queue.peak_bytes(), 19u);
}

TEST(DratForward, SmallRandomProofsAcceptedOnlyForUnsatisfiableFormulasAndWhereBackwardAccepts) {
  // The random tiny formulas and "proofs" of checker_test's NaiveCheckerAgreesOnSmallRandomProofs
  // (another seed): whatever the forward check accepts must be unsatisfiable by brute force, and
  // accepted by the backward check, whose lemmas it checked a superset of.
  testing::RandomProofs cases(977);
  int accepted = 0, rejected = 0;
  for (int round = 0; round < 3000; ++round) {
    const auto [f, p] = cases.next();
    const Result r = check_forward(f, testing::write_proof(p, ProofFormat::Binary));
    if (!r.accepted) {
      ++rejected;
      continue;
    }
    ++accepted;
    ASSERT_FALSE(testing::brute_force_sat(f)) << "forward accepted a refutation of a satisfiable formula, round " << round;
    const Result b = check(f, p);
    ASSERT_TRUE(b.accepted) << "round " << round << ": forward accepted, backward: " << b.message;
  }
  EXPECT_GT(accepted, 100);
  EXPECT_GT(rejected, 100);
}

// CaDiCaL's proofs of the families of families_test.cpp, and mutants of them (a lemma dropped, a
// literal flipped, as mutation_test.cpp makes them): forward accepts only what backward accepts,
// and where only backward accepts, the lemma forward rejects is no core lemma of backward's.
TEST(DratForward, AgreesWithTheBackwardCheckerOnCadicalProofsAndTheirMutants) {
  std::vector<std::pair<std::string, Cnf>> formulas = {{"php5", families::pigeonhole(5)},
                                                       {"php6", families::pigeonhole(6)},
                                                       {"parity", families::parity_chains(12, 7)}};
  for (const int vars : {60, 80})
    formulas.emplace_back("3sat" + std::to_string(vars), families::random_3sat(vars, 5.0, 91 + static_cast<std::uint64_t>(vars)));
  int only_backward = 0, both = 0, neither = 0;
  for (const auto& [name, cnf] : formulas) {
    const testing::Solved s = testing::solve_with_proof(cnf, true);
    if (s.status != 20) continue;
    const Proof proof = read_proof(s.proof);
    for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{0}}) {
      const Result f = forward_in_pieces(cnf, s.proof, piece, {}, 64);
      EXPECT_TRUE(f.accepted) << name << " in pieces of " << piece << ": " << f.message;
    }
    families::Rng rng(5);
    std::vector<std::size_t> lemmas;
    for (std::size_t i = 0; i < proof.steps.size(); ++i)
      if (!proof.steps[i].deletion && proof.steps[i].size > 0) lemmas.push_back(i);
    for (int m = 0; m < 16; ++m) {
      Proof q;
      const std::size_t target = lemmas[rng.below(lemmas.size())];
      const bool drop = m % 2 == 0;
      for (std::size_t i = 0; i < proof.steps.size(); ++i) {
        const ProofStep& st = proof.steps[i];
        std::vector<std::int32_t> lits(proof.lits.begin() + static_cast<std::ptrdiff_t>(st.begin),
                                       proof.lits.begin() + static_cast<std::ptrdiff_t>(st.begin + st.size));
        if (i == target && drop) continue;
        if (i == target) lits[rng.below(lits.size())] *= -1;
        q.add_step(st.deletion, lits);
      }
      Options trace;
      trace.record_trace = true;
      const Result b = check(cnf, q, trace);
      const Result f = check_forward(cnf, testing::write_proof(q, ProofFormat::Binary));
      const std::string what = name + " mutant " + std::to_string(m);
      EXPECT_FALSE(f.accepted && !b.accepted) << what << ": forward accepted what backward rejects: " << b.message;
      if (b.accepted && !f.accepted) {
        ++only_backward;
        ASSERT_TRUE(f.has_failed_step) << what << ": " << f.message;
        EXPECT_FALSE(std::binary_search(b.core_steps.begin(), b.core_steps.end(), f.failed_step))
            << what << ": forward rejected a core lemma backward accepted: " << f.message;
      } else {
        ++(b.accepted ? both : neither);
      }
    }
  }
  EXPECT_GT(both + only_backward, 0);
  EXPECT_GT(neither, 0);  // some mutants are wrong where it matters
}

}  // namespace
}  // namespace carve::drat
