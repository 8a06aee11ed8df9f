// check_stream and check_file against check on the proof read whole: for CaDiCaL's proofs of
// several UNSAT formulas, text and binary, and mutants of them (a lemma dropped, a literal
// flipped, the bytes cut or a byte corrupted), the three must give the same answer -- the same
// verdict, message, failing step and its location, and counts -- or the same InputError.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/step_source.hpp"
#include "foundations/limits/budget.hpp"
#include "tests/drat/cadical_proof.hpp"
#include "tests/drat/families.hpp"
#include "tests/drat/proof_writer.hpp"

namespace carve::drat {
namespace {

// What a check came to, as one comparable string.
std::string stream_outcome(const Result& r) {
  return (r.accepted ? "accepted" : r.limit_reached ? "unknown" : "rejected") + std::string(" | ") + r.message +
         " | failed " + (r.has_failed_step ? std::to_string(r.failed_step) + " at " + r.failed_where.str() : "-") +
         " | lemmas " + std::to_string(r.lemmas) + " core " + std::to_string(r.core_lemmas) + " rat " +
         std::to_string(r.rat_lemmas) + " deletions " + std::to_string(r.deletions) + " ignored " +
         std::to_string(r.ignored_deletions) + " missing " + std::to_string(r.missing_deletions) + " conflict " +
         std::to_string(r.conflict_step);
}

template <class F>
std::string stream_guarded(F&& f) {
  try {
    return stream_outcome(f());
  } catch (const InputError& e) {
    return std::string("input error | ") + e.what();
  }
}

struct StreamTally {
  int accepted = 0, rejected = 0, input_errors = 0;
};

void compare_checks(const Cnf& cnf, const std::string& bytes, const std::string& what, StreamTally& tally) {
  const std::string path = (std::filesystem::temp_directory_path() / ("carve_stream_test_" + std::to_string(::getpid()))).string();
  { std::ofstream(path, std::ios::binary) << bytes; }
  const std::string whole = stream_guarded([&] { return check(cnf, read_proof(bytes, ProofFormat::Auto, path)); });
  const std::string streamed = stream_guarded([&] { return check_stream(cnf, bytes, ProofFormat::Auto, path); });
  const std::string mapped = stream_guarded([&] { return check_file(cnf, path); });
  std::filesystem::remove(path);
  EXPECT_EQ(streamed, whole) << what;
  EXPECT_EQ(mapped, whole) << what;
  if (whole.rfind("accepted", 0) == 0) ++tally.accepted;
  else if (whole.rfind("input error", 0) == 0) ++tally.input_errors;
  else ++tally.rejected;
}

std::vector<std::int32_t> stream_step_lits(const Proof& p, std::size_t s) {
  const auto& st = p.steps[s];
  return {p.lits.begin() + static_cast<std::ptrdiff_t>(st.begin), p.lits.begin() + static_cast<std::ptrdiff_t>(st.begin + st.size)};
}

void stream_mutants(const Cnf& cnf, const std::string& name, std::uint64_t seed, StreamTally& tally) {
  for (const bool binary : {true, false}) {
    const auto format = binary ? ProofFormat::Binary : ProofFormat::Text;
    const testing::Solved s = testing::solve_with_proof(cnf, binary);
    ASSERT_EQ(s.status, 20) << name;
    const Proof proof = read_proof(s.proof);
    const std::string what = name + (binary ? " binary" : " text");
    compare_checks(cnf, s.proof, what, tally);
    // Bytes after the empty clause are still read: a malformed tail is an error either way.
    compare_checks(cnf, s.proof + (binary ? std::string("a\x07") : std::string("1 2")), what + " bad tail", tally);
    families::Rng rng(seed + (binary ? 1 : 0));
    std::vector<std::size_t> lemmas;
    for (std::size_t i = 0; i < proof.steps.size(); ++i)
      if (!proof.steps[i].deletion) lemmas.push_back(i);
    for (int m = 0; m < 8; ++m) {
      const std::size_t drop = lemmas[lemmas.size() - 1 - rng.below(std::min<std::size_t>(lemmas.size(), 8))];
      const std::size_t flip = lemmas[rng.below(lemmas.size())];
      Proof dropped, flipped;
      for (std::size_t i = 0; i < proof.steps.size(); ++i) {
        auto l = stream_step_lits(proof, i);
        if (i != drop) dropped.add_step(proof.steps[i].deletion, l);
        if (i == flip && !l.empty()) l[rng.below(l.size())] *= -1;
        flipped.add_step(proof.steps[i].deletion, l);
      }
      compare_checks(cnf, testing::write_proof(dropped, format), what + " drop " + std::to_string(drop), tally);
      compare_checks(cnf, testing::write_proof(flipped, format), what + " flip " + std::to_string(flip), tally);
      compare_checks(cnf, s.proof.substr(0, rng.below(s.proof.size())), what + " cut", tally);
      std::string bytes = s.proof;
      bytes[rng.below(bytes.size())] = static_cast<char>(rng.below(256));
      compare_checks(cnf, bytes, what + " corrupt", tally);
    }
  }
}

TEST(DratStream, SameAnswerAsTheProofReadWhole) {
  StreamTally tally;
  stream_mutants(families::pigeonhole(5), "php5", 3, tally);
  stream_mutants(families::parity_chains(10, 3), "parity10", 5, tally);
  for (std::uint64_t seed = 1, done = 0; done < 2 && seed < 40; ++seed) {
    const Cnf cnf = families::random_3sat(40, 4.26, seed);
    if (testing::solve_with_proof(cnf, true).status != 20) continue;
    stream_mutants(cnf, "random40 seed " + std::to_string(seed), 20 + seed, tally);
    ++done;
  }
  // Every kind of answer must have been compared (a comparison of errors only would prove little).
  EXPECT_GT(tally.accepted, 10);
  EXPECT_GT(tally.rejected, 10);
  EXPECT_GT(tally.input_errors, 5);
  std::printf("compared: %d accepted, %d rejected, %d input errors\n", tally.accepted, tally.rejected, tally.input_errors);
}

// Answers given before the proof's end -- a formula unit propagation refutes alone, an empty
// clause that comes too early, a conflict with no empty clause after it -- still read the whole
// proof: a malformed one is an InputError, as when it is read whole first.
TEST(DratStream, AnswersBeforeTheEndStillReadTheWholeProof) {
  StreamTally tally;
  const Cnf refuted = read_cnf("p cnf 1 2\n1 0\n-1 0\n");
  const Cnf two = read_cnf("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
  for (const std::string tail : {"", "1 2", "d 1"}) {
    compare_checks(refuted, "1 0\n" + tail, "refuted alone, tail '" + tail + "'", tally);
    compare_checks(two, "0\n" + tail, "premature empty clause, tail '" + tail + "'", tally);
    compare_checks(two, "1 0\n" + tail, "no empty clause, tail '" + tail + "'", tally);
    compare_checks(two, "1 0\n0\n" + tail, "accepted, tail '" + tail + "'", tally);
  }
  // With no tail the four proofs are well formed: `refuted` falls to propagation alone and "1 0", "0"
  // refutes `two` (accepted: 2); "0" first is an empty clause that is not RUP yet, and "1 0" alone
  // reaches a conflict but never adds the empty clause (rejected: 2). Each of the two cut tails makes
  // every one of the four a reader's error (8).
  EXPECT_EQ(tally.input_errors, 8);
  EXPECT_EQ(tally.accepted, 2);
  EXPECT_EQ(tally.rejected, 2);
}

// A binary proof's bytes are all counted before its first step is read -- seconds for gigabytes --
// so the count polls the budget: a spent budget stops a source of more than one 64 MiB window
// before it is made, and check_stream (check_file alike) answers unknown instead of throwing.
// The proof: 23 million additions of the unit 1 ("a", 2, 0), refuting nothing.
TEST(DratStream, CountingABinaryProofStopsAtTheBudget) {
  std::string bytes;
  bytes.reserve(std::size_t{69} << 20);
  while (bytes.size() < (std::size_t{66} << 20)) bytes += std::string("a\x02\x00", 3);
  limits::Limits one_second;
  one_second.timeout_seconds = 1;
  limits::Budget spent(one_second, limits::Budget::Clock::now() - std::chrono::hours(1));
  EXPECT_THROW(detail::StreamSource(bytes, ProofFormat::Binary, "p", &spent, false), limits::LimitReached);
  Options options;
  options.budget = &spent;
  const Result r = check_stream(read_cnf("p cnf 1 1\n1 0\n"), bytes, ProofFormat::Binary, "p", options);
  EXPECT_TRUE(r.limit_reached);
  EXPECT_FALSE(r.accepted);
  EXPECT_EQ(r.message, "timeout after 1.0 s");
  // Without a budget the same bytes are read to the end: 23 million steps, no refutation.
  limits::Budget none;
  EXPECT_EQ(detail::StreamSource(bytes, ProofFormat::Binary, "p", &none, false).steps(), bytes.size() / 3);
}

// A rejection's message quotes the failing step as written, read again from the bytes: the same
// words as from a Proof in memory, for a text proof (line and column) and a binary one (byte).
TEST(DratStream, RejectionQuotesTheStepAsWritten) {
  Cnf cnf;
  // Satisfiable: the units -1 and -2 are neither RUP nor RAT. -1 propagates 2, so adding -2 is the
  // top-level conflict (step 1), and the backward pass rejects step 1 first: at line 3 of the text,
  // and at byte 3 of the binary form ('a', the literal -1 as one byte, the terminating 0).
  cnf.add_clause({1, 2});
  cnf.num_vars = 2;
  const std::string text = "c a comment\n-1 0\n-2 0\n0\n";
  const Result whole = check(cnf, read_proof(text));
  ASSERT_FALSE(whole.accepted);
  const Result streamed = check_stream(cnf, text);
  EXPECT_EQ(streamed.message, whole.message);
  EXPECT_EQ(streamed.failed_where.str(), whole.failed_where.str());
  EXPECT_NE(streamed.message.find("step 1 (line 3 col 1) [-2]"), std::string::npos) << streamed.message;
  const std::string binary = testing::write_proof(read_proof(text), ProofFormat::Binary);
  const Result b = check_stream(cnf, binary);
  EXPECT_EQ(b.message, check(cnf, read_proof(binary)).message);
  EXPECT_NE(b.message.find("step 1 (byte 3) [-2]"), std::string::npos) << b.message;
}

}  // namespace
}  // namespace carve::drat
