// A certificate by parts' ledger: a record per accepted part, self-hashed, in a folder to commit.
#include "engines/sat/search/part_ledger.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "foundations/files/atomic_file.hpp"
#include "foundations/files/sha256.hpp"
#include "foundations/limits/utc_time.hpp"

namespace carve::encoder {

namespace {
constexpr const char* kFormat = "carve-part-ledger/1";

// The SHA-256 of every field but record_sha256 itself, as nlohmann dumps them (keys sorted).
std::string record_hash(nlohmann::json j) {
  j.erase("record_sha256");
  return parser::sha256_hex(j.dump());
}

}  // namespace

std::string ledger_record_path(const std::string& dir, std::size_t part) {
  return (std::filesystem::path(dir) / fmt::format("part-{:02}.json", part)).string();
}

void write_ledger_record(const PartLedger& ledger, std::size_t part, const NoWinCertificate& accepted) {
  if (!accepted.accepted()) throw std::logic_error("write_ledger_record: a part the checker did not accept");
  nlohmann::json j = {{"format", kFormat},
                      {"part", part},
                      {"cube", accepted.cube},
                      {"cnf_sha256", accepted.cnf_sha256},
                      {"drat_sha256", accepted.proof_sha256},
                      {"binary", accepted.binary},
                      {"variables", accepted.variables},
                      {"clauses", accepted.clauses},
                      {"proof_bytes", accepted.proof_bytes},
                      {"proof_lemmas", accepted.proof_lemmas},
                      {"core_lemmas", accepted.core_lemmas},
                      {"rat_lemmas", accepted.rat_lemmas},
                      {"solve_seconds", accepted.solve_seconds},
                      {"check_seconds", accepted.check_seconds},
                      {"verdict", "accepted"},
                      {"checker", accepted.message},
                      {"accepted_by", ledger.accepted_by},
                      {"accepted_at", limits::utc_now()}};
  j["record_sha256"] = record_hash(j);
  std::error_code ec;
  std::filesystem::create_directories(ledger.dir, ec);  // a failure shows as the write's
  files::write_file_atomically(ledger_record_path(ledger.dir, part), j.dump(2) + "\n");
}

LedgerEntry read_ledger_record_at(const std::string& path, std::size_t part, const NoWinCertificate& wanted) {
  LedgerEntry e;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    e.why_not = "no record";
    return e;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    const auto j = nlohmann::json::parse(text.str());
    if (j.at("format") != kFormat) e.why_not = fmt::format("not a ledger record (format {})", j.at("format").dump());
    else if (j.at("record_sha256").get<std::string>() != record_hash(j))
      e.why_not = "its record_sha256 does not match its fields: the record was edited";
    else if (j.at("verdict") != "accepted") e.why_not = fmt::format("its verdict is {}, not accepted", j.at("verdict").dump());
    else if (j.at("part").get<std::size_t>() != part) e.why_not = fmt::format("it records part {}", j.at("part").get<std::size_t>());
    else if (j.at("cube").get<Cube>() != wanted.cube)
      e.why_not = fmt::format("it records the cube {}, the part is {}", fmt::join(j.at("cube").get<Cube>(), " "), fmt::join(wanted.cube, " "));
    else if (j.at("binary").get<bool>() != wanted.binary) e.why_not = "it records a proof in the other format";
    else if (j.at("cnf_sha256").get<std::string>() != wanted.cnf_sha256)
      e.why_not = fmt::format("it records a CNF of SHA-256 {}, the part's CNF as built now has {}", j.at("cnf_sha256").get<std::string>(),
                              wanted.cnf_sha256);
    if (!e.why_not.empty()) return e;
    NoWinCertificate p = wanted;
    p.status = NoWinCertificate::Status::Accepted;
    p.from_ledger = true;
    p.ledger_path = path;
    p.proof_sha256 = j.at("drat_sha256").get<std::string>();
    p.proof_bytes = j.at("proof_bytes").get<std::size_t>();
    p.proof_lemmas = j.at("proof_lemmas").get<std::size_t>();
    p.core_lemmas = j.at("core_lemmas").get<std::size_t>();
    p.rat_lemmas = j.at("rat_lemmas").get<std::size_t>();
    p.solve_seconds = j.at("solve_seconds").get<double>();
    p.check_seconds = j.at("check_seconds").get<double>();
    e.accepted_by = j.at("accepted_by").get<std::string>();
    e.accepted_at = j.at("accepted_at").get<std::string>();
    p.message = fmt::format("taken from the ledger record {}: accepted by {} at {} ({}); its proof is not checked here", path,
                            e.accepted_by, e.accepted_at, j.at("checker").get<std::string>());
    e.part = std::move(p);
    return e;
  } catch (const nlohmann::json::exception& x) {
    e.why_not = fmt::format("not a ledger record carve reads ({})", x.what());
    return e;
  }
}

LedgerEntry read_ledger_record(const std::string& dir, std::size_t part, const NoWinCertificate& wanted) {
  return read_ledger_record_at(ledger_record_path(dir, part), part, wanted);
}

}  // namespace carve::encoder
