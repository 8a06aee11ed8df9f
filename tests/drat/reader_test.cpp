// The DIMACS and DRAT readers on well-formed input: what they accept and what they produce.
#include <gtest/gtest.h>

#include "checkers/drat/drat.hpp"
#include "tests/drat/proof_writer.hpp"

namespace carve::drat {
namespace {

TEST(DratCnfReader, ReadsClausesCommentsAndMultiLineClauses) {
  const Cnf f = read_cnf("c hello\np cnf 4 3\n1 -2 0\nc mid comment\n3\n 4 -1 0\n\n  -4 0\n");
  EXPECT_EQ(f.num_vars, 4);
  ASSERT_EQ(f.num_clauses(), 3u);
  EXPECT_EQ(f.lits, (std::vector<std::int32_t>{1, -2, 3, 4, -1, -4}));
  EXPECT_EQ(f.offsets, (std::vector<std::size_t>{0, 2, 5, 6}));
  EXPECT_EQ(f.lines, (std::vector<std::uint32_t>{3, 5, 8}));
}

// carve's own DIMACS names the spec's title in a comment, in UTF-8 ("Δ über Bäume").
TEST(DratCnfReader, CommentsMayHoldUtf8) {
  const Cnf f = read_cnf("c spec \xce\x94 \xc3\xbc" "ber B\xc3\xa4ume \xe2\x88\x87 \xf0\x9f\x8c\xb3\np cnf 1 1\nc \xc3\xa4\n-1 0\n");
  EXPECT_EQ(f.num_vars, 1);
  EXPECT_EQ(f.lits, (std::vector<std::int32_t>{-1}));
}

TEST(DratCnfReader, EmptyClauseAndCrlf) {
  const Cnf f = read_cnf("p cnf 2 2\r\n0\r\n1 2 0\r\n");
  ASSERT_EQ(f.num_clauses(), 2u);
  EXPECT_EQ(f.offsets[1], 0u);
}

TEST(DratCnfReader, ZeroClauses) {
  const Cnf f = read_cnf("p cnf 0 0\n");
  EXPECT_EQ(f.num_clauses(), 0u);
}

TEST(DratProofReader, TextSteps) {
  const Proof p = read_proof("1 -2 0\nd 1 -2 0\n  c comment\n0\n3\n4 0\n");
  EXPECT_EQ(p.format, ProofFormat::Text);
  ASSERT_EQ(p.steps.size(), 4u);
  EXPECT_FALSE(p.steps[0].deletion);
  EXPECT_TRUE(p.steps[1].deletion);
  EXPECT_EQ(p.steps[2].size, 0u);
  EXPECT_EQ(p.steps[3].size, 2u);
  EXPECT_EQ(p.steps[3].where.line, 5u);
  EXPECT_EQ(p.steps[1].where.line, 2u);
  EXPECT_EQ(p.steps[1].where.col, 1u);
  EXPECT_EQ(p.lits, (std::vector<std::int32_t>{1, -2, 1, -2, 3, 4}));
}

TEST(DratProofReader, BinarySteps) {
  // a 1 -2 0 | d 100 0 | a 0  (100 -> 200 = 0xc8 0x01)
  const std::string bytes("a\x02\x05\x00" "d\xc8\x01\x00" "a\x00", 10);
  const Proof p = read_proof(bytes);
  EXPECT_EQ(p.format, ProofFormat::Binary);
  ASSERT_EQ(p.steps.size(), 3u);
  EXPECT_EQ(p.lits, (std::vector<std::int32_t>{1, -2, 100}));
  EXPECT_TRUE(p.steps[1].deletion);
  EXPECT_EQ(p.steps[1].where.byte, 4u);
  EXPECT_EQ(p.steps[2].where.byte, 8u);
  EXPECT_EQ(p.steps[2].where.str(), "byte 8");
}

TEST(DratProofReader, FormatDetection) {
  EXPECT_EQ(detect_proof_format(""), ProofFormat::Text);
  EXPECT_EQ(detect_proof_format("1 2 0\nd 1 2 0\n"), ProofFormat::Text);
  EXPECT_EQ(detect_proof_format("d 1 0\n"), ProofFormat::Text);
  EXPECT_EQ(detect_proof_format(std::string("a\x02\x00", 3)), ProofFormat::Binary);
  EXPECT_EQ(detect_proof_format(std::string("d\x02\x00", 3)), ProofFormat::Binary);
  // 'd' followed by printable bytes until the NUL terminator.
  EXPECT_EQ(detect_proof_format(std::string("d24\x00", 4)), ProofFormat::Binary);
}

TEST(DratProofReader, ExplicitFormatOverridesDetection) {
  // "d 2 0" read as binary: 'd', then ' ' (32 -> literal 16), '2' (50 -> 25), ' ' ... no 0: truncated.
  EXPECT_THROW(read_proof("d 2 0\n", ProofFormat::Binary), InputError);
  const Proof p = read_proof("d 2 0\n", ProofFormat::Text);
  EXPECT_TRUE(p.steps.at(0).deletion);
}

TEST(DratProofReader, RoundTripLargeLiterals) {
  Proof p;
  p.add_step(false, {1, -1, 127, -128, 16383, -16384, 2097151, static_cast<std::int32_t>(kMaxVariable)});
  p.add_step(true, {-static_cast<std::int32_t>(kMaxVariable)});
  p.add_step(false, {});
  for (const auto format : {ProofFormat::Text, ProofFormat::Binary}) {
    const Proof q = read_proof(testing::write_proof(p, format), format);
    EXPECT_EQ(q.lits, p.lits);
    ASSERT_EQ(q.steps.size(), p.steps.size());
    for (std::size_t i = 0; i < p.steps.size(); ++i) {
      EXPECT_EQ(q.steps[i].deletion, p.steps[i].deletion);
      EXPECT_EQ(q.steps[i].size, p.steps[i].size);
    }
  }
}

}  // namespace
}  // namespace carve::drat
