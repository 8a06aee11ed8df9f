// Public API of carve's DRAT proof checker: the CNF and proof containers, the readers,
// and check(). Invariant: everything carve trusts about an UNSAT answer goes through
// check(); a Cnf/Proof value only ever holds input that its reader fully validated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace carve::limits {
class Budget;
class Progress;
}  // namespace carve::limits

namespace carve::drat::detail {
class MappedFile;
}

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

// Forms of a proof that break a rule of the DRAT format but that other checkers (drat-trim)
// accept because the proof is still valid under a common relaxation. The strict check rejects
// each by name; Options::lenient (and the readers' `lenient`) accept them.
enum class Relaxation {
  PivotNotFirst,         // a lemma is RAT only on a literal other than its first
  NoEmptyClause,         // unit propagation refutes the formula but the empty clause is never added
  PrematureEmptyClause,  // the empty clause is added where unit propagation does not refute yet
  StrayText,             // text that is neither a literal, 'd' nor a comment line (text proofs)
};
const char* relaxation_name(Relaxation r);  // "pivot-not-first", ...
// The rule of the DRAT format the form breaks, and what the lenient reading does instead.
const char* relaxation_rule(Relaxation r);
const char* relaxation_lenient(Relaxation r);

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
  std::size_t stray_lines = 0;  // lines the lenient reader skipped (Relaxation::StrayText)

  void add_step(bool deletion, const std::vector<std::int32_t>& clause, Location where = {});
};

// Readers. `name` is used as the file part of error locations. With a budget (may be null),
// reading and parsing poll it as they go and throw limits::LimitReached when it runs out: a
// 2 GB proof under --timeout 2 stops within the limit, not after it is all read. A file that is
// not regular (a FIFO) is read as data arrives, the deadline in force (read_file.hpp).
Cnf read_cnf(std::string_view data, std::string_view name = "<cnf>", limits::Budget* budget = nullptr);
Cnf read_cnf_file(const std::string& path, limits::Budget* budget = nullptr);
ProofFormat detect_proof_format(std::string_view data);
// `lenient`: stray text in a text proof skips the rest of its line (Relaxation::StrayText,
// counted in Proof::stray_lines) instead of being a located error that names the rule.
Proof read_proof(std::string_view data, ProofFormat format = ProofFormat::Auto,
                 std::string_view name = "<proof>", limits::Budget* budget = nullptr, bool lenient = false);
Proof read_proof_file(const std::string& path, ProofFormat format = ProofFormat::Auto, limits::Budget* budget = nullptr,
                      bool lenient = false);

struct Options {
  // true: the proof must contain the empty clause (at or after the first top-level conflict).
  // false: a top-level conflict by unit propagation after some lemma is enough (drat-trim).
  bool require_empty_clause = true;
  // Fill Result::core_steps / deletion_targets so the answer can be re-verified independently.
  bool record_trace = false;
  // Fill Result::lrat (and deletion_targets): the hints of every core lemma, for write_lrat().
  bool record_lrat = false;
  // Accept the relaxations of Relaxation (the rejection message names each when this is false);
  // Result::relaxations lists the ones an accepted proof needed.
  bool lenient = false;
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

// A hint of an LRAT step: the clause named by its origin (-1 - i for original clause i, else the
// proof step of the lemma); `rat` marks a RAT candidate (written negated), whose resolvent's
// hints follow it.
struct LratHint {
  std::int64_t origin = 0;
  bool rat = false;
};
// A core lemma (or the final empty clause) with its literals in the order LRAT reads them (the
// RAT pivot first, duplicates removed) and its hints in the order an LRAT checker uses them.
struct LratLemma {
  std::size_t step = 0;
  std::vector<std::int32_t> clause;
  std::vector<LratHint> hints;
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

  // With Options::record_lrat and an accepted proof: the core lemmas in proof order, then the
  // empty clause (its `step` is conflict_step; its hints refute the database at that point).
  std::vector<LratLemma> lrat;

  // The relaxation a rejection is about (the strict check found a form Options::lenient
  // accepts), and the ones a lenient acceptance needed, each with how often.
  std::optional<Relaxation> rejected_form;
  std::vector<std::pair<Relaxation, std::size_t>> relaxations;
};

// Checks that `proof` refutes `cnf` (backward DRAT checking, RUP then RAT on the first literal).
// An accepted proof's counts in plain words: "the 72 clauses of the 311 the proof adds that the
// refutation rests on were each checked to follow from the clauses before them (72 by unit
// propagation, none by the RAT rule)".
std::string checked_clauses_words(std::size_t core_lemmas, std::size_t lemmas, std::size_t rat_lemmas);

Result check(const Cnf& cnf, const Proof& proof, const Options& options = {});

// The same check with the proof parsed as the checker goes (its bytes read as read_proof reads
// them, `options.lenient` for its reader too): no Proof is built, so a proof costs the checker
// its clause store and a few bytes a step instead of some 3.8 bytes per byte of a binary proof
// more (bench/drat: memory). A malformed proof throws InputError as read_proof does -- possibly
// after part of it was checked. `stray_lines` (may be null) receives the lenient reader's
// skipped lines. record_lrat needs the Proof (write_lrat): use check().
Result check_stream(const Cnf& cnf, std::string_view proof_bytes, ProofFormat format = ProofFormat::Auto,
                    std::string_view name = "<proof>", const Options& options = {}, std::size_t* stray_lines = nullptr);
// check_stream over a file, mapped rather than read (detail::MappedFile: the pages read are let go
// as the check moves on). Throws InputError when the file cannot be read or the proof is malformed.
Result check_file(const Cnf& cnf, const std::string& path, ProofFormat format = ProofFormat::Auto, const Options& options = {});
// check_file over a file the caller has open already (verify-proof hashes the mapping it then
// checks, so the file is opened and mapped once); `stray_lines` as for check_stream.
Result check_mapped(const Cnf& cnf, detail::MappedFile& file, ProofFormat format, std::string_view name,
                    const Options& options = {}, std::size_t* stray_lines = nullptr);

}  // namespace carve::drat
