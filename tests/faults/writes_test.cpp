// Every file carve writes, under a full disk (/dev/full: ENOSPC) and past the file-size limit
// (`ulimit -f`: EFBIG, carve ignores SIGXFSZ): exit code 2, a message naming the file and the
// system's reason, and no partial file left where a complete one was expected -- the folder
// written into is empty afterwards (the temporaries are gone too). Witness, proof (CNF and
// DRAT), check's proof folder, export (DIMACS, SMT-LIB), render's picture and folder, and
// standard output.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/faults/child.hpp"

namespace {

using ::testing::HasSubstr;
using carve::testing::Ended;

const std::string kCarve = CARVE_BINARY;
const std::string kQuestion = "solve spec/binary_tree.carve --target C4 --turns 4 --depth 3 --engine sat";  // a win
const std::vector<std::string> kNothing;

// `ulimit -f` takes 1024-byte blocks in bash and 512-byte ones in dash: every limit below
// separates the sizes involved under either reading.
Ended run(const std::string& args, int file_blocks = -1) {
  const std::string limit = file_blocks >= 0 ? "ulimit -f " + std::to_string(file_blocks) + " && " : "";
  return carve::testing::run_to_end(limit + "exec " + kCarve + " " + args);
}

void expect_cannot_write(const Ended& e, const std::string& path, const std::string& reason) {
  EXPECT_EQ(e.code, 2) << e.out << e.err;
  EXPECT_THAT(e.out + e.err, HasSubstr("cannot write " + path + ": " + reason)) << e.out << e.err;
}

TEST(Writes, WitnessOnAFullDisk) {
  expect_cannot_write(run(kQuestion + " --witness /dev/full"), "/dev/full", "No space left on device");
}

TEST(Writes, WitnessPastTheFileSizeLimit) {
  const auto dir = carve::testing::scratch_folder("dir");
  expect_cannot_write(run(kQuestion + " --witness " + dir + "/w.witness", 0), dir + "/w.witness", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
}

TEST(Writes, ExportOnAFullDiskAndPastTheLimit) {
  const auto dir = carve::testing::scratch_folder("dir");
  const std::string q = "export spec/binary_tree.carve --target C4 --turns 3 --depth 3 --profile simple";
  expect_cannot_write(run(q + " --dimacs /dev/full"), "/dev/full", "No space left on device");
  expect_cannot_write(run(q + " --smt2 /dev/full"), "/dev/full", "No space left on device");
  expect_cannot_write(run(q + " --dimacs " + dir + "/f.cnf", 0), dir + "/f.cnf", "File too large");
  expect_cannot_write(run(q + " --smt2 " + dir + "/f.smt2", 0), dir + "/f.smt2", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
}

TEST(Writes, RenderOnAFullDiskAndPastTheLimit) {
  const auto scratch = carve::testing::scratch_folder("scratch"), dir = carve::testing::scratch_folder("dir");
  const std::string witness = scratch + "/w.witness";
  ASSERT_EQ(run(kQuestion + " --witness " + witness).code, 0);
  expect_cannot_write(run("render " + witness + " --format dot -o /dev/full"), "/dev/full", "No space left on device");
  expect_cannot_write(run("render " + witness + " -o " + dir + "/f.dot", 0), dir + "/f.dot", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
}

// The folder's last file cannot be put in place (a folder holds its name): the error names it.
TEST(Writes, RenderFolderNamesTheFileItCannotWrite) {
  const auto scratch = carve::testing::scratch_folder("scratch"), dir = carve::testing::scratch_folder("dir");
  const std::string witness = scratch + "/w.witness";
  ASSERT_EQ(run(kQuestion + " --witness " + witness).code, 0);
  std::filesystem::create_directory(dir + "/index.html");
  expect_cannot_write(run("render " + witness + " --dir " + dir), dir + "/index.html", "Is a directory");
  for (const auto& name : carve::testing::names_in(dir)) EXPECT_EQ(name.find(".tmp-"), std::string::npos) << name;
}

TEST(Writes, ProofPastTheLimitLeavesNoFile) {
  const auto dir = carve::testing::scratch_folder("dir");
  // No room for anything: the CNF fails.
  expect_cannot_write(run("solve cases/binary_tree/simple/c4_d3.case --engine sat --proof " + dir + "/p", 0),
                      dir + "/p.cnf", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
  // Room for the CNF (659 kB) but not for the proof (2.1 MB): the DRAT fails, and the complete
  // CNF is not left alone either (a certificate is both files or neither).
  expect_cannot_write(run("solve cases/binary_tree/cycle/c4_d4.case --engine sat --proof " + dir + "/p", 1500),
                      dir + "/p.drat", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
}

TEST(Writes, CheckProofFolderPastTheLimit) {
  const auto dir = carve::testing::scratch_folder("dir");
  const auto e = run("check --certify --proof-dir " + dir + " cases/binary_tree/simple/c4_d3.case", 0);
  expect_cannot_write(e, dir + "/cases%2Fbinary_tree%2Fsimple%2Fc4_d3.case.cnf", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
}

TEST(Writes, StandardOutputOnAFullDisk) {
  const auto e = carve::testing::run_to_end("exec " + kCarve + " " + kQuestion + " --json > /dev/full");
  EXPECT_EQ(e.code, 2) << e.err;
  EXPECT_THAT(e.err, HasSubstr("cannot write standard output: No space left on device"));
}

}  // namespace
