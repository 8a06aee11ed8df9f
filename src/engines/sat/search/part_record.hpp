// The records of a part of a certificate by parts, small JSON files beside its files:
//   BASE.part-NN.refuted.json  -- written once CaDiCaL refuted the part and its files are in place,
//     before the check: a later run (after this one was cut during the check, say) checks those
//     files instead of solving again. It claims nothing about the proof: only a check accepts.
//   BASE.part-NN.accepted.json -- written after carve's checker accepted the part's files: a later
//     run that makes the same certificate keeps the part without solving or checking it again.
// So a certificate of many long parts completes over several runs, a long check included.
// Invariant: a record is written (atomically) only when its files are in place; it is taken only
// when it reads back, names the same cube and proof format, the CNF has the SHA-256 of the part's
// formula as built now, and the proof the SHA-256 the record gives. Anything else (no record, an
// unreadable one, a file changed) makes the part again.
#pragma once
#include <optional>
#include <string>

#include "engines/sat/search/no_win_certificate.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::encoder {

enum class PartStage { Refuted, Accepted };

// BASE.part-NN.refuted.json / .accepted.json for the part whose CNF is BASE.part-NN.cnf.
std::string part_record_path(const std::string& cnf_path, PartStage stage);

// `part.proof_sha256` must be its proof file's. Throws files::WriteError.
void write_part_record(const NoWinCertificate& part, PartStage stage);

// `wanted`: the part as this run would make it (cube, cnf_path, proof_path, cnf_sha256 of its
// formula). The part as recorded -- status Accepted and `reused` for an accepted part; for a
// refuted one its solve's figures and `refuted_earlier`, its status for the check to set -- or
// nothing. The files' hashes are computed between polls of `budget` (limits::LimitReached).
std::optional<NoWinCertificate> read_part_record(const NoWinCertificate& wanted, PartStage stage, limits::Budget& budget);

}  // namespace carve::encoder
