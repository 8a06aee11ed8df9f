// Where a certificate's files go and how they get there. The CNF and the DRAT proof are written
// under temporary names beside their final ones (FILE.tmp-PID-N.cnf/.drat: unique per run, so
// two runs into one folder never read each other's half-written files), checked there, and
// renamed into place only when complete; an interrupted, limited or failed certificate leaves
// nothing. A case's files in a proof folder are named by its path, injectively.
// Invariant: after settle() or the destructor, no temporary of this request exists, and FILE.cnf
// and FILE.drat, when present, are the complete files the certificate's JSON describes.
#pragma once
#include <string>

#include "engines/sat/search/no_win_certificate.hpp"

namespace carve::cases {

class StagedProof {
 public:
  // `final_base`: FILE for FILE.cnf and FILE.drat. `owned_folder`: a temporary folder made for
  // this request alone, removed with it (empty: none).
  StagedProof(const std::string& final_base, bool binary, std::string owned_folder = {});
  ~StagedProof();
  StagedProof(StagedProof&&) noexcept;
  StagedProof(const StagedProof&) = delete;
  StagedProof& operator=(const StagedProof&) = delete;
  StagedProof& operator=(StagedProof&&) = delete;

  // What the engine writes to (the temporaries).
  const encoder::ProofRequest& request() const { return staged_; }
  // Renames complete files (the proof was written to its end: accepted, rejected, satisfiable)
  // into place and removes the rest; the certificate's paths and message then name the final
  // files. Throws files::WriteError when a rename fails.
  void settle(encoder::NoWinCertificate& c);

 private:
  void remove_temporaries();
  encoder::ProofRequest final_, staged_;
  std::string owned_folder_;
  bool active_ = true;
};

// A file name (no folder) for a case's certificate: its path as given, normalised, with '%'
// and '/' percent-encoded -- so `x/y.case` and `x_y.case` get different names.
std::string proof_file_name(const std::string& case_path);

}  // namespace carve::cases
