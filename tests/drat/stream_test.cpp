// check_stream and check_file against check on the proof read whole: for CaDiCaL's proofs of
// several UNSAT formulas, text and binary, and mutants of them (a lemma dropped, a literal
// flipped, the bytes cut or a byte corrupted), the three must give the same answer -- the same
// verdict, message, failing step and its location, and counts -- or the same InputError. And what
// the checker reads again instead of keeping (a deleted clause's literals, a lemma's first literal:
// StepSource::lits_at) is the step as first read, or the check does not accept.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "checkers/drat/compressed_proof.hpp"
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
  // Held compressed (compressed_proof.hpp; binary proofs only): frames of one step, of a few
  // steps, and the default's one frame -- the same answer; a malformed proof the same kind of
  // error (its message names the frame).
  if (!bytes.empty() && detect_proof_format(bytes) == ProofFormat::Binary)
    for (const std::size_t frame_bytes : {std::size_t{1}, std::size_t{29}, CompressedProof::kFrameBytes}) {
      CompressedProof held(3, frame_bytes);
      for (std::size_t at = 0; at < bytes.size(); at += 13) held.write(std::string_view(bytes).substr(at, 13));
      held.close();
      EXPECT_EQ(held.bytes(), bytes.size());
      std::string again;
      for (std::size_t f = 0; f < held.frames(); ++f) again += held.frame(f);
      EXPECT_EQ(again, bytes) << what << ", frames of " << frame_bytes << " bytes";
      const std::string compressed = stream_guarded([&] { return check_compressed(cnf, held, path); });
      if (whole.rfind("input error", 0) == 0)
        EXPECT_EQ(compressed.rfind("input error", 0), 0u) << what << ", frames of " << frame_bytes << " bytes: " << compressed;
      else
        EXPECT_EQ(compressed, whole) << what << ", frames of " << frame_bytes << " bytes";
    }
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
// so the count polls the budget: a spent budget stops a source of more than one 4 MiB window
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

// Every step of `bytes` read again (lits_at) after the forward parse -- from the last down, as the
// backward pass asks, then in a shuffled order -- is the step read_proof reads.
void expect_read_again(const std::string& bytes, const std::string& what) {
  const Proof proof = read_proof(bytes);
  detail::StreamSource source(bytes, ProofFormat::Auto, "p", nullptr, false);
  bool deletion = false;
  std::vector<std::int32_t> lits;
  std::size_t n = 0;
  while (source.next(deletion, lits)) ++n;
  ASSERT_EQ(n, proof.steps.size()) << what;
  ASSERT_GT(n, 3 * 64u) << what << ": not several blocks of steps";
  for (std::size_t s = n; s-- > 0;) {
    source.lits_at(s, lits);
    ASSERT_EQ(lits, stream_step_lits(proof, s)) << what << ", step " << s << " read again, going down";
  }
  families::Rng rng(n);
  for (int k = 0; k < 300; ++k) {
    const std::size_t s = rng.below(n);
    source.lits_at(s, lits);
    ASSERT_EQ(lits, stream_step_lits(proof, s)) << what << ", step " << s << " read again, in any order";
  }
}

// The backward pass restores a deleted clause, and reads a lemma's first literal, from its step read
// again: the block of 64 steps that holds it parsed from the offset the forward parse noted. A block
// that starts one step off, or a text block that starts in the wrong state (a comment line taken for
// steps, a step taken for a comment), reads other literals. CaDiCaL's proofs, binary and text, and
// hand-made bytes where the blocks start mid-line, before a comment line, after blank lines, and where
// a binary literal's encoding holds a 0 byte (2 written as 0x82 0x00, which readers accept).
TEST(DratStream, StepsReadAgainAreTheStepsReadFirst) {
  for (const bool binary : {true, false}) {
    const testing::Solved s = testing::solve_with_proof(families::pigeonhole(6), binary);
    ASSERT_EQ(s.status, 20);
    expect_read_again(s.proof, binary ? "php6 binary" : "php6 text");
  }
  const char* separators[] = {" ", "\n", "\nc a comment 1 2 0\n", "\n\n\t ", " \r\n", "\nc\n\n"};
  families::Rng rng(7);
  for (int shift = 0; shift < 6; ++shift) {
    std::string text = "c proof\n";
    std::string bin;
    for (int i = 0; i < 300; ++i) {
      const bool deletion = rng.below(3) == 0;
      std::vector<std::int32_t> clause;
      for (std::uint64_t k = rng.below(5); k-- > 0;) clause.push_back(static_cast<std::int32_t>(1 + rng.below(200)) * (rng.below(2) ? 1 : -1));
      text += deletion ? "d " : "";
      bin += deletion ? 'd' : 'a';
      for (const std::int32_t l : clause) {
        text += std::to_string(l) + " ";
        const std::uint32_t code = 2u * static_cast<std::uint32_t>(l < 0 ? -l : l) + (l < 0 ? 1u : 0u);
        for (std::uint32_t c = code; c >= 0x80; c >>= 7) bin += static_cast<char>((c & 0x7f) | 0x80);
        bin += static_cast<char>(code >> (7 * ((code >= 0x80) + (code >= 0x4000))));
      }
      if ((i + shift) % 7 == 0) bin += std::string("\x82\x00", 2);  // the literal 1, overlong
      if ((i + shift) % 7 == 0) text += "1 ";
      text += std::string("0") + separators[(i + shift) % 6];
      bin += '\0';
    }
    expect_read_again(text, "hand-made text, shift " + std::to_string(shift));
    expect_read_again(bin, "hand-made binary, shift " + std::to_string(shift));
  }
}

// A source whose step `wrong` reads again other than it was first read: one literal's sign flipped,
// or its last literal gone -- a proof file rewritten while it is checked, or a block read from the
// wrong offset.
class ReadAgainWrong : public detail::StepSource {
 public:
  ReadAgainWrong(const Proof& proof, std::size_t wrong, bool flip) : inner_(proof), wrong_(wrong), flip_(flip) {}
  bool next(bool& deletion, std::vector<std::int32_t>& lits) override { return inner_.next(deletion, lits); }
  void at(std::size_t s, bool& deletion, std::vector<std::int32_t>& lits, Location& where) override {
    inner_.at(s, deletion, lits, where);
  }
  void lits_at(std::size_t s, std::vector<std::int32_t>& lits) override {
    inner_.lits_at(s, lits);
    if (s != wrong_ || lits.empty()) return;
    if (flip_) {
      lits[lits.size() / 2] *= -1;
    } else {
      lits.pop_back();
    }
  }
  std::size_t steps() const override { return inner_.steps(); }
  std::size_t literals() const override { return inner_.literals(); }

 private:
  detail::ProofSource inner_;
  std::size_t wrong_;
  bool flip_;
};

// The clauses the backward pass reads again must be the ones the proof states: a deleted clause
// restored other than it was deleted, or a core lemma read again other than it was added, must never
// leave an accepted check (the fingerprints of the deleted clauses less those of the restored ones
// come back to 0 only for the same clauses; a lemma read again is compared with the store). Every
// deletion the checker performed and every core lemma of CaDiCaL's proofs of three formulas is read
// wrong in turn, both ways.
TEST(DratStream, AClauseReadAgainOtherThanTheProofStatesIsNeverAccepted) {
  int deletions = 0, lemmas = 0, named = 0;
  for (const Cnf& cnf : {families::pigeonhole(5), families::parity_chains(10, 3), families::pigeonhole(6)}) {
    const testing::Solved solved = testing::solve_with_proof(cnf, true);
    ASSERT_EQ(solved.status, 20);
    const Proof proof = read_proof(solved.proof);
    Options options;
    options.record_trace = true;
    const Result right = check(cnf, proof, options);
    ASSERT_TRUE(right.accepted) << right.message;
    std::vector<std::size_t> wrong;
    for (std::size_t s = 0; s <= right.conflict_step; ++s)
      if (right.deletion_targets[s] != Result::kNoTarget && proof.steps[s].size > 0) wrong.push_back(s);
    const std::size_t performed = wrong.size();
    wrong.insert(wrong.end(), right.core_steps.begin(), right.core_steps.end());
    for (std::size_t k = 0; k < wrong.size(); ++k) {
      for (const bool flip : {true, false}) {
        ReadAgainWrong source(proof, wrong[k], flip);
        const Result r = detail::check_source(cnf, source, {});
        ASSERT_FALSE(r.accepted) << "step " << wrong[k] << (flip ? " flipped" : " cut short") << " read again, accepted";
        if (r.message.find("the proof read again differs from its first reading") != std::string::npos) ++named;
      }
      ++(k < performed ? deletions : lemmas);
    }
  }
  // Enough of each kind to mean something; most wrong readings are named for what they are (some
  // clause restored wrong makes a lemma fail before the sums are compared).
  EXPECT_GT(deletions, 50);
  EXPECT_GT(lemmas, 50);
  EXPECT_GT(named, deletions + lemmas);
  std::printf("read wrong: %d deletions, %d core lemmas; %d of %d named\n", deletions, lemmas, named, 2 * (deletions + lemmas));
}

}  // namespace
}  // namespace carve::drat

namespace carve::drat {
namespace {

// A proof held compressed that was changed after it was written: a byte of a frame flipped (zstd's
// checksum: the frame does not decompress, an InputError naming it), or the last frame -- the one
// with the empty clause -- replaced by the frame before it (a frame of another size does not
// decompress to the size written; one of the same size repeats steps and never refutes). Never
// accepted.
TEST(DratCompressed, ATamperedOrLostFrameIsNeverAccepted) {
  const Cnf cnf = families::pigeonhole(6);
  const testing::Solved s = testing::solve_with_proof(cnf, true);
  ASSERT_EQ(s.status, 20);
  const auto held_in_frames = [&](std::size_t frame_bytes) {
    CompressedProof held(3, frame_bytes);
    held.write(s.proof);
    held.close();
    return held;
  };
  CompressedProof whole = held_in_frames(64);
  ASSERT_GT(whole.frames(), 4u);
  EXPECT_TRUE(check_compressed(cnf, whole).accepted);
  EXPECT_LT(held_in_frames(CompressedProof::kFrameBytes).compressed_bytes(), s.proof.size());  // frames of 64 bytes do not pay
  for (std::size_t f = 0; f < whole.frames(); f += 3) {
    CompressedProof tampered = held_in_frames(64);
    std::string& frame = tampered.compressed_frame(f);
    frame[frame.size() / 2] = static_cast<char>(frame[frame.size() / 2] ^ 0x10);
    try {
      const Result r = check_compressed(cnf, tampered);
      ADD_FAILURE() << "frame " << f << " tampered: answered " << (r.accepted ? "accepted" : "rejected") << " without an error";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("frame " + std::to_string(f)), std::string::npos) << e.what();
    }
  }
  CompressedProof lost = held_in_frames(64);
  lost.compressed_frame(lost.frames() - 1) = lost.compressed_frame(lost.frames() - 2);
  bool accepted = false;
  try {
    accepted = check_compressed(cnf, lost).accepted;
  } catch (const InputError&) {
  }
  EXPECT_FALSE(accepted);
}

}  // namespace
}  // namespace carve::drat
