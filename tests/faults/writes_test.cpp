// Every file carve writes, under a full disk (/dev/full: ENOSPC) and past the file-size limit
// (`ulimit -f`: EFBIG, carve ignores SIGXFSZ): exit code 2, a message naming the file and the
// system's reason, and no partial file left where a complete one was expected -- the folder
// written into is empty afterwards (the temporaries are gone too). Witness, proof (CNF and
// DRAT), check's proof folder, export (DIMACS, SMT-LIB), render's picture and folder, the
// infinite tree's witness, diff's regression cases and drawings, the atlas's plan, store, report
// and job script, and standard output.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/faults/child.hpp"

namespace {

using ::testing::HasSubstr;
using carve::testing::Ended;

using carve::testing::kCarve;
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

TEST(Writes, InfiniteTreeWitnessOnAFullDiskAndPastTheLimit) {
  const auto dir = carve::testing::scratch_folder("dir");
  const std::string q = "solve spec/binary_tree.carve --target K2 --turns 1 --depth any";  // a win
  expect_cannot_write(run(q + " --witness /dev/full"), "/dev/full", "No space left on device");
  expect_cannot_write(run(q + " --witness " + dir + "/w.case", 0), dir + "/w.case", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
  // A no-win at every depth, certified: its CNF cannot be written.
  expect_cannot_write(run("solve spec/binary_tree.carve --target P3 --turns 1 --depth any --proof " + dir + "/p", 0),
                      dir + "/p.cnf", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
}

// carve diff's outputs: the regression cases (--write-case), the drawings (--render) and the
// certificates (--proof-dir, or diff's own temporary folder; the SAT play search's traces too).
TEST(Writes, DiffOutputsPastTheLimit) {
  const auto dir = carve::testing::scratch_folder("dir");
  const std::string differ = "diff spec/binary_tree.carve --with-profile simple --target K1 --turns 2 --depth 1 ";
  // Plays by SAT trace their DRAT proof from the first solve, into diff's temporary folder: that
  // is the first file written, and it fails by name. (Readings that read no walks: where one reads
  // walks, the probe finds this turn-1 difference first and no refutation, hence no proof, is made.)
  const auto traced = run("diff spec/binary_tree.carve --profile simple --with-profile trail --target K1 --turns 2 --depth 1 --no-verdicts", 0);
  EXPECT_EQ(traced.code, 2) << traced.out << traced.err;
  EXPECT_THAT(traced.err, HasSubstr("plays-scope-1-turns-1.drat: File too large")) << traced.err;
  // By enumeration no proof is written: the first file is the case.
  const auto cases = run(differ + "--plays enumerate --no-verdicts --write-case " + dir, 0);
  // The first case written: reading A's play, named for the switches A reads otherwise than B.
  EXPECT_EQ(cases.code, 2) << cases.out << cases.err;
  EXPECT_THAT(cases.out + cases.err, HasSubstr("cannot write " + dir + "/path-walk+density-subsequence.play-")) << cases.out << cases.err;
  EXPECT_THAT(cases.out + cases.err, HasSubstr(".case: File too large")) << cases.out << cases.err;
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
  const auto proofs = run(differ + "--no-plays --proof-dir " + dir, 0);
  EXPECT_EQ(proofs.code, 2) << proofs.out << proofs.err;
  EXPECT_THAT(proofs.err, HasSubstr("cannot write " + dir + "/")) << proofs.err;
  EXPECT_THAT(proofs.err, HasSubstr(".cnf: File too large")) << proofs.err;
  const auto drawn = run(differ + "--plays enumerate --no-verdicts --render " + dir, 0);
  EXPECT_EQ(drawn.code, 2) << drawn.out << drawn.err;
  // The first file that fails is Graphviz's input in a temporary folder, or a picture.
  EXPECT_THAT(drawn.err, HasSubstr(": File too large")) << drawn.err;
  for (const auto& f : std::filesystem::recursive_directory_iterator(dir))
    EXPECT_TRUE(f.is_directory()) << "left behind: " << f.path();
}

// The atlas: its plan, its results store, its report and its Slurm job script. A store that
// cannot take a record keeps every complete line it had (no torn line is left).
TEST(Writes, AtlasOutputsPastTheLimit) {
  const auto dir = carve::testing::scratch_folder("atlas");
  const std::string plan =
      "atlas plan spec/binary_tree.carve --dir " + dir + " --target K1 --target K2 --depths 2 --profiles simple --max-turns 3";
  expect_cannot_write(run(plan, 0), dir + "/plan.json", "File too large");
  EXPECT_EQ(carve::testing::names_in(dir), kNothing);
  ASSERT_EQ(run(plan).code, 0);
  const auto ran = run("atlas run " + dir + " --quiet", 0);
  EXPECT_EQ(ran.code, 2) << ran.out << ran.err;
  EXPECT_THAT(ran.err, HasSubstr("File too large")) << ran.err;
  const auto store = std::filesystem::path(dir) / "results.jsonl";
  EXPECT_TRUE(!std::filesystem::exists(store) || std::filesystem::file_size(store) == 0);
  ASSERT_EQ(run("atlas run " + dir + " --quiet").code, 0);
  const auto report = run("atlas report " + dir, 0);
  EXPECT_EQ(report.code, 2) << report.out << report.err;
  EXPECT_THAT(report.err, HasSubstr("File too large")) << report.err;
  expect_cannot_write(run("atlas slurm " + dir + " -o /dev/full"), "/dev/full", "No space left on device");
  for (const auto& f : std::filesystem::recursive_directory_iterator(dir))
    EXPECT_EQ(f.path().filename().string().find(".tmp-"), std::string::npos) << "left behind: " << f.path();
}

TEST(Writes, StandardOutputOnAFullDisk) {
  const auto e = carve::testing::run_to_end("exec " + kCarve + " " + kQuestion + " --json > /dev/full");
  EXPECT_EQ(e.code, 2) << e.err;
  EXPECT_THAT(e.err, HasSubstr("cannot write standard output: No space left on device"));
}

}  // namespace
