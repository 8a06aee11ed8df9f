// A certificate manifest (NAME.certificate.json beside NAME.cnf and NAME.drat): the question a
// certified no-win answers -- the case or spec with its SHA-256, the command-line options that
// shape the game, the rules record and its hash, the target and the bounds -- and the SHA-256 of
// the CNF and of the DRAT proof. What `carve verify-certificate` reads to re-derive the CNF from
// the question and check the proof against it.
// Invariant: a manifest is written only for an accepted certificate, after its files are in
// place, atomically (files/), and names every file both as the command was given it and relative
// to the manifest's folder; reading one back either yields every field verification needs or
// throws ManifestError naming the manifest and the missing or ill-typed field.
#pragma once
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "front/cli/certified_question.hpp"

namespace carve::cli {

struct ManifestError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct FileRecord {
  std::string path;      // as the command named it
  std::string relative;  // relative to the manifest's folder: how verification finds it
  std::string sha256;
};

// A part of a certificate by parts: its cube (DIMACS literals appended to the certified formula
// as unit clauses) and its own CNF and DRAT proof; with a ledger (engines/sat/search/part_ledger.hpp),
// its record there -- then the part's files need not be here (a part taken from the ledger names
// the files it would have, with the record's hashes).
struct PartRecord {
  std::vector<int> cube;
  FileRecord cnf, drat;
  std::optional<FileRecord> ledger;
};

struct CertificateManifest {
  CertifiedQuestion question;
  FileRecord input;  // the case or spec the question names
  FileRecord spec;   // the spec it elaborates (the input itself for a spec)
  std::string rules_sha256, rules_record;  // questions/atlas/rules_hash.hpp
  // The same rules in words (rules/model/rules_words.hpp), one line per rule: for the reader. The hash
  // covers the record only, so that rewording never unbinds a certificate; none in a manifest
  // written before carve wrote them.
  std::vector<std::string> rules_words;
  std::string target;                      // the target as decoded (informational; the question holds it)
  int turns = 0;
  std::string depth;                       // the depth bound, or "any"
  FileRecord cnf, drat;          // a certificate of the whole formula (none by parts)
  std::vector<PartRecord> parts;  // a certificate by parts (question.by_parts): every part, in cube order
  bool binary = true;
  std::size_t variables = 0, clauses = 0;
  std::size_t symmetry_clauses = 0;  // of `clauses`, the lex-leader chains' (0: none in the formula)
  // Of `clauses`, the search's stability lemmas; none in a manifest written before carve said
  // (its question is re-derived with the search that learnt them, certified_question.hpp).
  std::optional<std::size_t> stability_lemmas;
  std::string carve_version;
};

// MANIFEST for a certificate whose CNF is `cnf_path` (NAME.cnf -> NAME.certificate.json).
std::string manifest_path_for(const std::string& cnf_path);
// MANIFEST for a certificate: by its CNF, or by parts by its first part's (NAME.part-00.cnf ->
// NAME.certificate.json).
std::string manifest_path_for(const encoder::NoWinCertificate& cert);

// The manifest of an accepted certificate of question `c` (elaborated from `q`), hashing the files.
CertificateManifest make_manifest(const CertifiedQuestion& q, const elab::Case& c, const encoder::NoWinCertificate& cert,
                                  const std::string& manifest_path);
nlohmann::json manifest_json(const CertificateManifest& m);
// "construction  def 3.1 构造: ...": the manifest's lines of the rules in words.
std::vector<std::string> rules_word_lines(const model::Game& game);
// Writes make_manifest's result to manifest_path_for(cert.cnf_path); returns that path. Throws
// files::WriteError.
std::string write_certificate_manifest(const CertifiedQuestion& q, const elab::Case& c, const encoder::NoWinCertificate& cert);
// Throws ManifestError ("MANIFEST: ...") for unreadable files, bad JSON and missing fields.
CertificateManifest read_certificate_manifest(const std::string& path);

}  // namespace carve::cli
