// Mutation testing: proofs of several UNSAT formulas are mutated at random (drop a lemma,
// flip a literal, truncate, duplicate a deletion, corrupt a binary byte or a binary step's
// header byte). Each mutant must be
// rejected (by the reader or the checker), or, if the checker accepts it, be re-verified by
// the naive checker of naive_checker.hpp from the checker's trace. Never assumed correct.
#include <gtest/gtest.h>

#include "checkers/drat/drat.hpp"
#include "tests/drat/cadical_proof.hpp"
#include "tests/drat/families.hpp"
#include "tests/drat/naive_checker.hpp"
#include "tests/drat/proof_writer.hpp"

namespace carve::drat {
namespace {

struct Tally {
  int input_errors = 0, rejected = 0, accepted = 0;
};

Proof copy_steps(const Proof& p, std::size_t skip = SIZE_MAX) {
  Proof q;
  q.format = p.format;
  for (std::size_t s = 0; s < p.steps.size(); ++s) {
    if (s == skip) continue;
    const auto& st = p.steps[s];
    q.add_step(st.deletion, std::vector<std::int32_t>(p.lits.begin() + static_cast<std::ptrdiff_t>(st.begin),
                                                       p.lits.begin() + static_cast<std::ptrdiff_t>(st.begin + st.size)),
               st.where);
  }
  return q;
}

void judge(const Cnf& cnf, const Proof& mutant, Tally& tally, const std::string& what) {
  Options options;
  options.record_trace = true;
  const Result r = check(cnf, mutant, options);
  if (!r.accepted) {
    ++tally.rejected;
    EXPECT_FALSE(r.message.empty()) << what;
    return;
  }
  ++tally.accepted;
  EXPECT_TRUE(testing::naive_reverify(cnf, mutant, r)) << what << ": checker accepted, naive re-verification failed";
}

void judge_bytes(const Cnf& cnf, const std::string& bytes, Tally& tally, const std::string& what) {
  Proof p;
  try {
    p = read_proof(bytes);
  } catch (const InputError& e) {
    ++tally.input_errors;
    EXPECT_NE(std::string(e.what()).find("<proof>:"), std::string::npos) << e.what();
    return;
  }
  judge(cnf, p, tally, what);
}

void mutate_all(const Cnf& cnf, const std::string& name, std::uint64_t seed, Tally& tally) {
  for (const bool binary : {true, false}) {
    const testing::Solved s = testing::solve_with_proof(cnf, binary);
    ASSERT_EQ(s.status, 20) << name;
    const Proof proof = read_proof(s.proof);
    {
      const Result r = check(cnf, proof);
      ASSERT_TRUE(r.accepted) << name << ": the unmutated proof must pass: " << r.message;
    }
    families::Rng rng(seed + (binary ? 1 : 0));
    std::vector<std::size_t> lemmas, deletions;
    for (std::size_t i = 0; i < proof.steps.size(); ++i) {
      (proof.steps[i].deletion ? deletions : lemmas).push_back(i);
    }
    ASSERT_FALSE(lemmas.empty());
    for (int m = 0; m < 12; ++m) {
      const std::string what = name + (binary ? " binary" : " text") + " mutant " + std::to_string(m);
      // 1. drop a lemma
      judge(cnf, copy_steps(proof, lemmas[rng.below(lemmas.size())]), tally, what + " drop");
      // 2. flip a literal of a lemma
      {
        Proof q = copy_steps(proof);
        const auto& st = q.steps[lemmas[rng.below(lemmas.size())]];
        if (st.size > 0) {
          auto& lit = q.lits[st.begin + rng.below(st.size)];
          lit = -lit;
        }
        judge(cnf, q, tally, what + " flip");
      }
      // 3. truncate the bytes at a random point
      judge_bytes(cnf, s.proof.substr(0, rng.below(s.proof.size())), tally, what + " truncate");
      // 4. duplicate a deletion (right after itself, or moved to the front)
      if (!deletions.empty()) {
        const std::size_t d = deletions[rng.below(deletions.size())];
        Proof q;
        const bool front = rng.below(2) == 0;
        auto step_lits = [&](std::size_t i) {
          const auto& st = proof.steps[i];
          return std::vector<std::int32_t>(proof.lits.begin() + static_cast<std::ptrdiff_t>(st.begin),
                                           proof.lits.begin() + static_cast<std::ptrdiff_t>(st.begin + st.size));
        };
        if (front) q.add_step(true, step_lits(d));
        for (std::size_t i = 0; i < proof.steps.size(); ++i) {
          q.add_step(proof.steps[i].deletion, step_lits(i));
          if (i == d && !front) q.add_step(true, step_lits(d));
        }
        judge(cnf, q, tally, what + " dup-deletion");
      }
      // 5. corrupt one byte (binary: often a step marker; text: any byte)
      {
        std::string bytes = s.proof;
        const std::size_t at = rng.below(bytes.size());
        bytes[at] = static_cast<char>(rng.below(256));
        judge_bytes(cnf, bytes, tally, what + " corrupt byte " + std::to_string(at));
      }
      // 7. binary: corrupt a step's header byte (its 'a'/'d' marker): to the other marker (a
      //    lemma becomes a deletion or back) or to any other byte (unreadable)
      if (binary) {
        std::string bytes = s.proof;
        const auto& st = proof.steps[rng.below(proof.steps.size())];
        ASSERT_TRUE(st.where.binary);
        const auto at = static_cast<std::size_t>(st.where.byte);
        ASSERT_TRUE(bytes[at] == 'a' || bytes[at] == 'd') << what;
        const bool swap = rng.below(2) == 0;
        bytes[at] = swap ? (bytes[at] == 'a' ? 'd' : 'a') : static_cast<char>('e' + rng.below(20));
        judge_bytes(cnf, bytes, tally, what + (swap ? " swap step marker" : " corrupt step marker"));
      }
      // 6. drop the final empty clause and a lemma near the end (the refutation's tail)
      {
        Proof q = copy_steps(proof, lemmas[lemmas.size() - 1 - rng.below(std::min<std::size_t>(lemmas.size(), 5))]);
        judge(cnf, q, tally, what + " drop tail lemma");
      }
    }
  }
}

TEST(DratMutation, MutantsRejectedOrIndependentlyReverified) {
  Tally tally;
  mutate_all(families::pigeonhole(5), "php5", 1, tally);
  mutate_all(families::parity_chains(10, 3), "parity10", 2, tally);
  int random_done = 0;
  for (std::uint64_t seed = 1; random_done < 2 && seed < 40; ++seed) {
    const Cnf cnf = families::random_3sat(40, 4.26, seed);
    if (testing::solve_with_proof(cnf, true).status != 20) continue;
    mutate_all(cnf, "random40 seed " + std::to_string(seed), 10 + seed, tally);
    ++random_done;
  }
  EXPECT_EQ(random_done, 2);
  // The mutations must actually exercise both outcomes (a checker accepting everything, or a
  // reader rejecting everything, would fail here).
  EXPECT_GT(tally.rejected, 20) << "rejected " << tally.rejected;
  EXPECT_GT(tally.accepted, 20) << "accepted " << tally.accepted;
  EXPECT_GT(tally.input_errors, 10) << "input errors " << tally.input_errors;
  std::printf("mutants: %d input errors, %d rejected, %d accepted and re-verified\n", tally.input_errors,
              tally.rejected, tally.accepted);
}

}  // namespace
}  // namespace carve::drat
