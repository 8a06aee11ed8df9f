// The ledger of a certificate by parts: one small JSON record per accepted part, in a folder meant
// to be committed to a repository (`solve --proof FILE --proof-parts --part-ledger DIR`), so that a
// certificate whose parts take days completes over many runs on machines that never held all of
// its proofs at once -- each part's proof checked where it was made, only its record kept.
//   DIR/part-NN.json: the part's cube, the SHA-256 of its CNF and of its proof, the checker's
//   verdict and counts, the seconds, the carve that accepted it (version and commit) and when, and
//   `record_sha256`, the SHA-256 of the record's other fields (an edited record is not taken).
// A record is carve's word that its checker accepted the proof it names, not a check: a run or a
// verify-certificate that takes a part from the ledger says so, and counts it apart from the parts
// it checked (docs/infinite-tree.md, "Certificate by parts").
// Invariant: a record is written (atomically) only for a part the checker accepted; it is taken
// only when it reads back whole, its record_sha256 holds, it says accepted, and it names the same
// part number, cube, proof format and CNF SHA-256 as the part built now. Anything else is not a
// record of this part (LedgerEntry::why_not says what).
#pragma once
#include <optional>
#include <string>

#include "engines/sat/search/no_win_certificate.hpp"

namespace carve::encoder {

// DIR/part-NN.json.
std::string ledger_record_path(const std::string& dir, std::size_t part);

// Writes DIR/part-NN.json for an accepted part (its proof_sha256 and counts set). Throws
// files::WriteError.
void write_ledger_record(const PartLedger& ledger, std::size_t part, const NoWinCertificate& accepted);

// A ledger record read for one part: the part as recorded (status Accepted, `from_ledger`, its
// proof's SHA-256 and counts, `ledger_path`), or why the record is not this part's.
struct LedgerEntry {
  std::optional<NoWinCertificate> part;
  std::string why_not;    // empty when `part` holds; "no record" when there is no file
  std::string accepted_by, accepted_at;
};

// `wanted`: the part as built now (cube, binary, cnf_sha256, cnf_path and proof_path as it would
// have them).
LedgerEntry read_ledger_record(const std::string& dir, std::size_t part, const NoWinCertificate& wanted);
// The same, for a record at a given path (verify-certificate: the manifest names it).
LedgerEntry read_ledger_record_at(const std::string& path, std::size_t part, const NoWinCertificate& wanted);

}  // namespace carve::encoder
