// carve's DRAT checker on a CNF and a proof file, as verify-proof and verify-certificate run it:
// under the run's budget, with progress on stderr, an LRAT file when asked, and a limit (or a
// failed allocation) reported as unknown rather than as a verdict. The CNF's bytes are read whole
// (read_input_file), so the CNF a command hashes is the one checked; the proof is opened once
// (ProofFile) and its hash and its check read the same mapping, neither holding the file's bytes.
// Invariant: Result::accepted only when checkers/drat accepted the proof against `cnf`;
// Result::limit_reached when the budget ended the reading or the check first.
#pragma once
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/mapped_file.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::limits {
class ProgressLanes;
}

namespace carve::cli {

struct ProofCheckOptions {
  std::string format = "auto";  // auto | text | binary
  bool lenient = false;
  std::string lrat;             // write an accepted proof as LRAT here ("": no)
  bool forward = false;         // check forward, every lemma as it comes (drat/forward.hpp), not backward
  std::string progress_name;    // the progress line's label (its lane's name when `lanes` is set)
  limits::ProgressLanes* lanes = nullptr;  // checks on several threads: each a lane of one line
};

// A file's bytes under the budget (a FIFO is read with the deadline in force); throws
// drat::InputError ("path: reason") or limits::LimitReached.
std::string read_input_file(const std::string& path, limits::Budget& budget);

// A proof file opened for its hash and its check: mapped when it is a regular file, so that a proof
// of gigabytes is held by neither (each lets the pages behind it go), read whole when it is not (a
// FIFO can be read once). Throws drat::InputError ("path: reason") when it cannot be read. The
// mapping is of the file as it is on disk: a proof rewritten during the check is the writer's race,
// and costs nothing in soundness -- any proof the checker accepts refutes the CNF held in memory.
using ProofFile = drat::detail::MappedFile;

// The proof's SHA-256, in 1 MiB blocks, polling the budget between them (throws LimitReached).
std::string proof_sha256(ProofFile& proof, limits::Budget& budget);

// Throws drat::InputError for input that does not parse (bad input, exit 2).
drat::Result check_proof_file(std::string_view cnf, const std::string& cnf_name, ProofFile& proof, const std::string& proof_name,
                              const ProofCheckOptions& o, limits::Budget& budget, const limits::Limits& limits);

// The answer when the budget ran out (or an allocation failed) before the checker answered.
drat::Result unknown_result(const std::string& reason);

// The verdict word of a result: accepted, rejected or unknown.
std::string verdict_word(const drat::Result& r);

nlohmann::json relaxations_json(const drat::Result& r);

}  // namespace carve::cli
