// Runs that share an output folder: two `check --certify --proof-dir D` at once both pass; a
// certificate's final names only ever hold complete files (the writer is watched while it
// works); and two cases whose paths differ only in '/' versus '_' get two certificates.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "tests/faults/child.hpp"

namespace {

using ::testing::HasSubstr;
namespace fs = std::filesystem;

using carve::testing::kCarve;
// Three no-wins with certificates, written into the one folder by both runs at once.
const std::string kCertificates =
    "cases/binary_tree/cycle/c4_d3.case cases/binary_tree/trail/c4_d3.case cases/binary_tree/simple/c4_d3.case";

TEST(Concurrency, TwoChecksIntoOneProofFolderBothPass) {
  const auto dir = carve::testing::scratch_folder("proofs");
  const std::string args = "exec " + kCarve + " check --json --certify --proof-dir " + dir + " " + kCertificates;
  carve::testing::Child a(args), b(args);
  for (auto* child : {&a, &b}) {
    const auto e = child->wait();
    ASSERT_EQ(e.code, 0) << e.out << e.err;
    const auto j = nlohmann::json::parse(e.out);
    EXPECT_EQ(j["passed"], 3) << e.out;
    for (const auto& row : j["cases"]) EXPECT_EQ(row["certificate"]["status"], "accepted") << row.dump(2);
  }
  // The certificate of each case (CNF, proof, manifest), and nothing else (no temporaries); both
  // runs wrote the same bytes, so whichever rename came last, each manifest verifies.
  EXPECT_EQ(carve::testing::names_in(dir).size(), 9u);
  for (const auto& name : carve::testing::names_in(dir)) {
    EXPECT_EQ(name.find(".tmp-"), std::string::npos) << name;
    if (name.size() > 17 && name.substr(name.size() - 17) == ".certificate.json") {
      const auto v = carve::testing::run_to_end("exec " + kCarve + " verify-certificate '" + dir + "/" + name + "'");
      EXPECT_EQ(v.code, 0) << name << "\n" << v.out << v.err;
    }
  }
}

// Whenever FILE.drat exists while `solve --proof FILE` works, it is already the complete proof
// of FILE.cnf: a copy taken the first moment it appears is accepted by the checker.
TEST(Concurrency, FinalNamesOnlyEverHoldCompleteFiles) {
  const auto dir = carve::testing::scratch_folder("proofs"), copies = carve::testing::scratch_folder("copies");
  carve::testing::Child writer("exec " + kCarve + " solve cases/binary_tree/cycle/c4_d4.case --engine sat --proof " + dir + "/p");
  bool copied = false;
  while (!copied && writer.running()) {
    std::error_code ec;
    if (fs::exists(dir + "/p.drat", ec)) {
      fs::copy_file(dir + "/p.drat", copies + "/p.drat", ec);
      fs::copy_file(dir + "/p.cnf", copies + "/p.cnf", ec);
      copied = !ec;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const auto e = writer.wait();
  ASSERT_EQ(e.code, 0) << e.out << e.err;
  ASSERT_TRUE(copied || fs::exists(dir + "/p.drat")) << e.out;
  if (!copied) return;  // the files appeared only as the writer ended: nothing could be seen half-written
  const auto check = carve::testing::run_to_end("exec " + kCarve + " verify-proof " + copies + "/p.cnf " + copies + "/p.drat");
  EXPECT_EQ(check.code, 0) << check.out << check.err;
  EXPECT_THAT(check.out, HasSubstr("accepted"));
}

// x/y.case and x_y.case: C4 at depth 3 under simple paths within 3 turns (no-win: the corpus's
// cases/binary_tree/simple/c4_d3.case) and within 2 turns (no-win too: a play of at most 2 turns
// is one of at most 3). Each certificate names its own question.
TEST(Concurrency, CertificateNamesAreInjective) {
  const auto cases = carve::testing::scratch_folder("cases"), dir = carve::testing::scratch_folder("proofs");
  fs::create_directories(cases + "/x");
  auto write_case = [&](const std::string& path, int turns) {
    std::ofstream(path) << "case \"C4 within " << turns << "\" {\n  spec \"" << CARVE_ROOT
                        << "/spec/binary_tree.carve\";\n  profile simple;\n  target C4;\n  depth 3;\n  turns " << turns
                        << ";\n  expect no-win;\n  certify drat;\n}\n";
  };
  write_case(cases + "/x/y.case", 3);
  write_case(cases + "/x_y.case", 2);
  const auto e = carve::testing::run_to_end("exec " + kCarve + " check --json --engine sat --proof-dir " + dir + " " + cases);
  ASSERT_EQ(e.code, 0) << e.out << e.err;
  const auto j = nlohmann::json::parse(e.out);
  ASSERT_EQ(j["cases"].size(), 2u);
  std::set<std::string> cnfs;
  for (const auto& row : j["cases"]) {
    const std::string cnf = row["certificate"]["cnf"];
    cnfs.insert(cnf);
    std::ifstream in(cnf);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string turns = row["case"].get<std::string>().ends_with("x_y.case") ? "2" : "3";
    EXPECT_THAT(text, HasSubstr("target C4, at most " + turns + " turns")) << cnf;
  }
  EXPECT_EQ(cnfs.size(), 2u);
}

}  // namespace
