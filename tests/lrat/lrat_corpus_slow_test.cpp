// Every certified no-win of the corpus (the cases saying `certify drat;`: c4 at depths 3 and 4
// under every 000 profile, the 001 triangles, the variants), its certificate kept by `carve
// check`, written as LRAT by verify-proof and verified by the forward checker; a mutant of each
// refused. Minutes (the depth-4 certificates): labelled slow.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/lrat/corpus_lrat.hpp"

namespace {

TEST(LratCorpusSlow, EveryCertifiedCaseOfTheCorpus) {
  namespace fs = std::filesystem;
  const std::string root = CARVE_ROOT;
  std::string files;
  int certified = 0;
  for (const auto& e : fs::recursive_directory_iterator(root + "/cases")) {
    if (e.path().extension() != ".case") continue;
    const std::string text = carve::testing::file_text(e.path().string());
    if (text.find("certify drat;") == std::string::npos) continue;
    files += " " + e.path().string();
    ++certified;
  }
  ASSERT_GT(certified, 10);
  EXPECT_EQ(carve::lrat_test::verify_certificates_of(CARVE_BINARY, files, carve::testing::unique_path("proofs")), certified);
}

}  // namespace
