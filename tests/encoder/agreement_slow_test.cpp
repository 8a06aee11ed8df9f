// The SAT engine against explicit search on the 000 instances of cases/binary_tree (depth 3,
// k = 3, profiles trail, simple, cycle; walks under literal and lenient). Labelled `slow`.
#include "tests/encoder/agree.hpp"

namespace carve::encoder {
namespace {

TEST(EncoderAgreementSlow, CorpusDepth3) {
  for (const std::string path : {"trail", "simple", "simple-or-cycle"})
    for (const std::string t : {"K1", "K2", "P3", "K1,3", "P4", "K3", "C4"}) agree({path, "factor", t, 3, 3});
}

// Walks by their edge sets at depth 3, k = 3, profiles literal and lenient.
TEST(EncoderAgreementSlow, WalksDepth3LiteralAndLenient) {
  for (const std::string t : {"K1", "K2", "P3", "P4", "K3", "C4", "K1,3"}) {
    agree({"walk", "subsequence", t, 3, 3});
    agree({"walk", "factor", t, 3, 3, true});
  }
}

}  // namespace
}  // namespace carve::encoder
