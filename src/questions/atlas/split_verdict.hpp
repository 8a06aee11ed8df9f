// The answer of a split question, combined from its parts' records in the store: a win when some
// part's witness replays (from S_0, the whole play) to a win; a no-win certified only when the
// covering check passes (questions/atlas/split_covering.hpp) and every part's record is a no-win whose
// certificate carve's checker accepted, with its files on disk as recorded (SHA-256; with
// `recheck`, the checker runs on them again); otherwise a no-win not certified, or unknown.
// Invariant: `certified` no-win never rests on a part whose record is missing, whose first moves
// differ from the plan's, whose proof file changed or was rejected, or on a failed covering.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "questions/atlas/plan.hpp"
#include "questions/atlas/split_covering.hpp"

namespace carve::atlas {

struct SplitVerdict {
  std::string verdict = "unknown";  // "win", "no-win" or "unknown"
  bool certified = false;           // win: the witness replayed; no-win: the covering and every proof
  std::optional<int> turns;         // a win's
  nlohmann::json witness;           // a win's record entry (file, sha256, moves); null otherwise
  nlohmann::json answer;            // a win: the winning part's answer as solve --json writes it (its record's); null otherwise
  Covering covering;
  int parts = 0, answered = 0, certified_parts = 0, proofs_rechecked = 0;
  double part_seconds = 0;          // the parts' own times, summed
  std::vector<std::string> problems;  // why the answer is not certified (or not a no-win)
};

SplitVerdict split_verdict(const std::string& dir, const Plan& plan, bool recheck);

nlohmann::json split_verdict_json(const SplitVerdict& v);

}  // namespace carve::atlas
