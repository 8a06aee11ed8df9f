// The records of a part of a certificate by parts (engines/sat/search/part_record.hpp): what reads back, what
// does not, and that reading a large proof back honours the budget.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "engines/sat/search/part_record.hpp"
#include "foundations/limits/budget.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::encoder {
namespace {

struct PartFiles {
  std::string base = ::testing::TempDir() + "part_record." + std::to_string(::getpid()) + "." +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".part-03";
  std::string cnf = "p cnf 2 2\n1 2 0\n-1 0\n";
  std::string proof = std::string(3 << 20, 'd');  // three blocks of the hash: polled between them
  NoWinCertificate part;

  PartFiles() {
    std::ofstream(base + ".cnf", std::ios::binary) << cnf;
    std::ofstream(base + ".drat", std::ios::binary) << proof;
    part.cube = {7, -8};
    part.cnf_path = base + ".cnf";
    part.proof_path = base + ".drat";
    part.cnf_sha256 = parser::sha256_hex(cnf);
    part.binary = true;
  }
  ~PartFiles() {
    std::error_code ec;
    for (const char* end : {".cnf", ".drat", ".refuted.json", ".accepted.json"}) std::filesystem::remove(base + end, ec);
  }
  // The part as a later run would want it: no hash of its proof, none of the solve's figures.
  NoWinCertificate wanted() const { return part; }
};

TEST(PartRecord, ARefutationRecordReadsBackOnlyForTheSameFiles) {
  PartFiles f;
  NoWinCertificate refuted = f.part;
  refuted.proof_sha256 = parser::sha256_hex(f.proof);
  refuted.proof_bytes = f.proof.size();
  refuted.solve_seconds = 12.5;
  write_part_record(refuted, PartStage::Refuted);
  limits::Budget unlimited;
  const auto back = read_part_record(f.wanted(), PartStage::Refuted, unlimited);
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(back->refuted_earlier);
  EXPECT_FALSE(back->accepted());  // a refutation claims nothing: the check decides
  EXPECT_EQ(back->proof_sha256, refuted.proof_sha256);
  EXPECT_EQ(back->solve_seconds, 12.5);
  EXPECT_FALSE(read_part_record(f.wanted(), PartStage::Accepted, unlimited).has_value());

  NoWinCertificate other_cube = f.wanted();
  other_cube.cube = {7, 8};
  EXPECT_FALSE(read_part_record(other_cube, PartStage::Refuted, unlimited).has_value());
  std::ofstream(f.base + ".drat", std::ios::binary) << std::string(f.proof.size() - 1, 'd') << 'e';  // one byte
  EXPECT_FALSE(read_part_record(f.wanted(), PartStage::Refuted, unlimited).has_value());
}

// A budget already spent stops the hash of the proof between its blocks: the caller answers
// unknown and leaves the files (certify_part), rather than taking "no record" and making the part
// again, which would remove them.
TEST(PartRecord, ReadingAProofBackStopsAtTheBudget) {
  PartFiles f;
  NoWinCertificate refuted = f.part;
  refuted.proof_sha256 = parser::sha256_hex(f.proof);
  write_part_record(refuted, PartStage::Refuted);
  limits::Limits limits;
  limits.timeout_seconds = 0.5;
  limits::Budget spent(limits, limits::Budget::Clock::now() - std::chrono::seconds(1));
  EXPECT_THROW(read_part_record(f.wanted(), PartStage::Refuted, spent), limits::LimitReached);
  EXPECT_TRUE(std::filesystem::exists(f.part.proof_path));
  EXPECT_TRUE(std::filesystem::exists(part_record_path(f.part.cnf_path, PartStage::Refuted)));
}

}  // namespace
}  // namespace carve::encoder
