// The LRAT that `carve verify-proof --lrat` writes for the certificates of corpus no-wins, verified
// by the independent forward checker (tests/lrat/forward_checker) -- a sweep (label sweep): its cost
// is the corpus' solves and checks, which the release build runs in a tenth of the sanitized time.
#include <gtest/gtest.h>

#include <string>

#include "tests/lrat/corpus_lrat.hpp"
#include "tests/process.hpp"

namespace {

using carve::testing::unique_path;

const std::string kCarve = CARVE_BINARY;
const std::string kRoot = CARVE_ROOT;

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
