// A part's records as small JSON files beside its files.
#include "engines/sat/search/part_record.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "foundations/files/atomic_file.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::encoder {

namespace {
const char* format_name(PartStage stage) {
  return stage == PartStage::Accepted ? "carve-accepted-part/1" : "carve-refuted-part/1";
}
}  // namespace

std::string part_record_path(const std::string& cnf_path, PartStage stage) {
  return beside_cnf(cnf_path, stage == PartStage::Accepted ? ".accepted.json" : ".refuted.json");
}

void write_part_record(const NoWinCertificate& part, PartStage stage) {
  const nlohmann::json j = {{"format", format_name(stage)},
                            {"cube", part.cube},
                            {"cnf_sha256", part.cnf_sha256},
                            {"drat_sha256", part.proof_sha256},
                            {"binary", part.binary},
                            {"variables", part.variables},
                            {"clauses", part.clauses},
                            {"proof_bytes", part.proof_bytes},
                            {"proof_lemmas", part.proof_lemmas},
                            {"core_lemmas", part.core_lemmas},
                            {"rat_lemmas", part.rat_lemmas},
                            {"solve_seconds", part.solve_seconds},
                            {"check_seconds", part.check_seconds},
                            {"message", part.message}};
  files::write_file_atomically(part_record_path(part.cnf_path, stage), j.dump(2) + "\n");
}

std::optional<NoWinCertificate> read_part_record(const NoWinCertificate& wanted, PartStage stage, limits::Budget& budget) {
  std::ifstream in(part_record_path(wanted.cnf_path, stage), std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  try {
    const auto j = nlohmann::json::parse(text.str());
    if (j.at("format") != format_name(stage) || j.at("cube").get<Cube>() != wanted.cube ||
        j.at("binary").get<bool>() != wanted.binary || j.at("cnf_sha256").get<std::string>() != wanted.cnf_sha256)
      return std::nullopt;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(wanted.cnf_path, ec) || !std::filesystem::is_regular_file(wanted.proof_path, ec))
      return std::nullopt;
    const parser::BetweenBlocks poll = [&budget] { budget.poll(); };
    if (parser::file_sha256_hex(wanted.cnf_path, poll) != wanted.cnf_sha256 ||
        parser::file_sha256_hex(wanted.proof_path, poll) != j.at("drat_sha256").get<std::string>())
      return std::nullopt;
    NoWinCertificate part = wanted;
    part.proof_sha256 = j.at("drat_sha256").get<std::string>();
    part.proof_bytes = j.at("proof_bytes").get<std::size_t>();
    part.solve_seconds = j.at("solve_seconds").get<double>();
    if (stage == PartStage::Refuted) {
      part.refuted_earlier = true;
      return part;
    }
    part.status = NoWinCertificate::Status::Accepted;
    part.reused = true;
    part.proof_lemmas = j.at("proof_lemmas").get<std::size_t>();
    part.core_lemmas = j.at("core_lemmas").get<std::size_t>();
    part.rat_lemmas = j.at("rat_lemmas").get<std::size_t>();
    part.check_seconds = j.at("check_seconds").get<double>();
    part.message = j.at("message").get<std::string>();
    return part;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // not a record this carve wrote: the part is made again
  }
}

}  // namespace carve::encoder
