// The writer of a certificate (certificate_report.hpp): its JSON object, its text lines, its phrase.
#include "questions/report/certificate_report.hpp"

#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checkers/drat/drat.hpp"
#include "engines/sat/search/no_win_certificate.hpp"

namespace carve::report {

namespace {

using Certificate = encoder::NoWinCertificate;

// A file's path as the report names it: null when it was removed, relative in a record.
nlohmann::json file_json(const std::string& path, const CertificateWhere& where) {
  if (where.files == Files::Removed) return nullptr;
  if (where.relative_to.empty()) return path;
  return std::filesystem::path(path).lexically_relative(std::filesystem::path(where.relative_to)).string();
}

const char* proof_format(const Certificate& c) { return c.binary ? "binary" : "text"; }

nlohmann::json universe_json(const Certificate& c) {
  if (!c.universe) return nullptr;
  return {{"elements", c.universe->elements},
          {"formulas", c.universe->formulas},
          {"search_elements", c.universe->search_elements},
          {"search_formulas", c.universe->search_formulas},
          {"reduction_changes_nothing", c.universe->reduction_changes_nothing()},
          {"by_symmetry", c.universe->by_symmetry},
          {"collapses_over_approximated", c.universe->collapses_over_approximated},
          {"statement", encoder::universe_scope_text(*c.universe)}};
}

// By parts: the files are the parts' (each the certified formula with its cube's unit clauses).
nlohmann::json parts_json(const Certificate& c, const CertificateWhere& where) {
  CertificateWhere part_where = where;
  part_where.manifest.clear();  // the manifest is the whole certificate's
  nlohmann::json parts = nlohmann::json::array();
  for (const auto& p : c.parts) {
    nlohmann::json part = certificate_json(p, part_where);  // a part is a certificate of its own formula
    part["cube"] = p.cube;
    part["reused"] = p.reused;
    part["refuted_earlier"] = p.refuted_earlier;
    part["refutation_kept"] = p.refutation_kept;
    part["from_ledger"] = p.from_ledger;  // its files are not here: cnf and proof name the files it would have
    part["ledger"] = p.ledger_path.empty() ? nlohmann::json(nullptr) : file_json(p.ledger_path, part_where);
    parts.push_back(std::move(part));
  }
  return parts;
}

// "c4.cnf (sha256 X), c4.drat (binary DRAT, N bytes)", or the same without the removed files' names.
std::string files_text(const Certificate& c, const CertificateWhere& where) {
  if (where.files == Files::Removed)
    return fmt::format("the formula (sha256 {}), its proof ({} DRAT, {} bytes); the files were temporary ({} keeps them)", c.cnf_sha256,
                       proof_format(c), c.proof_bytes, where.keep_option);
  return fmt::format("{} (sha256 {}), {} ({} DRAT, {} bytes)", c.cnf_path, c.cnf_sha256, c.proof_path, proof_format(c), c.proof_bytes);
}

// A part's line of a certificate by parts: its cube, its files (when they are named) and its check.
std::string part_text(std::size_t i, const Certificate& p, const CertificateWhere& where) {
  if ((!p.accepted() && !p.refutation_kept) || where.files == Files::Removed)  // its files were removed
    return fmt::format("  part {:>2} cube {}: {}\n", i, fmt::join(p.cube, " "), encoder::status_name(p.status));
  if (p.from_ledger)
    return fmt::format("  part {:>2} cube {}: {} by the ledger record {} (its CNF as built now has the recorded sha256 {}; its "
                       "files are not here, its proof was checked where it was made: solve {:.3f} s, check {:.3f} s)\n",
                       i, fmt::join(p.cube, " "), encoder::status_name(p.status), p.ledger_path, p.cnf_sha256, p.solve_seconds,
                       p.check_seconds);
  return fmt::format("  part {:>2} cube {}: {} (sha256 {}), {}: {} (solve {:.3f} s, check {:.3f} s{})\n", i, fmt::join(p.cube, " "),
                     p.cnf_path, p.cnf_sha256, p.proof_path, encoder::status_name(p.status), p.solve_seconds, p.check_seconds,
                     p.reused            ? "; kept from an earlier run"
                     : p.refuted_earlier ? "; refuted by an earlier run, checked now"
                     : p.refutation_kept ? "; refuted, its check cut: kept for a later run to check"
                                         : "");
}

std::string manifest_text(const CertificateWhere& where) {
  return where.manifest.empty() ? "" : fmt::format("manifest  {} (carve verify-certificate {})\n", where.manifest, where.manifest);
}

std::string by_parts_text(const Certificate& c, const CertificateWhere& where) {
  std::string out = fmt::format("proof     {}: {}: {} (solve {:.3f} s, check {:.3f} s, {} bytes of {} DRAT)\n",
                                c.accepted() ? fmt::format("certified by {} parts", c.parts.size()) : std::string("NOT certified"),
                                encoder::status_name(c.status), c.message, c.solve_seconds, c.check_seconds, c.proof_bytes,
                                proof_format(c));
  for (std::size_t i = 0; i < c.parts.size(); ++i) out += part_text(i, c.parts[i], where);
  return out + manifest_text(where);
}

}  // namespace

std::string removed_files_note(const std::string& keep_option) { return fmt::format("removed after the check ({} keeps them)", keep_option); }

nlohmann::json certificate_json(const Certificate& c, const CertificateWhere& where) {
  nlohmann::json j = {{"status", encoder::status_name(c.status)},
                      {"certified", c.accepted()},
                      {"message", c.message},
                      {"cnf", file_json(c.cnf_path, where)},
                      {"cnf_sha256", c.cnf_sha256.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.cnf_sha256)},
                      {"proof", file_json(c.proof_path, where)},
                      {"proof_sha256", c.accepted() && !c.proof_sha256.empty() ? nlohmann::json(c.proof_sha256) : nlohmann::json(nullptr)},
                      {"manifest", where.manifest.empty() ? nlohmann::json(nullptr) : nlohmann::json(where.manifest)},
                      {"files_kept", where.files == Files::Kept},
                      {"proof_format", proof_format(c)},
                      {"proof_bytes", c.proof_bytes},
                      {"variables", c.variables},
                      {"clauses", c.clauses},
                      {"stability_lemmas", c.stability_lemmas},
                      {"symmetry_clauses", c.symmetry_clauses},
                      {"proof_lemmas", c.proof_lemmas},
                      {"core_lemmas", c.core_lemmas},
                      {"rat_lemmas", c.rat_lemmas},
                      {"solve_seconds", c.solve_seconds},
                      {"check_seconds", c.check_seconds},
                      {"checker", "carve verify-proof (checkers/drat)"},
                      {"universe", universe_json(c)},
                      {"capacity_theorem", c.capacity_theorem}};
  if (where.files == Files::Removed) j["files"] = removed_files_note(where.keep_option);
  if (c.parts.empty()) return j;
  j["parts"] = parts_json(c, where);
  j["cnf"] = j["cnf_sha256"] = j["proof"] = j["proof_sha256"] = nullptr;
  return j;
}

std::string certificate_status(const Certificate& c) { return fmt::format("{}: {}", encoder::status_name(c.status), c.message); }

std::string certificate_text(const Certificate& c, const CertificateWhere& where) {
  if (!c.parts.empty()) return by_parts_text(c, where);
  std::string out = fmt::format("proof     {}: {}\n          {} (solve {:.3f} s, check {:.3f} s)\n",
                                c.accepted() ? "certified" : "NOT certified", files_text(c, where), certificate_status(c),
                                c.solve_seconds, c.check_seconds);
  if (c.universe) out += fmt::format("          {}\n", encoder::universe_scope_text(*c.universe));
  if (c.capacity_theorem)
    out += "          the formula is the capacity theorem's (m distinct operator tuples on one set of k formulas): the no-win holds by "
           "this proof and that theorem (rules/model/target_capacity.hpp, docs/explain.md \"The capacity theorem\")\n";
  if (c.symmetry_clauses > 0)
    out += fmt::format("          the formula carries {} lex-leader chain clauses (symmetry breaking, not implied by the rules: the no-win "
                       "holds by this proof and the lex-leader theorem, docs/sat-encoding.md \"In a certificate\")\n",
                       c.symmetry_clauses);
  return out + manifest_text(where);
}

std::string certificate_phrase(const Certificate& c) {
  if (!c.accepted()) return "not certified: " + certificate_status(c);
  return fmt::format("certified: DRAT proof accepted ({}; solve {:.3f} s, check {:.3f} s)",
                     drat::checked_clauses_words(c.core_lemmas, c.proof_lemmas, c.rat_lemmas), c.solve_seconds, c.check_seconds);
}

std::string no_certificate_reason(bool proof_asked, bool written, bool win, bool unknown) {
  if (!proof_asked || written) return "";
  if (win)
    return "no certificate written: the answer is a win, and a win's certificate is its witness, already replayed through the "
           "reference semantics (save it with --witness FILE; `carve replay FILE` checks it again); --proof certifies a no-win";
  if (unknown) return "no certificate written: the question was not decided, so there is no no-win to certify";
  return "";
}

}  // namespace carve::report
