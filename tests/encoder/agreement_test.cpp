// The SAT engine against explicit search: every path kind at depth 2 (walks under literal and
// lenient), simple paths at depth 3 (fast); the corpus instances at depth 3 are in agreement_slow_test.cpp.
#include "tests/encoder/agree.hpp"

namespace carve::encoder {
namespace {

TEST(EncoderAgreement, Depth2AllKinds) {
  for (const std::string path : {"walk", "trail", "simple", "simple-or-cycle"})
    for (const std::string t : {"K1", "K2", "P3", "K3", "C4"}) agree({path, path == "walk" ? "subsequence" : "factor", t, 2, 3});
}

// Walks by their edge sets: literal (subsequence) and lenient (factor, loops, re-added tree pairs).
TEST(EncoderAgreement, WalksDepth2LiteralAndLenient) {
  for (const std::string t : {"K1", "K2", "P3", "P4", "K3", "C4", "K1,3"}) {
    agree({"walk", "subsequence", t, 2, 3});
    agree({"walk", "factor", t, 2, 3, true});
  }
}

// The sat engine with a win looked for from above first (SatOptions::probe_from_above, as the atlas
// asks): the same verdicts and shortest carvings as explicit search, every path kind, the turn bound
// above the shortest carving so the probe's win may be longer than it; the probe must have found a
// win on some of them (it asks only where every shorter play extends to the turn bound).
TEST(EncoderAgreement, WinsFromAboveKeepTheShortestCarving) {
  int probed = 0;
  for (const std::string path : {"walk", "trail", "simple", "simple-or-cycle"})
    for (const std::string t : {"K1", "K2", "P3", "K3", "C4", "K1,3"})
      probed += agree({path, path == "walk" ? "subsequence" : "factor", t, 2, 5, false, 0, elab::Solver::Cadical, true});
  for (const std::string t : {"P3", "K1,3"}) {
    probed += agree({"walk", "subsequence", t, 3, 4, false, 0, elab::Solver::Cadical, true});
    probed += agree({"walk", "factor", t, 3, 4, true, 0, elab::Solver::Cadical, true});
  }
  EXPECT_GT(probed, 0);
}

TEST(EncoderAgreement, SimpleDepth3) {
  for (const std::string t : {"K1", "K2", "P3", "K1,3"}) agree({"simple", "factor", t, 3, 3});
}

}  // namespace
}  // namespace carve::encoder
