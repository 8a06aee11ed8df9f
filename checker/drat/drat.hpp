// Public API of carve's DRAT proof checker: the CNF and proof containers, the readers,
// and check(). Invariant: everything carve trusts about an UNSAT answer goes through
// check(); a Cnf/Proof value only ever holds input that its reader fully validated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace carve::limits {
class Budget;
class Progress;
}  // namespace carve::limits

namespace carve::drat {

// Malformed input. what() is "name:line:col: message" (text) or "name:byte N: message" (binary).
class InputError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Largest variable index the readers accept (the checker allocates per variable).
inline constexpr std::int64_t kMaxVariable = (std::int64_t{1} << 28) - 1;

// A DIMACS formula: clause i holds lits[offsets[i] .. offsets[i+1]).
struct Cnf {
  std::int32_t num_vars = 0;
  std::vector<std::int32_t> lits;
  std::vector<std::size_t> offsets{0};
  std::vector<std::uint32_t> lines;  // source line of each clause (0 when built in memory)

  std::size_t num_clauses() const { return offsets.size() - 1; }
  void add_clause(const std::vector<std::int32_t>& clause, std::uint32_t line = 0);
};

enum class ProofFormat { Auto, Text, Binary };

// Where a proof step starts: line/col for text proofs, byte offset for binary proofs.
struct Location {
  bool binary = false;
  std::uint32_t line = 0, col = 0;
  std::uint64_t byte = 0;
  std::string str() const;  // "line 3 col 1" or "byte 17"
};

struct ProofStep {
  bool deletion = false;
  std::size_t begin = 0, size = 0;  // literals are Proof::lits[begin .. begin+size)
  Location where;
};

struct Proof {
  ProofFormat format = ProofFormat::Text;  // the format actually read (never Auto)
  std::vector<std::int32_t> lits;
  std::vector<ProofStep> steps;

  void add_step(bool deletion, const std::vector<std::int32_t>& clause, Location where = {});
};

// Readers. `name` is used as the file part of error locations. With a budget (may be null),
// reading and parsing poll it as they go and throw limits::LimitReached when it runs out: a
// 2 GB proof under --timeout 2 stops within the limit, not after it is all read. A file that is
// not regular (a FIFO) is read as data arrives, the deadline in force (read_file.hpp).
Cnf read_cnf(std::string_view data, std::string_view name = "<cnf>", limits::Budget* budget = nullptr);
Cnf read_cnf_file(const std::string& path, limits::Budget* budget = nullptr);
ProofFormat detect_proof_format(std::string_view data);
Proof read_proof(std::string_view data, ProofFormat format = ProofFormat::Auto,
                 std::string_view name = "<proof>", limits::Budget* budget = nullptr);
Proof read_proof_file(const std::string& path, ProofFormat format = ProofFormat::Auto, limits::Budget* budget = nullptr);

struct Options {
  // true: the proof must contain the empty clause (at or after the first top-level conflict).
  // false: a top-level conflict by unit propagation after some lemma is enough (drat-trim).
  bool require_empty_clause = true;
  // Fill Result::core_steps / deletion_targets so the answer can be re-verified independently.
  bool record_trace = false;
  // Polled once per proof step and per RAT candidate: when a limit is reached the check ends
  // with Result::limit_reached (neither accepted nor rejected). May be null.
  limits::Budget* budget = nullptr;
  // The progress line (pass, step, core lemmas). May be null.
  limits::Progress* progress = nullptr;
  // Backward, when a lemma that is the reason of a top-level literal goes: true recomputes the
  // whole top level from the units (simple, slow); false undoes the trail from that literal on
  // and re-propagates from the earliest position a clause looked at it (the default). Tests run
  // both and compare.
  bool rebuild_top = false;
};

struct Result {
  bool accepted = false;
  std::string message;  // why rejected, or a one-line summary when accepted
  // The budget ran out before an answer: `accepted` is false and `message` is the budget's
  // reason ("timeout after 2.0 s"); the proof was neither accepted nor rejected.
  bool limit_reached = false;

  // Rejection details: the proof step that failed (index into Proof::steps) and where it is.
  bool has_failed_step = false;
  std::size_t failed_step = 0;
  Location failed_where;

  // Statistics.
  bool trivially_unsat = false;          // the formula alone conflicts by unit propagation
  std::size_t conflict_step = 0;         // step at which the top-level conflict arises
  std::size_t lemmas = 0, core_lemmas = 0, rat_lemmas = 0;
  std::size_t deletions = 0;
  std::size_t ignored_deletions = 0;    // deletions of unit/reason clauses, ignored (as drat-trim)
  std::size_t missing_deletions = 0;    // deletions of clauses not in the database, ignored

  // With Options::record_trace: the lemma steps marked core (ascending), and for each step the
  // clause a performed deletion removed: -1 - i for original clause i, the lemma's step index
  // otherwise; kNoTarget for additions and for ignored or missing deletions.
  static constexpr std::int64_t kNoTarget = INT64_MIN;
  std::vector<std::size_t> core_steps;
  std::vector<std::int64_t> deletion_targets;
};

// Checks that `proof` refutes `cnf` (backward DRAT checking, RUP then RAT on the first literal).
Result check(const Cnf& cnf, const Proof& proof, const Options& options = {});

}  // namespace carve::drat
