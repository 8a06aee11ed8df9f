// The LRAT text is built in memory first, then written once, checked and atomically (files/): a
// failed write is exit 2 naming the file and the reason, and leaves no partial file.
#include "front/cli/proof_check.hpp"

#include <memory>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "checkers/drat/forward.hpp"
#include "checkers/drat/lrat_writer.hpp"
#include "checkers/drat/read_file.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/limits/progress.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "foundations/files/sha256.hpp"

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

std::string proof_sha256(ProofFile& proof, limits::Budget& budget) {
  constexpr std::size_t kBlock = std::size_t{1} << 20;
  const std::string_view bytes = proof.bytes();
  parser::Sha256 hash;
  proof.release_before(0);  // a pass of its own
  for (std::size_t at = 0; at < bytes.size(); at += kBlock) {
    if (at > 0) {
      budget.poll();
      proof.release_before(at);
    }
    hash.update(bytes.substr(at, kBlock));
  }
  proof.release_before(bytes.size());
  return hash.hex();
}

drat::Result check_proof_file(std::string_view cnf_bytes, const std::string& cnf_name, ProofFile& proof_file,
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
    options.record_lrat = !o.lrat.empty() && !o.forward;
    // Only LRAT output needs the proof held as a Proof (write_lrat); a check alone streams it from
    // the mapping, so a proof costs the clause store and a window of the file (drat.hpp).
    std::optional<drat::Proof> proof;
    std::size_t stray = 0;
    drat::Result r;
    if (o.forward) {  // LRAT needs the backward check's hints: verify-proof refuses --lrat with --forward
      r = drat::check_forward(cnf, proof_file.bytes(), format, proof_name, options, &stray,
                              [&proof_file](std::size_t begin, std::size_t end) { proof_file.release(begin, end); });
    } else if (options.record_lrat) {
      proof = drat::read_proof(proof_file.bytes(), format, proof_name, &budget, o.lenient);
      r = drat::check(cnf, *proof, options);
      stray = proof->stray_lines;
    } else {
      r = drat::check_mapped(cnf, proof_file, format, proof_name, options, &stray);
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
