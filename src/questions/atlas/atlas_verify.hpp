// Reading an atlas back: every record's witness file (its SHA-256, and a replay through the
// reference semantics to a win at exactly the recorded turn), its certificate files (SHA-256 of
// the CNF and the proof; with `recheck`, carve's DRAT checker again) and its rules record (the
// spec elaborated now must hash as it did when the question was answered).
// Invariant: `problems` is empty only when every check that could be made passed; a file the
// record says was not kept is counted as absent, never as a problem.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace carve::atlas {

struct VerifySummary {
  int records = 0, witnesses = 0, certificates = 0, proofs_rechecked = 0, files_absent = 0;
  std::vector<std::string> problems;  // "K4 literal d4 (KEY): what is wrong"
};

VerifySummary verify_atlas(const std::string& dir, bool recheck);

// One record's witness: empty when the file is the recorded one and replays to a win at the
// recorded turn, else what is wrong.
std::string witness_problem(const std::string& dir, const nlohmann::json& record);
// One record's certificate: empty when its kept files are the recorded ones (with `recheck`,
// and the checker accepts the proof again), else what is wrong; counts into `s`.
std::string certificate_problem(const std::string& dir, const nlohmann::json& certificate, bool recheck, VerifySummary& s);

}  // namespace carve::atlas
