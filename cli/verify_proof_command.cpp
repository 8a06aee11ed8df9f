// carve verify-proof: carve's own DRAT checker on a CNF and a proof, alone. --lrat FILE writes
// the accepted proof as LRAT (as drat-trim -L does) for a formally verified checker; --lenient
// accepts the forms drat-trim accepts (drat.hpp: Relaxation), which the strict check names.
// Exit codes: 0 accepted, 1 rejected, 2 unreadable input, 4 unknown (a limit reached before an
// answer).
#include <chrono>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "checker/drat/drat.hpp"
#include "checker/drat/lrat_writer.hpp"
#include "cli/common.hpp"
#include "files/atomic_file.hpp"
#include "limits/progress.hpp"
#include "limits/resident_memory.hpp"
#include "parser/excerpt.hpp"

namespace carve::cli {

namespace {
struct VerifyOptions {
  std::string cnf;
  std::string proof;
  std::string format = "auto";
  std::string lrat;
  bool lenient = false;
  RunOptions run;
};

// The LRAT text in memory first, then one checked, atomic write (files/): a failed write is
// exit 2 naming the file and the reason, and leaves no partial file.
void write_lrat_file(const std::string& path, const drat::Cnf& cnf, const drat::Proof& proof, const drat::Result& r) {
  std::ostringstream out;
  drat::write_lrat(out, cnf, proof, r);
  files::write_file_atomically(path, out.str());
}

nlohmann::json relaxations_json(const drat::Result& r) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [form, count] : r.relaxations) j[drat::relaxation_name(form)] = count;
  return j;
}

// The checker's answer (and the LRAT file, when asked and accepted), or unknown when the budget
// ran out (or an allocation failed) while the files were read or checked.
drat::Result check_files(const VerifyOptions& o, carve::limits::Budget& budget, const carve::limits::Limits& limits) {
  drat::Result r;
  try {
    const drat::Cnf cnf = drat::read_cnf_file(o.cnf, &budget);
    auto format = o.format == "text" ? drat::ProofFormat::Text : o.format == "binary" ? drat::ProofFormat::Binary : drat::ProofFormat::Auto;
    const drat::Proof proof = drat::read_proof_file(o.proof, format, &budget, o.lenient);
    carve::limits::Progress progress(limits.progress, "verify-proof");
    drat::Options options;
    options.budget = &budget;
    options.progress = &progress;
    options.lenient = o.lenient;
    options.record_lrat = !o.lrat.empty();
    r = drat::check(cnf, proof, options);
    progress.clear();
    if (proof.stray_lines > 0) {
      r.relaxations.emplace_back(drat::Relaxation::StrayText, proof.stray_lines);
      if (r.accepted) r.message += fmt::format("; lenient: {} x{}", drat::relaxation_name(drat::Relaxation::StrayText), proof.stray_lines);
    }
    if (r.accepted && !o.lrat.empty()) write_lrat_file(o.lrat, cnf, proof, r);
    return r;
  } catch (const carve::limits::LimitReached& e) {
    r.message = e.what();
  } catch (const std::bad_alloc&) {
    r.message = carve::limits::allocation_failure_reason(limits.memory_mb);
  }
  r.accepted = false;
  r.limit_reached = true;
  return r;
}

int run_verify(const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto limits = o.run.limits();
  carve::limits::Budget budget(limits, t0);  // from the start: reading a large proof counts too
  drat::Result r;
  try {
    r = check_files(o, budget, limits);
  } catch (const drat::InputError& e) {
    std::cerr << "carve: " << parser::printable(e.what()) << "\n";
    return kBadInput;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string verdict = r.accepted ? "accepted" : r.limit_reached ? "unknown" : "rejected";
  if (o.run.json) {
    std::cout << nlohmann::json{{"command", "verify-proof"}, {"cnf", o.cnf}, {"proof", o.proof}, {"verdict", verdict},
                                {"accepted", r.accepted}, {"message", r.message},
                                {"reason", r.limit_reached ? nlohmann::json(r.message) : nlohmann::json(nullptr)},
                                {"rejected_form", r.rejected_form ? nlohmann::json(drat::relaxation_name(*r.rejected_form))
                                                                  : nlohmann::json(nullptr)},
                                {"relaxations", relaxations_json(r)},
                                {"lrat", r.accepted && !o.lrat.empty() ? nlohmann::json(o.lrat) : nlohmann::json(nullptr)},
                                {"lemmas", r.lemmas}, {"core_lemmas", r.core_lemmas}, {"rat_lemmas", r.rat_lemmas},
                                {"seconds", secs}, {"peak_memory_mb", carve::limits::peak_resident_mb()},
                                {"versions", versions_json()}}
                     .dump(2)
              << "\n";
  } else if (r.limit_reached) {
    std::cout << fmt::format("unknown: {} (neither accepted nor rejected; {:.3f} s)\n", r.message, secs);
  } else {
    // The checker's message opens with its verdict ("accepted: ..." / "rejected: ...").
    std::cout << r.message << fmt::format(" ({:.3f} s)\n", secs);
  }
  if (r.limit_reached) return kUndecided;
  return r.accepted ? kAnswered : kMismatch;
}
}  // namespace

void add_verify_proof_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<VerifyOptions>();
  auto* sub = app.add_subcommand("verify-proof", "check a DRAT proof (text or binary) of a DIMACS CNF; exit 0 accepted, 1 rejected, 4 unknown (a limit reached)");
  sub->add_option("cnf", o->cnf, "DIMACS CNF file")->required();
  sub->add_option("proof", o->proof, "DRAT proof file")->required();
  sub->add_option("--format", o->format, "auto | text | binary")->check(CLI::IsMember({"auto", "text", "binary"}));
  sub->add_option("--lrat", o->lrat, "write an accepted proof as LRAT to this file (for a formally verified checker such as cake_lpr)");
  sub->add_flag("--lenient", o->lenient,
                "accept the forms drat-trim accepts: RAT on a non-first literal, no empty clause, a premature empty clause, "
                "stray text (each named in the answer)");
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_verify(*o); });
}

}  // namespace carve::cli
