// The LRAT text is built in memory first, then written once, checked and atomically (files/): a
// failed write is exit 2 naming the file and the reason, and leaves no partial file.
#include "cli/proof_check.hpp"

#include <memory>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "checker/drat/lrat_writer.hpp"
#include "checker/drat/read_file.hpp"
#include "files/atomic_file.hpp"
#include "limits/progress.hpp"
#include "limits/resident_memory.hpp"

namespace carve::cli {

std::string read_input_file(const std::string& path, limits::Budget& budget) {
  return drat::detail::read_whole_file(path, &budget);
}

drat::Result unknown_result(const std::string& reason) {
  drat::Result r;
  r.accepted = false;
  r.limit_reached = true;
  r.message = reason;
  return r;
}

std::string verdict_word(const drat::Result& r) { return r.accepted ? "accepted" : r.limit_reached ? "unknown" : "rejected"; }

nlohmann::json relaxations_json(const drat::Result& r) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [form, count] : r.relaxations) j[drat::relaxation_name(form)] = count;
  return j;
}

drat::Result check_proof_bytes(std::string_view cnf_bytes, const std::string& cnf_name, std::string_view proof_bytes,
                               const std::string& proof_name, const ProofCheckOptions& o, limits::Budget& budget,
                               const limits::Limits& limits) {
  try {
    const drat::Cnf cnf = drat::read_cnf(cnf_bytes, cnf_name, &budget);
    auto format = o.format == "text" ? drat::ProofFormat::Text : o.format == "binary" ? drat::ProofFormat::Binary : drat::ProofFormat::Auto;
    auto own_line = o.lanes ? std::make_unique<limits::Progress>(*o.lanes, o.progress_name)
                            : std::make_unique<limits::Progress>(limits.progress, o.progress_name);
    limits::Progress& progress = *own_line;
    drat::Options options;
    options.budget = &budget;
    options.progress = &progress;
    options.lenient = o.lenient;
    options.record_lrat = !o.lrat.empty();
    // Only LRAT output needs the proof held as a Proof (write_lrat); a check alone streams it, so a
    // proof costs its bytes and the clause store, not some four times its size more (drat.hpp).
    std::optional<drat::Proof> proof;
    std::size_t stray = 0;
    drat::Result r;
    if (options.record_lrat) {
      proof = drat::read_proof(proof_bytes, format, proof_name, &budget, o.lenient);
      r = drat::check(cnf, *proof, options);
      stray = proof->stray_lines;
    } else {
      r = drat::check_stream(cnf, proof_bytes, format, proof_name, options, &stray);
    }
    progress.clear();
    if (stray > 0) {
      r.relaxations.emplace_back(drat::Relaxation::StrayText, stray);
      if (r.accepted) r.message += fmt::format("; lenient: {} x{}", drat::relaxation_name(drat::Relaxation::StrayText), stray);
    }
    if (r.accepted && proof) {
      std::ostringstream out;
      drat::write_lrat(out, cnf, *proof, r);
      files::write_file_atomically(o.lrat, out.str());
    }
    return r;
  } catch (const limits::LimitReached& e) {
    return unknown_result(e.what());
  } catch (const std::bad_alloc&) {
    return unknown_result(limits::allocation_failure_reason(limits.memory_mb));
  }
}

}  // namespace carve::cli
