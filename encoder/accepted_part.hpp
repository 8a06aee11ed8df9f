// The record of an accepted part of a certificate by parts (BASE.part-NN.accepted.json): written
// after carve's checker accepted the part's files, and read by a later run that makes the same
// certificate, which then keeps the part instead of solving and checking it again -- so a
// certificate of many long parts can be completed over several runs.
// Invariant: a record is written (atomically) only for an accepted part whose files are in
// place; a part is kept only when its record reads back, names the same cube, and both files
// still have the SHA-256 it records -- the CNF's being that of the part's formula as built now.
// Anything else (no record, an unreadable one, a file changed) makes the part again.
#pragma once
#include <optional>
#include <string>

#include "encoder/no_win_certificate.hpp"

namespace carve::encoder {

// BASE.part-NN.accepted.json for the part whose CNF is BASE.part-NN.cnf.
std::string accepted_part_path(const std::string& cnf_path);

// Throws files::WriteError.
void write_accepted_part(const NoWinCertificate& part);

// `wanted`: the part as this run would make it (cube, cnf_path, proof_path, cnf_sha256 of its
// formula). The part as recorded, status Accepted, or nothing.
std::optional<NoWinCertificate> read_accepted_part(const NoWinCertificate& wanted);

}  // namespace carve::encoder
