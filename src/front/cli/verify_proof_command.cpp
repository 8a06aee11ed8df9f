// carve verify-proof: carve's own DRAT checker on a CNF and a proof, alone. --lrat FILE writes
// the accepted proof as LRAT (as drat-trim -L does) for a formally verified checker; --lenient
// accepts the forms drat-trim accepts (drat.hpp: Relaxation), which the strict check names.
// The CNF's SHA-256 is printed, and --expect-sha256 (--expect-proof-sha256) rejects files whose
// hash differs before any checking: a proof refutes whatever formula it is given -- a stronger
// one too -- so what binds it to a question is the hash of the CNF (certificate manifests,
// `carve verify-certificate`, do that end to end).
// Exit codes: 0 accepted, 1 rejected (a hash other than the expected one included), 2 unreadable
// input, 4 unknown (a limit reached before an answer).
#include <chrono>
#include <iostream>

#include <fmt/format.h>

#include "front/cli/common.hpp"
#include "front/cli/proof_check.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "text/parser/excerpt.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::cli {

namespace {
struct VerifyOptions {
  std::string cnf;
  std::string proof;
  ProofCheckOptions check;
  std::string expect_sha256, expect_proof_sha256;
  RunOptions run;
};

// A hash other than the expected one: rejected, naming the file and both hashes.
std::string hash_mismatch(const std::string& what, const std::string& path, const std::string& got, const std::string& expected) {
  if (expected.empty() || got == expected) return {};
  return fmt::format("rejected: the {} {} has SHA-256 {}, not the expected {}", what, path, got, expected);
}

// The files read, their hashes compared with the expected ones, then checked; unknown when the
// budget ran out (or an allocation failed) first.
drat::Result check_files(const VerifyOptions& o, limits::Budget& budget, const limits::Limits& limits, std::string& cnf_sha256) {
  const parser::BetweenBlocks poll = [&budget] { budget.poll(); };
  try {
    const std::string cnf = read_input_file(o.cnf, budget);
    cnf_sha256 = parser::sha256_hex(cnf, poll);
    drat::Result r;
    r.message = hash_mismatch("CNF", o.cnf, cnf_sha256, o.expect_sha256);
    if (!r.message.empty()) return r;
    ProofFile proof(o.proof, &budget);
    r.message = hash_mismatch("proof", o.proof, proof_sha256(proof, budget), o.expect_proof_sha256);
    if (!r.message.empty()) return r;
    return check_proof_file(cnf, o.cnf, proof, o.proof, o.check, budget, limits);
  } catch (const limits::LimitReached& e) {
    return unknown_result(e.what());
  } catch (const std::bad_alloc&) {
    return unknown_result(limits::allocation_failure_reason(limits.memory_mb));
  }
}

int run_verify(const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto limits = o.run.limits();
  limits::Budget budget(limits, t0);  // from the start: reading a large proof counts too
  drat::Result r;
  std::string cnf_sha256;
  try {
    r = check_files(o, budget, limits, cnf_sha256);
  } catch (const drat::InputError& e) {
    std::cerr << "carve: " << parser::printable(e.what()) << "\n";
    return kBadInput;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const nlohmann::json sha = cnf_sha256.empty() ? nlohmann::json(nullptr) : nlohmann::json(cnf_sha256);
  if (o.run.json) {
    std::cout << nlohmann::json{{"command", "verify-proof"}, {"cnf", o.cnf}, {"cnf_sha256", sha}, {"proof", o.proof},
                                {"direction", o.check.forward ? "forward" : "backward"},
                                {"verdict", verdict_word(r)}, {"accepted", r.accepted}, {"message", r.message},
                                {"reason", r.limit_reached ? nlohmann::json(r.message) : nlohmann::json(nullptr)},
                                {"rejected_form", r.rejected_form ? nlohmann::json(drat::relaxation_name(*r.rejected_form))
                                                                  : nlohmann::json(nullptr)},
                                {"relaxations", relaxations_json(r)},
                                {"lrat", r.accepted && !o.check.lrat.empty() ? nlohmann::json(o.check.lrat) : nlohmann::json(nullptr)},
                                {"lemmas", r.lemmas}, {"core_lemmas", r.core_lemmas}, {"rat_lemmas", r.rat_lemmas},
                                {"seconds", secs}, {"peak_memory_mb", limits::peak_resident_mb()},
                                {"versions", versions_json()}}
                     .dump(2)
              << "\n";
  } else {
    if (r.limit_reached)
      std::cout << fmt::format("unknown: {} (neither accepted nor rejected; {:.3f} s)\n", r.message, secs);
    else  // the checker's message opens with its verdict ("accepted: ..." / "rejected: ...")
      std::cout << r.message << fmt::format(" ({:.3f} s)\n", secs);
    if (!cnf_sha256.empty()) std::cout << fmt::format("cnf sha256 {}\n", cnf_sha256);
  }
  if (r.limit_reached) return kUndecided;
  return r.accepted ? kAnswered : kMismatch;
}

// A SHA-256 as 64 hex digits (compared in lower case).
std::string lower_hex(std::string text) {
  if (text.size() != 64 || text.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
    throw CLI::ValidationError("expects a SHA-256: 64 hex digits, got '" + text + "'");
  for (auto& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return text;
}
}  // namespace

void add_verify_proof_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<VerifyOptions>();
  o->check.progress_name = "verify-proof";
  auto* sub = app.add_subcommand("verify-proof", "check a DRAT proof (text or binary) of a DIMACS CNF; exit 0 accepted, 1 rejected, 4 unknown (a limit reached)");
  sub->add_option("cnf", o->cnf, "DIMACS CNF file")->required();
  sub->add_option("proof", o->proof, "DRAT proof file")->required();
  sub->add_option("--format", o->check.format, "auto | text | binary")->check(CLI::IsMember({"auto", "text", "binary"}));
  auto* lrat = sub->add_option("--lrat", o->check.lrat, "write an accepted proof as LRAT to this file (for a formally verified checker such as cake_lpr)");
  sub->add_flag("--forward", o->check.forward,
                "check forward, every lemma as it comes (as a check while solving does), instead of backward from the "
                "conflict; stricter (a wrong lemma the refutation does not use is rejected), no LRAT")
      ->excludes(lrat);
  sub->add_flag("--lenient", o->check.lenient,
                "accept the forms drat-trim accepts: RAT on a non-first literal, no empty clause, a premature empty clause, "
                "stray text (each named in the answer)");
  sub->add_option_function<std::string>(
      "--expect-sha256", [o](const std::string& h) { o->expect_sha256 = lower_hex(h); },
      "the CNF must have this SHA-256 (the question's, e.g. cnf_sha256 of `solve --proof --json`): another CNF is rejected, "
      "exit 1, before any checking -- a verdict on the files given, like a rejected proof, not unreadable input (exit 2)");
  sub->add_option_function<std::string>(
      "--expect-proof-sha256", [o](const std::string& h) { o->expect_proof_sha256 = lower_hex(h); },
      "the proof must have this SHA-256 (else rejected, exit 1, before any checking)");
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_verify(*o); });
}

}  // namespace carve::cli
