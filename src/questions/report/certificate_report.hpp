// The one writer of a no-win certificate (encoder::NoWinCertificate, engines/answer/certificate.hpp),
// text and JSON, for every report that names one: solve's `proof`, check's
// `certificate` and its line's note, diff's `certificates` and its line for the difference,
// explain's `proof`, the atlas's and split's records (`certificate`). What a report adds around it
// -- which question, which reading, the turns it certifies -- is the report's own; the
// certificate's part (status, message, files and their SHA-256, manifest, proof statistics) is
// written here and nowhere else.
// Invariant: two reports of one certificate write the same fields with the same words; a file
// that was removed before the report (a temporary folder) is named by none of them, and the
// option that would have kept it is said instead.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "engines/answer/certificate.hpp"

namespace carve::report {

// Where the certificate's CNF and proof files are when the report is written.
enum class Files {
  Kept,     // where the certificate names them
  Removed,  // in a temporary folder removed before the report: named by none; `keep_option` keeps them
  Dropped,  // deleted after the check on request (atlas --drop-proofs): named, their SHA-256 identify them
};

struct CertificateWhere {
  Files files = Files::Kept;
  std::string keep_option;  // Removed: the command's option that keeps them ("--proof FILE", "--proof-dir DIR")
  std::string manifest;     // an accepted certificate's manifest FILE.certificate.json, when one was written
  std::string relative_to;  // the atlas's records: the files' paths relative to this folder
};

// {status, certified, message, cnf, cnf_sha256, proof, proof_sha256, manifest, files_kept, files
// (Removed: what keeps them), proof_format, proof_bytes, variables, clauses, stability_lemmas,
// symmetry_clauses, proof_lemmas, core_lemmas, rat_lemmas, solve_seconds, check_seconds, checker,
// universe (001), parts (by parts: each part's certificate with its cube)}.
nlohmann::json certificate_json(const encoder::NoWinCertificate& c, const CertificateWhere& where = {});

// The text lines from "proof     certified: ..." on: the files and their hash (or that they were
// temporary), the checker's verdict and times, the 001 universe it covers, the symmetry chains it
// rests on, each part of a certificate by parts, and the manifest to verify it by.
std::string certificate_text(const encoder::NoWinCertificate& c, const CertificateWhere& where = {});

// One line: "certified: DRAT proof accepted (the N clauses ... were each checked ...; solve 0.1 s,
// check 0.2 s)", or "not certified: STATUS: MESSAGE" (check's note, diff's line for the difference).
std::string certificate_phrase(const encoder::NoWinCertificate& c);

// "STATUS: MESSAGE": the checker's verdict in words ("accepted: the formula with ...").
std::string certificate_status(const encoder::NoWinCertificate& c);

// "removed after the check (OPTION keeps them)": what a report says in place of removed files.
std::string removed_files_note(const std::string& keep_option);

// Why `solve --proof FILE` wrote no certificate although asked (a win: its witness, replayed, is
// its certificate; an unknown: nothing was decided), or "" when one was written or none asked.
std::string no_certificate_reason(bool proof_asked, bool written, bool win, bool unknown);

}  // namespace carve::report
