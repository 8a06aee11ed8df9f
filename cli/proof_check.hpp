// carve's DRAT checker on a CNF and a proof given as bytes, as verify-proof and verify-certificate
// run it: under the run's budget, with progress on stderr, an LRAT file when asked, and a limit
// (or a failed allocation) reported as unknown rather than as a verdict. The bytes come from
// read_input_file, so the SHA-256 a command prints or compares is that of the bytes checked.
// Invariant: Result::accepted only when checker/drat accepted `proof` against `cnf`;
// Result::limit_reached when the budget ended the reading or the check first.
#pragma once
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "checker/drat/drat.hpp"
#include "limits/budget.hpp"

namespace carve::limits {
class ProgressLanes;
}

namespace carve::cli {

struct ProofCheckOptions {
  std::string format = "auto";  // auto | text | binary
  bool lenient = false;
  std::string lrat;             // write an accepted proof as LRAT here ("": no)
  std::string progress_name;    // the progress line's label (its lane's name when `lanes` is set)
  limits::ProgressLanes* lanes = nullptr;  // checks on several threads: each a lane of one line
};

// A file's bytes under the budget (a FIFO is read with the deadline in force); throws
// drat::InputError ("path: reason") or limits::LimitReached.
std::string read_input_file(const std::string& path, limits::Budget& budget);

// Throws drat::InputError for input that does not parse (bad input, exit 2).
drat::Result check_proof_bytes(std::string_view cnf, const std::string& cnf_name, std::string_view proof,
                               const std::string& proof_name, const ProofCheckOptions& o, limits::Budget& budget,
                               const limits::Limits& limits);

// The answer when the budget ran out (or an allocation failed) before the checker answered.
drat::Result unknown_result(const std::string& reason);

// The verdict word of a result: accepted, rejected or unknown.
std::string verdict_word(const drat::Result& r);

nlohmann::json relaxations_json(const drat::Result& r);

}  // namespace carve::cli
