// Accepted parts as small JSON records beside their files.
#include "encoder/accepted_part.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "files/atomic_file.hpp"
#include "parser/sha256.hpp"

namespace carve::encoder {

namespace {
constexpr const char* kFormat = "carve-accepted-part/1";
}

std::string accepted_part_path(const std::string& cnf_path) { return beside_cnf(cnf_path, ".accepted.json"); }

void write_accepted_part(const NoWinCertificate& part) {
  const nlohmann::json j = {{"format", kFormat},
                            {"cube", part.cube},
                            {"cnf_sha256", part.cnf_sha256},
                            {"drat_sha256", parser::file_sha256_hex(part.proof_path)},
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
  files::write_file_atomically(accepted_part_path(part.cnf_path), j.dump(2) + "\n");
}

std::optional<NoWinCertificate> read_accepted_part(const NoWinCertificate& wanted) {
  std::ifstream in(accepted_part_path(wanted.cnf_path), std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  try {
    const auto j = nlohmann::json::parse(text.str());
    if (j.at("format") != kFormat || j.at("cube").get<Cube>() != wanted.cube || j.at("binary").get<bool>() != wanted.binary ||
        j.at("cnf_sha256").get<std::string>() != wanted.cnf_sha256)
      return std::nullopt;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(wanted.cnf_path, ec) || !std::filesystem::is_regular_file(wanted.proof_path, ec))
      return std::nullopt;
    if (parser::file_sha256_hex(wanted.cnf_path) != wanted.cnf_sha256 ||
        parser::file_sha256_hex(wanted.proof_path) != j.at("drat_sha256").get<std::string>())
      return std::nullopt;
    NoWinCertificate kept = wanted;
    kept.status = NoWinCertificate::Status::Accepted;
    kept.reused = true;
    kept.proof_bytes = j.at("proof_bytes").get<std::size_t>();
    kept.proof_lemmas = j.at("proof_lemmas").get<std::size_t>();
    kept.core_lemmas = j.at("core_lemmas").get<std::size_t>();
    kept.rat_lemmas = j.at("rat_lemmas").get<std::size_t>();
    kept.solve_seconds = j.at("solve_seconds").get<double>();
    kept.check_seconds = j.at("check_seconds").get<double>();
    kept.message = j.at("message").get<std::string>();
    return kept;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // not a record this carve wrote: the part is made again
  }
}

}  // namespace carve::encoder
