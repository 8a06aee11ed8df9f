// carve verify-certificate MANIFEST: one command a skeptical user runs on a certified no-win. It
// reads the manifest (NAME.certificate.json, front/cli/certificate_manifest.hpp), checks the SHA-256 of
// the case or spec, elaborates the question again and checks its rules record, re-derives the
// CNF from the question by the code that wrote it (front/cli/certified_question.hpp) and compares it
// byte for byte with the CNF file, checks the SHA-256 of both files against the manifest, and
// runs carve's DRAT checker on them -- all under --timeout and --memory-limit.
// Exit codes (as verify-proof): 0 accepted; 1 rejected (a changed spec or case, other rules, a
// CNF that is not the question's, a proof whose hash differs, or a proof the checker rejects);
// 2 bad input (a manifest that is not JSON, lacks a field or names a missing file; a question
// that no longer elaborates); 4 unknown (a limit reached first).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "questions/atlas/rules_hash.hpp"
#include "front/cli/certificate_manifest.hpp"
#include "front/cli/proof_check.hpp"
#include "engines/sat/search/part_ledger.hpp"
#include "foundations/limits/ordered_workers.hpp"
#include "foundations/limits/progress.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "text/parser/excerpt.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::cli {

namespace {
namespace fs = std::filesystem;

struct VerifyCertificateOptions {
  std::string manifest;
  std::string spec;  // --spec: the spec read instead of the one the manifest names (a folder that moved)
  int jobs = 1;  // a certificate by parts: parts checked at once (threads)
  bool no_ledger = false;  // --no-ledger: every part's proof must be here and is checked (no ledger record taken)
  RunOptions run;
};

// What was established, in order ("spec", "... matches"), and the verdict.
struct Verification {
  std::vector<std::pair<std::string, std::string>> steps;
  drat::Result result;
  std::string cnf_sha256;
  std::vector<std::string> rules_words;  // the recorded rules as this carve words them
  // A certificate by parts: the parts whose proofs were checked here, and those taken from their
  // ledger records (checked where they were made: the record's word).
  std::size_t parts_checked = 0, parts_from_ledger = 0;
  bool rejected(const std::string& why) {
    result.accepted = false;
    result.message = "rejected: " + why;
    return true;
  }
};

// A file the manifest names, found relative to the manifest's folder (else as the command gave
// it); bad input when neither is a regular file.
std::string locate(const std::string& manifest, const std::string& field, const FileRecord& f) {
  const fs::path relative = fs::path(manifest).parent_path() / f.relative;
  std::error_code ec;
  for (const fs::path& p : {relative, fs::path(f.path)})
    if (fs::is_regular_file(p, ec)) return p.lexically_normal().string();
  throw ManifestError(fmt::format("{}: field {} names {} (relative to the manifest: {}): no such regular file{}", manifest, field,
                                  f.path, relative.string(),
                                  field == "question.input" && is_spec_path(f.path)
                                      ? "; if the certificate moved away from its spec, name the spec with --spec PATH"
                                      : ""));
}

// The command line the question stands for (what the user would type to ask it again).
std::string question_text(const CertifiedQuestion& q) {
  if (q.command == "check") return "check " + q.input;
  std::string t = "solve " + q.input;
  if (!q.target.empty()) t += " --target " + q.target;
  if (q.turns) t += fmt::format(" --turns {}", *q.turns);
  if (!q.game.profile.empty()) t += " --profile " + q.game.profile;
  for (const auto& s : q.game.sets) t += " --set " + s;
  if (q.game.depth_any) t += " --depth any";
  if (q.game.depth) t += fmt::format(" --depth {}", *q.game.depth);
  if (q.game.vars) t += fmt::format(" --vars {}", *q.game.vars);
  if (!q.game.root.empty()) t += " --root " + q.game.root;
  if (q.seed) t += fmt::format(" --seed {}", q.seed);
  if (!q.symmetry_breaking) t += " --no-symmetry";
  if (q.by_parts) t += " --proof-parts";
  return t + (q.by_capacity ? " --engine capacity" : " --engine sat");
}

// Where two texts first differ: the line (1-based) and both lines, quoted safely.
std::string first_difference(std::string_view file, std::string_view derived, const char* file_label = "the file has",
                             const char* derived_label = "the question gives") {
  std::size_t at = 0;
  while (at < file.size() && at < derived.size() && file[at] == derived[at]) ++at;
  const std::size_t break_before = file.substr(0, at).rfind('\n');
  const std::size_t line_start = break_before == std::string_view::npos ? 0 : break_before + 1;
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(line_start), '\n'));
  auto line_of = [&](std::string_view text) {
    if (line_start >= text.size()) return std::string("(end of file)");
    const std::size_t end = text.find('\n', line_start);
    return "`" + parser::printable(text.substr(line_start, end == std::string_view::npos ? end : end - line_start), 100) + "`";
  };
  return fmt::format("first difference at line {} (byte {}): {} {}, {} {}", line, at + 1, file_label, line_of(file),
                     derived_label, line_of(derived));
}

bool hash_differs(Verification& v, const std::string& what, const std::string& path, const std::string& got,
                  const std::string& recorded) {
  if (got == recorded) {
    v.steps.emplace_back(what, fmt::format("{} sha256 {}: as recorded", path, got));
    return false;
  }
  return v.rejected(fmt::format("{} {} has SHA-256 {}, the manifest records {}", what, path, got, recorded));
}

// The question elaborated again: same input bytes, same rules record.
bool question_differs(Verification& v, const CertificateManifest& m, const elab::Case& c) {
  const std::string spec_sha = parser::file_sha256_hex(c.spec_path);
  if (hash_differs(v, "spec", c.spec_path, spec_sha, m.spec.sha256)) return true;
  const std::string rules = atlas::rules_text(c.game);
  if (atlas::rules_sha256(c.game) != m.rules_sha256 || rules != m.rules_record)
    return v.rejected("the question elaborates to other rules than the manifest records; " + first_difference(m.rules_record, rules, "the manifest has", "the question gives"));
  v.steps.emplace_back("rules", fmt::format("sha256 {}: as recorded", m.rules_sha256));
  // The words are not hashed (rewording must not unbind a certificate): a difference is shown,
  // never a rejection -- the record above is what binds the rules.
  v.rules_words = rules_word_lines(c.game);
  if (m.rules_words.empty())
    v.steps.emplace_back("words", "the manifest predates the rules in words; as this carve words the recorded rules: see rules_words");
  else if (m.rules_words == v.rules_words)
    v.steps.emplace_back("words", fmt::format("the {} rules in words: as recorded", v.rules_words.size()));
  else
    v.steps.emplace_back("words", "the manifest words the same rules otherwise than this carve (the words are not hashed; the record "
                                  "above binds the rules); " +
                                      first_difference(fmt::format("{}", fmt::join(m.rules_words, "\n")),
                                                       fmt::format("{}", fmt::join(v.rules_words, "\n")), "the manifest has",
                                                       "this carve says"));
  return false;
}

// The CNF re-derived from the question, compared byte for byte with the file.
bool formula_differs(Verification& v, const CertificateManifest& m, const elab::Case& c, const std::string& cnf_path,
                     const std::string& cnf, const model::Budget& budget, const limits::Limits& limits) {
  Rederived d = rederive_formula(m.question, c, m.stability_lemmas, budget, limits);
  if (d.result.verdict == answer::Verdict::Unknown) {
    v.result = unknown_result(d.result.reason + " while re-deriving the CNF from the question");
    return true;
  }
  using S = encoder::NoWinCertificate::Status;
  if (!d.certificate || d.certificate->status != S::FormulaOnly) {
    const std::string why = d.certificate ? encoder::status_name(d.certificate->status) + std::string(": ") + d.certificate->message
                                          : fmt::format("the search now answers {}", answer::verdict_name(d.result.verdict));
    if (d.certificate && d.certificate->status == S::LimitReached) {
      v.result = unknown_result(d.certificate->message + " while re-deriving the CNF from the question");
      return true;
    }
    return v.rejected("the question gives no certified formula: " + why);
  }
  if (d.certificate->formula != cnf)
    return v.rejected(fmt::format("{} is not the CNF of the question; {}", cnf_path, first_difference(cnf, d.certificate->formula)));
  v.steps.emplace_back("derived", fmt::format("the CNF re-derived from the question {}: identical ({} bytes, {} clauses)", d.route,
                                          cnf.size(), d.certificate->clauses));
  return false;
}

// The parts as the question gives them (the certified formula and its cubes, by the code that
// wrote them); null, with v's verdict set, when there are none to compare with.
std::optional<std::vector<encoder::NoWinCertificate>> rederived_parts(Verification& v, const CertificateManifest& m, const elab::Case& c,
                                                                      limits::Budget& budget, const limits::Limits& limits,
                                                                      std::string& route) {
  Rederived d = rederive_formula(m.question, c, m.stability_lemmas, model::Budget(budget), limits);
  using S = encoder::NoWinCertificate::Status;
  if (d.result.verdict == answer::Verdict::Unknown || (d.certificate && d.certificate->status == S::LimitReached)) {
    v.result = unknown_result((d.certificate ? d.certificate->message : d.result.reason) + " while re-deriving the parts from the question");
    return std::nullopt;
  }
  if (!d.certificate || d.certificate->status != S::FormulaOnly) {
    v.rejected("the question gives no certified formula by parts: " +
               (d.certificate ? encoder::status_name(d.certificate->status) + std::string(": ") + d.certificate->message
                              : fmt::format("the search now answers {}", answer::verdict_name(d.result.verdict))));
    return std::nullopt;
  }
  route = d.route;
  return std::move(d.certificate->parts);
}

// The manifest's cubes are the question's, part by part, and they cover every assignment.
bool cubes_differ(Verification& v, const CertificateManifest& m, const std::vector<encoder::NoWinCertificate>& parts) {
  if (parts.size() != m.parts.size())
    return v.rejected(fmt::format("the manifest records {} parts, the question gives {}", m.parts.size(), parts.size()));
  std::vector<encoder::Cube> cubes;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].cube != m.parts[i].cube)
      return v.rejected(fmt::format("part {}: the manifest records the cube {}, the question gives {}", i, fmt::join(m.parts[i].cube, " "),
                                    fmt::join(parts[i].cube, " ")));
    cubes.push_back(parts[i].cube);
  }
  if (auto gap = encoder::uncovered(cubes)) return v.rejected(fmt::format("the cubes miss the assignment {}", fmt::join(*gap, " ")));
  return false;
}

// Whether a file the manifest names is here (relative to the manifest, or as named).
bool present(const std::string& manifest, const FileRecord& f) {
  std::error_code ec;
  return fs::is_regular_file(fs::path(manifest).parent_path() / f.relative, ec) || fs::is_regular_file(f.path, ec);
}

// Part i taken from its ledger record (its files are not here): the record as the manifest hashed
// it, its own record_sha256, the same part, cube and format, and the CNF SHA-256 of the part
// re-derived now; its proof's SHA-256 as the manifest records. True when the part is not accepted.
bool ledger_part_fails(Verification& v, std::size_t i, const CertificateManifest& m, const encoder::NoWinCertificate& part,
                       const std::string& manifest) {
  const PartRecord& r = m.parts[i];
  const std::string path = locate(manifest, fmt::format("parts.{}.ledger", i), *r.ledger);
  if (hash_differs(v, fmt::format("part {} ledger", i), path, parser::file_sha256_hex(path), r.ledger->sha256)) return true;
  encoder::NoWinCertificate wanted;
  wanted.cube = part.cube;
  wanted.binary = m.binary;
  wanted.cnf_sha256 = parser::sha256_hex(part.formula);
  if (wanted.cnf_sha256 != r.cnf.sha256)
    return v.rejected(fmt::format("part {}: the part re-derived from the question has a CNF of SHA-256 {}, the manifest records {}", i,
                                  wanted.cnf_sha256, r.cnf.sha256));
  const encoder::LedgerEntry e = encoder::read_ledger_record_at(path, i, wanted);
  if (!e.part) return v.rejected(fmt::format("part {}: the ledger record {} is not this part's: {}", i, path, e.why_not));
  if (e.part->proof_sha256 != r.drat.sha256)
    return v.rejected(fmt::format("part {}: the ledger record {} names a proof of SHA-256 {}, the manifest records {}", i, path,
                                  e.part->proof_sha256, r.drat.sha256));
  v.steps.emplace_back(fmt::format("part {}", i),
                       fmt::format("the cube {}: its files are not here; taken from the ledger record {}: the CNF re-derived from the "
                                   "question has the recorded SHA-256 {}; its proof (SHA-256 {}, {} bytes) was accepted by {} at {} -- "
                                   "the record's word, not checked here",
                                   fmt::join(part.cube, " "), path, wanted.cnf_sha256, r.drat.sha256, e.part->proof_bytes, e.accepted_by,
                                   e.accepted_at));
  ++v.parts_from_ledger;
  return false;
}

// Part i's files as for a whole certificate: hashes, the CNF byte for byte, the DRAT proof checked
// (its counts added to `all`). True when the part is not accepted (v's verdict then says why).
bool part_fails(Verification& v, std::size_t i, const CertificateManifest& m, const encoder::NoWinCertificate& part,
                const std::string& manifest, limits::Budget& budget, const limits::Limits& limits, drat::Result& all,
                limits::ProgressLanes& lanes, bool no_ledger) {
  const std::string at = fmt::format("parts.{}", i);
  if (m.parts[i].ledger && !(present(manifest, m.parts[i].cnf) && present(manifest, m.parts[i].drat))) {
    if (!no_ledger) return ledger_part_fails(v, i, m, part, manifest);
    v.result = unknown_result(fmt::format("part {}'s files are not here, and --no-ledger takes no ledger record for it", i));
    return true;
  }
  const parser::BetweenBlocks poll = [&budget] { budget.poll(); };
  const std::string cnf_path = locate(manifest, at + ".cnf", m.parts[i].cnf), drat_path = locate(manifest, at + ".drat", m.parts[i].drat);
  const std::string cnf = read_input_file(cnf_path, budget);
  if (hash_differs(v, fmt::format("part {} cnf", i), cnf_path, parser::sha256_hex(cnf, poll), m.parts[i].cnf.sha256)) return true;
  if (cnf != part.formula)
    return v.rejected(fmt::format("part {}: {} is not the part's CNF; {}", i, cnf_path, first_difference(cnf, part.formula)));
  ProofFile proof(drat_path, &budget);
  if (hash_differs(v, fmt::format("part {} drat", i), drat_path, proof_sha256(proof, budget), m.parts[i].drat.sha256)) return true;
  ProofCheckOptions check;
  check.format = m.binary ? "binary" : "text";
  check.progress_name = fmt::format("{:02}", i);
  check.lanes = &lanes;
  const drat::Result r = check_proof_file(cnf, cnf_path, proof, drat_path, check, budget, limits);
  all.lemmas += r.lemmas;
  all.core_lemmas += r.core_lemmas;
  all.rat_lemmas += r.rat_lemmas;
  if (!r.accepted) {
    v.result = r;
    v.result.message = fmt::format("part {} of {} (the cube {}): {}", i, m.parts.size(), fmt::join(part.cube, " "), r.message);
    return true;
  }
  v.steps.emplace_back(fmt::format("part {}", i), fmt::format("the cube {}: CNF identical to the part re-derived, {}",
                                                              fmt::join(part.cube, " "), r.message));
  ++v.parts_checked;
  return false;
}

// A certificate by parts: the parts re-derived, their cubes compared and shown to cover, then
// each part checked as a whole certificate's files are, `jobs` at once (foundations/limits/ordered_workers.hpp:
// each part's checks into its own PartCheck, read in order, so the verdict and the steps are
// those of one thread checking the parts in order).
void verify_parts(Verification& v, const CertificateManifest& m, const elab::Case& c, const std::string& manifest, int jobs,
                  bool no_ledger, limits::Budget& budget, const limits::Limits& limits) {
  std::string route;
  const auto parts = rederived_parts(v, m, c, budget, limits, route);
  if (!parts || cubes_differ(v, m, *parts)) return;
  v.steps.emplace_back("cubes", fmt::format("{} parts re-derived from the question {}; their cubes cover every assignment "
                                            "(enumerated)", parts->size(), route));
  struct PartCheck {
    Verification v;       // the part's steps, and its verdict when it fails
    drat::Result counts;  // its lemmas
    bool failed = false;
  };
  std::vector<PartCheck> checks(parts->size());
  limits::ProgressLanes lanes(limits.progress, "parts");
  const std::size_t taken = limits::run_in_order(parts->size(), jobs, budget, [&](std::size_t i, limits::Budget& own) {
    PartCheck& pc = checks[i];
    pc.failed = part_fails(pc.v, i, m, (*parts)[i], manifest, own, limits, pc.counts, lanes, no_ledger);
    return !pc.failed;
  });
  drat::Result all;
  for (std::size_t i = 0; i < taken; ++i) {
    const PartCheck& pc = checks[i];
    v.steps.insert(v.steps.end(), pc.v.steps.begin(), pc.v.steps.end());
    v.parts_checked += pc.v.parts_checked;
    v.parts_from_ledger += pc.v.parts_from_ledger;
    all.lemmas += pc.counts.lemmas;
    all.core_lemmas += pc.counts.core_lemmas;
    all.rat_lemmas += pc.counts.rat_lemmas;
    if (pc.failed) {
      v.result = pc.v.result;
      return;
    }
  }
  all.accepted = true;
  if (v.parts_from_ledger == 0)
    all.message = fmt::format("accepted: {} parts, each refuting its part of the formula; over them, {}", parts->size(),
                              drat::checked_clauses_words(all.core_lemmas, all.lemmas, all.rat_lemmas));
  else
    all.message = fmt::format("accepted: {} parts, each refuting its part of the formula -- {} checked here ({}), {} taken from the "
                              "ledger's records: their proofs were checked where they were made, not here (--no-ledger checks "
                              "every part here, its proof present)",
                              parts->size(), v.parts_checked, drat::checked_clauses_words(all.core_lemmas, all.lemmas, all.rat_lemmas),
                              v.parts_from_ledger);
  v.result = all;
}

// The spec given by --spec, which must be a regular file (its hash is checked like any other).
std::string given_spec(const std::string& spec) {
  std::error_code ec;
  if (!fs::is_regular_file(spec, ec))
    elab::fail(cli_location("--spec"), fmt::format("--spec {}: no such regular file", spec));
  if (!is_spec_path(spec)) elab::fail(cli_location("--spec"), fmt::format("--spec {}: a spec is a .carve file", spec));
  return spec;
}

Verification verify(const CertificateManifest& m, const VerifyCertificateOptions& o, limits::Budget& budget, const limits::Limits& limits) {
  Verification v;
  const std::string& manifest = o.manifest;
  const int jobs = o.jobs;
  // --spec replaces the question's input when the question is a spec, else the spec its case names.
  const bool spec_question = is_spec_path(m.input.path);
  const std::string spec = o.spec.empty() ? "" : given_spec(o.spec);
  const std::string input = !spec.empty() && spec_question ? spec : locate(manifest, "question.input", m.input);
  const bool by_parts = m.question.by_parts;
  const std::string cnf_path = by_parts ? "" : locate(manifest, "cnf", m.cnf);
  const std::string drat_path = by_parts ? "" : locate(manifest, "drat", m.drat);
  v.steps.emplace_back("question", question_text(m.question));
  if (!spec.empty())
    v.steps.emplace_back("spec", fmt::format("{} read instead of {} (--spec; its SHA-256 is checked below)", spec, m.spec.path));
  const parser::BetweenBlocks poll = [&budget] { budget.poll(); };
  if (hash_differs(v, m.question.command == "check" ? "case" : "input", input, parser::file_sha256_hex(input), m.input.sha256)) return v;
  try {
    const elab::Case c = load_certified_question(m.question, input, &budget, spec_question ? "" : spec);
    if (question_differs(v, m, c)) return v;
    if (by_parts) {
      verify_parts(v, m, c, manifest, jobs, o.no_ledger, budget, limits);
      return v;
    }
    const std::string cnf = read_input_file(cnf_path, budget);
    v.cnf_sha256 = parser::sha256_hex(cnf, poll);
    if (hash_differs(v, "cnf", cnf_path, v.cnf_sha256, m.cnf.sha256)) return v;
    ProofFile proof(drat_path, &budget);
    if (hash_differs(v, "drat", drat_path, proof_sha256(proof, budget), m.drat.sha256)) return v;
    if (formula_differs(v, m, c, cnf_path, cnf, model::Budget(budget), limits)) return v;
    ProofCheckOptions check;
    check.format = m.binary ? "binary" : "text";
    check.progress_name = "verify-certificate";
    v.result = check_proof_file(cnf, cnf_path, proof, drat_path, check, budget, limits);
  } catch (const limits::LimitReached& e) {
    v.result = unknown_result(e.what());
  } catch (const std::bad_alloc&) {
    v.result = unknown_result(limits::allocation_failure_reason(limits.memory_mb));
  }
  return v;
}

void report(const VerifyCertificateOptions& o, const CertificateManifest& m, const Verification& v, double secs) {
  const auto& r = v.result;
  if (o.run.json) {
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& [what, how] : v.steps) steps.push_back({{"check", what}, {"result", how}});
    std::cout << nlohmann::json{{"command", "verify-certificate"}, {"manifest", o.manifest}, {"question", question_text(m.question)},
                                {"cnf_sha256", v.cnf_sha256.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.cnf_sha256)},
                                {"verdict", verdict_word(r)}, {"accepted", r.accepted}, {"message", r.message},
                                {"reason", r.limit_reached ? nlohmann::json(r.message) : nlohmann::json(nullptr)},
                                {"checks", steps}, {"rules_words", v.rules_words},
                                {"parts", m.question.by_parts ? nlohmann::json{{"count", m.parts.size()}, {"checked_here", v.parts_checked},
                                                                               {"from_ledger", v.parts_from_ledger}}
                                                              : nlohmann::json(nullptr)}, {"lemmas", r.lemmas}, {"core_lemmas", r.core_lemmas},
                                {"seconds", secs}, {"peak_memory_mb", limits::peak_resident_mb()}, {"versions", versions_json()}}
                     .dump(2)
              << "\n";
    return;
  }
  std::cout << fmt::format("manifest  {} (written by carve {})\n", o.manifest, m.carve_version);
  for (const auto& [what, how] : v.steps) std::cout << fmt::format("{:<9} {}\n", what, how);
  if (r.limit_reached)
    std::cout << fmt::format("verdict   unknown: {} (neither accepted nor rejected; {:.3f} s)\n", r.message, secs);
  else
    std::cout << fmt::format("verdict   {} ({:.3f} s)\n", r.message, secs);
}

int run_verify_certificate(const VerifyCertificateOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto limits = o.run.limits();
  limits::Budget budget(limits, t0);
  CertificateManifest m;
  Verification v;
  try {
    m = read_certificate_manifest(o.manifest);
    v = verify(m, o, budget, limits);
  } catch (const ManifestError& e) {
    std::cerr << "carve: " << parser::printable(e.what()) << "\n";
    return kBadInput;
  } catch (const drat::InputError& e) {
    std::cerr << "carve: " << parser::printable(e.what()) << "\n";
    return kBadInput;
  }
  report(o, m, v, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  if (v.result.limit_reached) return kUndecided;
  return v.result.accepted ? kAnswered : kMismatch;
}
}  // namespace

void add_verify_certificate_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<VerifyCertificateOptions>();
  auto* sub = app.add_subcommand(
      "verify-certificate",
      "check a certified no-win from its manifest (NAME.certificate.json, written by solve --proof and check --certify "
      "--proof-dir): the spec's and case's SHA-256, the rules record, the CNF re-derived from the question and compared "
      "byte for byte, the SHA-256 of the CNF and the proof, and the DRAT proof; exit 0 accepted, 1 rejected, 2 bad input, "
      "4 unknown (a limit reached)");
  sub->add_option("manifest", o->manifest, "the certificate manifest (NAME.certificate.json)")->required();
  sub->add_option("--spec", o->spec,
                  "read this spec instead of the one the manifest names (a certificate folder that moved away from its spec): "
                  "the question's input when it is a spec, else the spec its case names; its SHA-256 must still be the one "
                  "the manifest records");
  sub->add_option("--jobs", o->jobs, "a certificate by parts: check this many parts at once, one thread each (default 1); the "
                                     "verdict and the steps are those of checking the parts in order")
      ->check(CLI::Range(1, 256));
  sub->add_flag("--no-ledger", o->no_ledger,
                "a certificate by parts: take no part from its ledger record (solve --part-ledger): every part's files must be here "
                "and every proof is checked; a part whose files are not here is unknown (exit 4)");
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_verify_certificate(*o); });
}

}  // namespace carve::cli
