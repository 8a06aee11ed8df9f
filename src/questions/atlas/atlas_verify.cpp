// Each record's files are read back and judged by the same code that judges them elsewhere:
// elab::load_case + replay for witnesses, checkers/drat for proofs.
#include "questions/atlas/atlas_verify.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "questions/atlas/plan.hpp"
#include "questions/atlas/question_run.hpp"
#include "questions/atlas/result_store.hpp"
#include "checkers/drat/drat.hpp"
#include "checkers/replay/replay.hpp"
#include "rules/elaborate/case.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::atlas {

namespace fs = std::filesystem;

// Empty when the witness file is the recorded one and replays to a win at the recorded turn.
std::string witness_problem(const std::string& dir, const nlohmann::json& rec) {
  const fs::path file = fs::path(dir) / rec["witness"]["file"].get<std::string>();
  if (!fs::exists(file)) return fmt::format("witness {} is missing", file.string());
  if (parser::file_sha256_hex(file.string()) != rec["witness"]["sha256"]) return fmt::format("witness {} changed (SHA-256)", file.string());
  const auto c = elab::load_case(file.string());
  model::Budget budget;
  const auto rep = replay::replay(c.game, c.play ? *c.play : std::vector<model::Move>{}, c.target ? &*c.target : nullptr, std::nullopt, budget);
  if (!rep.legal) return fmt::format("witness turn {} breaks rule {}", rep.failed_turn, rep.violation.rule);
  if (rep.win_turn != rec["turns"].get<int>()) return "the witness does not win at the recorded turn";
  return {};
}

// Empty when the kept files are the recorded ones (and, with `recheck`, the checker accepts).
std::string certificate_problem(const std::string& dir, const nlohmann::json& cert, bool recheck, VerifySummary& s) {
  const fs::path cnf = fs::path(dir) / cert["cnf"].get<std::string>();
  const fs::path proof = fs::path(dir) / cert["proof"].get<std::string>();
  if (!fs::exists(cnf) || !fs::exists(proof)) {
    ++s.files_absent;
    return cert["files_kept"].get<bool>() && fs::exists(cnf) != fs::exists(proof) ? "one of the certificate's files is missing" : "";
  }
  if (parser::file_sha256_hex(cnf.string()) != cert["cnf_sha256"]) return fmt::format("{} changed (SHA-256)", cnf.string());
  if (cert["certified"].get<bool>() && parser::file_sha256_hex(proof.string()) != cert["proof_sha256"])
    return fmt::format("{} changed (SHA-256)", proof.string());
  if (!recheck || !cert["certified"].get<bool>()) return {};
  ++s.proofs_rechecked;
  try {
    const auto r = drat::check_file(drat::read_cnf_file(cnf.string()), proof.string());
    return r.accepted ? "" : "the checker now rejects the proof: " + r.message;
  } catch (const drat::InputError& e) {  // a proof cut or garbled after its record was written
    return std::string("the checker rejects the proof: it cannot read it: ") + e.what();
  }
}

VerifySummary verify_atlas(const std::string& dir, bool recheck) {
  const Plan plan = read_plan(dir);
  const StoreContents store = read_store(dir);
  VerifySummary s;
  for (const auto& q : plan.questions) {
    const auto it = store.latest.find(q.key);
    if (it == store.latest.end()) continue;
    const auto& rec = it->second;
    ++s.records;
    const std::string who = fmt::format("{} {} d{} ({})", q.label, q.profile, q.depth, q.key);
    auto note = [&](const std::string& problem) {
      if (!problem.empty()) s.problems.push_back(who + ": " + problem);
    };
    if (rec["rules_sha256"] != rules_sha256_now(plan, q, dir)) note("the spec's rules changed since this answer (rules_sha256)");
    if (rec["witness"].is_object()) {
      ++s.witnesses;
      note(witness_problem(dir, rec));
    }
    if (rec["certificate"].is_object() && rec["certificate"].contains("cnf")) {
      ++s.certificates;
      note(certificate_problem(dir, rec["certificate"], recheck, s));
    }
  }
  return s;
}

}  // namespace carve::atlas
