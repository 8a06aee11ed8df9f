// The manifest's JSON, field by field. Reading checks each field's presence and type where it is
// read, so an error names the field by its dotted path ("question.spec.sha256").
#include "front/cli/certificate_manifest.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "questions/atlas/rules_hash.hpp"
#include "foundations/files/atomic_file.hpp"
#include "rules/elaborate/engine.hpp"
#include "rules/model/rules_words.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::cli {

namespace {

constexpr const char* kFormat = "carve-certificate/1";

FileRecord record(const std::string& path, const std::string& manifest_path, std::string sha256 = {}) {
  return {path, fs_relative(manifest_path, path), sha256.empty() ? parser::file_sha256_hex(path) : std::move(sha256)};
}

nlohmann::json file_json(const FileRecord& f) { return {{"path", f.path}, {"relative", f.relative}, {"sha256", f.sha256}}; }

template <class T>
nlohmann::json or_null(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// The manifest's fields by dotted path; each getter fails with the manifest's path and the field.
class Fields {
 public:
  Fields(const nlohmann::json& j, std::string path) : root_(j), path_(std::move(path)) {}
  // The field, or null when it (or an object on its path) is missing.
  const nlohmann::json* find(const std::string& dotted) const {
    const nlohmann::json* j = &root_;
    std::size_t from = 0;
    while (true) {
      const std::size_t dot = dotted.find('.', from);
      const std::string key = dotted.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
      if (j->is_array() && !key.empty() && key.find_first_not_of("0123456789") == std::string::npos) {
        const std::size_t i = std::stoul(key);  // "parts.3": an array's element
        if (i >= j->size()) return nullptr;
        j = &(*j)[i];
      } else {
        if (!j->is_object() || !j->contains(key)) return nullptr;
        j = &(*j)[key];
      }
      if (dot == std::string::npos) return j;
      from = dot + 1;
    }
  }
  const nlohmann::json& at(const std::string& dotted) const {
    const nlohmann::json* j = find(dotted);
    if (!j) fail(dotted, "missing field");
    return *j;
  }
  std::string text(const std::string& dotted) const {
    const auto& j = at(dotted);
    if (!j.is_string()) fail(dotted, "expected a string");
    return j.get<std::string>();
  }
  bool flag(const std::string& dotted) const {
    const auto& j = at(dotted);
    if (!j.is_boolean()) fail(dotted, "expected true or false");
    return j.get<bool>();
  }
  template <class T>
  T number(const std::string& dotted) const {
    const auto& j = at(dotted);
    if (!j.is_number_integer()) fail(dotted, "expected an integer");
    return j.get<T>();
  }
  std::optional<int> optional_int(const std::string& dotted) const {
    const auto& j = at(dotted);
    if (j.is_null()) return std::nullopt;
    return number<int>(dotted);
  }
  // A count a manifest may lack (written before carve recorded it) or leave null: none then.
  std::optional<std::size_t> optional_count(const std::string& dotted) const {
    const nlohmann::json* j = find(dotted);
    if (!j || j->is_null()) return std::nullopt;
    if (!j->is_number_unsigned()) fail(dotted, "expected a count (an integer of at least 0) or null");
    return j->get<std::size_t>();
  }
  FileRecord file(const std::string& dotted) const {
    return {text(dotted + ".path"), text(dotted + ".relative"), text(dotted + ".sha256")};
  }
  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw ManifestError(fmt::format("{}: field {}: {}", path_, field, what));
  }

 private:
  const nlohmann::json& root_;
  std::string path_;
};

CertifiedQuestion question_from(const Fields& f) {
  CertifiedQuestion q;
  q.command = f.text("question.command");
  if (q.command != "solve" && q.command != "check") f.fail("question.command", "expected \"solve\" or \"check\"");
  q.input = f.text("question.input.path");
  q.target = f.text("question.target");
  q.turns = f.optional_int("question.turns");
  q.game.profile = f.text("question.profile");
  const auto& sets = f.at("question.set");
  if (!sets.is_array()) f.fail("question.set", "expected an array of SWITCH=VALUE");
  for (const auto& s : sets) {
    if (!s.is_string()) f.fail("question.set", "expected an array of SWITCH=VALUE");
    q.game.sets.push_back(s.get<std::string>());
  }
  const auto& depth = f.at("question.depth");
  if (depth.is_string() && depth.get<std::string>() == "any")
    q.game.depth_any = q.game.depth_any_allowed = true;
  else
    q.game.depth = f.optional_int("question.depth");
  q.game.vars = f.optional_int("question.vars");
  q.game.root = f.text("question.root");
  q.seed = f.number<unsigned>("question.seed");
  q.symmetry_breaking = f.flag("question.symmetry_breaking");
  q.by_parts = f.find("question.by_parts") && f.flag("question.by_parts");  // absent: written before parts existed
  // "sat", "sat (shape encoding)" or "capacity" (absent: written before the field, always sat).
  if (const nlohmann::json* engine = f.find("question.engine")) {
    if (!engine->is_string()) f.fail("question.engine", "expected \"sat\", \"sat (shape encoding)\" or \"capacity\"");
    q.by_capacity = elab::parse(engine->get<std::string>()) == elab::Engine::Capacity;  // "sat (shape encoding)" parses to none
  }
  return q;
}

}  // namespace

// Without the spec's location: a certificate verified from another folder words its rules alike.
std::vector<std::string> rules_word_lines(const model::Game& game) {
  std::vector<std::string> out;
  for (const auto& r : model::rules_in_words(game)) out.push_back(r.name + "  " + model::rule_line(r, false));
  return out;
}

std::string manifest_path_for(const std::string& cnf_path) { return encoder::beside_cnf(cnf_path, ".certificate.json"); }

std::string manifest_path_for(const encoder::NoWinCertificate& cert) {
  if (cert.parts.empty()) return manifest_path_for(cert.cnf_path);
  const std::string first = cert.parts.front().cnf_path, ext = ".part-00.cnf";
  if (first.size() <= ext.size() || first.compare(first.size() - ext.size(), ext.size(), ext) != 0)
    throw std::logic_error("a certificate by parts whose first CNF is not NAME.part-00.cnf: " + first);
  return first.substr(0, first.size() - ext.size()) + ".certificate.json";
}

CertificateManifest make_manifest(const CertifiedQuestion& q, const elab::Case& c, const encoder::NoWinCertificate& cert,
                                  const std::string& manifest_path) {
  CertificateManifest m;
  m.question = q;
  m.input = record(q.input, manifest_path);
  m.spec = record(c.spec_path, manifest_path);
  m.rules_sha256 = atlas::rules_sha256(c.game);
  m.rules_record = atlas::rules_text(c.game);
  m.rules_words = rules_word_lines(c.game);
  m.target = c.target ? c.target->text : "";
  m.turns = c.turns ? c.turns->value : 0;
  m.depth = q.game.depth_any ? "any"
            : c.game.universe.kind == model::Universe::Kind::WordTree ? std::to_string(c.game.universe.depth)
                                                                      : "";
  if (cert.parts.empty()) {
    m.cnf = record(cert.cnf_path, manifest_path, cert.cnf_sha256);
    m.drat = record(cert.proof_path, manifest_path, cert.proof_sha256);
  }
  for (const auto& p : cert.parts) {
    PartRecord r{p.cube, record(p.cnf_path, manifest_path, p.cnf_sha256), record(p.proof_path, manifest_path, p.proof_sha256), {}};
    if (!p.ledger_path.empty()) r.ledger = record(p.ledger_path, manifest_path);
    m.parts.push_back(std::move(r));
  }
  m.binary = cert.binary;
  m.variables = cert.variables;
  m.clauses = cert.clauses;
  m.symmetry_clauses = cert.symmetry_clauses;
  m.stability_lemmas = cert.stability_lemmas;
  m.carve_version = kVersion;
  return m;
}

nlohmann::json manifest_json(const CertificateManifest& m) {
  const auto& q = m.question;
  const nlohmann::json depth = q.game.depth_any ? nlohmann::json("any") : or_null(q.game.depth);
  nlohmann::json j = {{"format", kFormat},
          {"carve_version", m.carve_version},
          {"question",
           {{"command", q.command},
            {"input", file_json(m.input)},
            {"spec", file_json(m.spec)},
            {"target", q.target},
            {"turns", or_null(q.turns)},
            {"profile", q.game.profile},
            {"set", q.game.sets},
            {"depth", depth},
            {"vars", or_null(q.game.vars)},
            {"root", q.game.root},
            {"engine", q.by_capacity ? elab::name(elab::Engine::Capacity) : q.game.depth_any ? "sat (shape encoding)" : "sat"},
            {"seed", q.seed},
            {"symmetry_breaking", q.symmetry_breaking},
            {"by_parts", q.by_parts}}},
          {"rules", {{"sha256", m.rules_sha256}, {"record", m.rules_record}, {"words", m.rules_words}}},
          {"bounds", {{"target", m.target}, {"turns", m.turns}, {"depth", m.depth.empty() ? nlohmann::json(nullptr) : m.depth == "any" ? nlohmann::json("any") : nlohmann::json(std::stoi(m.depth))}}},
          {"cnf", {{"path", m.cnf.path}, {"relative", m.cnf.relative}, {"sha256", m.cnf.sha256}, {"variables", m.variables},
                   {"clauses", m.clauses}, {"symmetry_clauses", m.symmetry_clauses},
                   {"stability_lemmas", or_null(m.stability_lemmas)}}},
          {"drat", {{"path", m.drat.path}, {"relative", m.drat.relative}, {"sha256", m.drat.sha256},
                    {"format", m.binary ? "binary" : "text"}}}};
  if (!q.by_parts) return j;
  // By parts: the counts are the certified formula's (each part adds its cube's unit clauses);
  // the files are the parts'.
  for (const char* key : {"path", "relative", "sha256"}) {
    j["cnf"].erase(key);
    j["drat"].erase(key);
  }
  nlohmann::json parts = nlohmann::json::array();
  for (const auto& p : m.parts) {
    parts.push_back({{"cube", p.cube}, {"cnf", file_json(p.cnf)}, {"drat", file_json(p.drat)}});
    if (p.ledger) parts.back()["ledger"] = file_json(*p.ledger);
  }
  j["parts"] = parts;
  return j;
}

std::string write_certificate_manifest(const CertifiedQuestion& q, const elab::Case& c, const encoder::NoWinCertificate& cert) {
  const std::string path = manifest_path_for(cert);
  files::write_file_atomically(path, manifest_json(make_manifest(q, c, cert, path)).dump(2) + "\n");
  return path;
}

CertificateManifest read_certificate_manifest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ManifestError(fmt::format("{}: cannot read the manifest: {}", path, std::strerror(errno)));
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    throw ManifestError(fmt::format("{}: not JSON: {}", path, e.what()));
  }
  const Fields f(j, path);
  if (f.text("format") != kFormat) f.fail("format", fmt::format("expected \"{}\"", kFormat));
  CertificateManifest m;
  m.question = question_from(f);
  m.input = f.file("question.input");
  m.spec = f.file("question.spec");
  m.rules_sha256 = f.text("rules.sha256");
  m.rules_record = f.text("rules.record");
  if (const nlohmann::json* words = f.find("rules.words")) {  // absent: written before carve wrote them
    if (!words->is_array()) f.fail("rules.words", "expected an array of lines");
    for (const auto& w : *words) {
      if (!w.is_string()) f.fail("rules.words", "expected an array of lines");
      m.rules_words.push_back(w.get<std::string>());
    }
  }
  if (m.question.by_parts) {
    const auto& parts = f.at("parts");
    if (!parts.is_array() || parts.empty()) f.fail("parts", "expected an array of parts");
    for (std::size_t i = 0; i < parts.size(); ++i) {
      const std::string at = fmt::format("parts.{}", i);
      const auto& cube = f.at(at + ".cube");
      PartRecord p;
      if (!cube.is_array()) f.fail(at + ".cube", "expected an array of literals");
      for (const auto& l : cube) {
        if (!l.is_number_integer() || l.get<long long>() == 0 || l.get<long long>() > INT32_MAX || l.get<long long>() < -INT32_MAX)
          f.fail(at + ".cube", "expected an array of literals (nonzero integers)");
        p.cube.push_back(l.get<int>());
      }
      p.cnf = f.file(at + ".cnf");
      p.drat = f.file(at + ".drat");
      if (f.find(at + ".ledger")) p.ledger = f.file(at + ".ledger");  // absent: no ledger
      m.parts.push_back(std::move(p));
    }
  } else {
    m.cnf = f.file("cnf");
    m.drat = f.file("drat");
  }
  const std::string format = f.text("drat.format");
  if (format != "binary" && format != "text") f.fail("drat.format", "expected \"binary\" or \"text\"");
  m.binary = format == "binary";
  m.variables = f.number<std::size_t>("cnf.variables");
  m.clauses = f.number<std::size_t>("cnf.clauses");
  m.symmetry_clauses = f.number<std::size_t>("cnf.symmetry_clauses");
  m.stability_lemmas = f.optional_count("cnf.stability_lemmas");
  m.carve_version = f.text("carve_version");
  return m;
}

}  // namespace carve::cli
