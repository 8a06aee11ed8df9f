// Every certificate of the corpus -- each case that says `certify drat;`, found by reading the
// case files -- written by `check --proof-dir` with its manifest and accepted by
// `verify-certificate`, which re-derives each CNF from its case. Label `slow`: the largest
// (cases/triangle/triple_edge_6vars_k4.case, a 206 MB CNF) alone takes tens of seconds.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> certified_cases() {
  std::vector<std::string> found;
  const std::regex certify("(^|\\n)\\s*certify drat;");
  for (const auto& e : fs::recursive_directory_iterator("cases"))
    if (e.is_regular_file() && e.path().extension() == ".case" &&
        std::regex_search(carve::testing::file_text(e.path().string()), certify))
      found.push_back(e.path().string());
  std::sort(found.begin(), found.end());
  return found;
}

TEST(CertificateCorpus, VerifyCertificateAcceptsEveryCorpusCertificate) {
  const auto cases = certified_cases();
  ASSERT_GE(cases.size(), 10u);
  const std::string dir = carve::testing::unique_path("corpus-manifests");
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& c : cases) {
    const auto r = carve::testing::run_command(std::string(CARVE_BINARY) + " check " + c + " --proof-dir " + dir + " --json");
    ASSERT_EQ(r.code, 0) << c << "\n" << r.out;
    const auto row = nlohmann::json::parse(r.out)["cases"][0];
    const std::string manifest = row["certificate"]["manifest"].get<std::string>();
    const auto v = carve::testing::run_command(std::string(CARVE_BINARY) + " verify-certificate " + manifest);
    EXPECT_EQ(v.code, 0) << c << "\n" << v.out;
    // The files are large; each case's go once verified.
    for (const char* ext : {".cnf", ".drat", ".certificate.json"})
      fs::remove(manifest.substr(0, manifest.size() - std::string(".certificate.json").size()) + ext);
  }
}

}  // namespace
