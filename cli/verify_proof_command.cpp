// carve verify-proof: carve's own DRAT checker on a CNF and a proof, alone. --lrat FILE writes
// the accepted proof as LRAT (as drat-trim -L does) for a formally verified checker; --lenient
// accepts the forms drat-trim accepts (drat.hpp: Relaxation), which the strict check names.
#include <chrono>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "checker/drat/drat.hpp"
#include "checker/drat/lrat_writer.hpp"
#include "cli/common.hpp"
#include "limits/progress.hpp"
#include "limits/resident_memory.hpp"

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

void write_lrat_file(const std::string& path, const drat::Cnf& cnf, const drat::Proof& proof, const drat::Result& r) {
  std::ofstream out(path, std::ios::binary);
  drat::write_lrat(out, cnf, proof, r);
  out.close();
  if (!out) elab::fail(cli_location("--lrat"), fmt::format("cannot write {}", path));
}

nlohmann::json relaxations_json(const drat::Result& r) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [form, count] : r.relaxations) j[drat::relaxation_name(form)] = count;
  return j;
}

int run_verify(const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto limits = o.run.limits();
  carve::limits::Budget budget(limits);  // from the start: reading a large proof counts too
  drat::Cnf cnf;
  drat::Proof proof;
  try {
    cnf = drat::read_cnf_file(o.cnf);
    auto fmt_ = o.format == "text" ? drat::ProofFormat::Text : o.format == "binary" ? drat::ProofFormat::Binary : drat::ProofFormat::Auto;
    proof = drat::read_proof_file(o.proof, fmt_, o.lenient);
  } catch (const drat::InputError& e) {
    std::cerr << "carve: " << e.what() << "\n";
    return kBadInput;
  }
  carve::limits::Progress progress(limits.progress, "verify-proof");
  drat::Options options;
  options.budget = &budget;
  options.progress = &progress;
  options.lenient = o.lenient;
  options.record_lrat = !o.lrat.empty();
  auto r = drat::check(cnf, proof, options);
  progress.clear();
  if (proof.stray_lines > 0) {
    r.relaxations.emplace_back(drat::Relaxation::StrayText, proof.stray_lines);
    if (r.accepted) r.message += fmt::format("; lenient: {} x{}", drat::relaxation_name(drat::Relaxation::StrayText), proof.stray_lines);
  }
  if (r.accepted && !o.lrat.empty()) write_lrat_file(o.lrat, cnf, proof, r);
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
  if (r.limit_reached) return kAnswered;
  return r.accepted ? kAnswered : kMismatch;
}
}  // namespace

void add_verify_proof_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<VerifyOptions>();
  auto* sub = app.add_subcommand("verify-proof", "check a DRAT proof (text or binary) of a DIMACS CNF; exit 1 if rejected");
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
