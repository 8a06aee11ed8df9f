// Answering one question: search with the plan's engine up to the turn bound, replay the win,
// then a fresh sat run one turn shorter with a DRAT proof (encoder/no_win_certificate.hpp). The
// search and the certificate each get the plan's timeout and memory limit, so a search stopped
// by the limit still leaves time to certify the bound it proved.
#include "atlas/question_run.hpp"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "atlas/rules_hash.hpp"
#include "checker/cases/run_case.hpp"
#include "elaborate/case.hpp"
#include "elaborate/witness_writer.hpp"
#include "parser/sha256.hpp"
#include "engines/registry.hpp"
#include "files/atomic_file.hpp"

namespace carve::atlas {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string host_name() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? std::string(buf) : std::string();
}

std::string relative_to(const std::string& dir, const std::string& path) {
  return fs::path(path).lexically_relative(fs::path(dir)).string();
}

struct Game {
  std::string spec_path;
  parser::ast::Spec spec;
  elab::Settings settings;
  model::Game game;
  model::Target target;
};

Game elaborate_question(const Plan& plan, const Question& q, const std::string& dir) {
  const parser::Location here{fmt::format("{} question {}", plan_path(dir), q.index), 0, 0};
  Game g;
  g.spec_path = spec_path(dir, plan);
  g.spec = elab::load_spec(g.spec_path);
  g.settings.profile = {q.profile, here};
  for (const auto& s : plan.settings.sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos) elab::fail(here, fmt::format("setting '{}' is not SWITCH=VALUE", s));
    g.settings.sets.emplace_back(elab::Located<std::string>{s.substr(0, eq), here},
                                 elab::Located<std::string>{s.substr(eq + 1), here});
  }
  g.settings.depth = elab::Located<int>{q.depth, here};
  g.game = elab::elaborate(g.spec, g.settings);
  g.target = elab::resolve_target_text({q.target, here});
  elab::check_target_fits(g.game, g.target, here);
  return g;
}

// The no-win within `turns`, certified by a fresh sat run with a DRAT proof, within `budget`.
nlohmann::json certify(const Game& g, int turns, const model::Budget& budget, const std::string& dir, const Question& q,
                       bool keep, double& seconds) {
  const auto t0 = Clock::now();
  fs::create_directories(fs::path(dir) / "certificates");
  const std::string base = (fs::path(dir) / "certificates" / fmt::format("{}-k{}", q.key, turns)).string();
  auto so = cases::sat_options("sat", turns, limits::Limits{});
  so.budget = budget;
  so.proof = encoder::ProofRequest{base, true};
  const auto sat = encoder::sat_search(g.game, g.target, so);
  seconds = since(t0);
  if (sat.result.verdict == search::Verdict::Win)
    throw std::logic_error(fmt::format("the sat engine found a win within {} turns, below the shortest carving", turns));
  if (!sat.certificate)
    return {{"turns", turns}, {"status", "not-run"}, {"certified", false}, {"message", sat.result.reason}};
  const auto& c = *sat.certificate;
  if (c.status == encoder::NoWinCertificate::Status::Rejected || c.status == encoder::NoWinCertificate::Status::Satisfiable)
    throw std::logic_error(fmt::format("the no-win certificate within {} turns failed ({}): {}", turns, encoder::status_name(c.status), c.message));
  nlohmann::json j = {{"turns", turns},
                      {"status", encoder::status_name(c.status)},
                      {"certified", c.accepted()},
                      {"message", c.message},
                      {"cnf", relative_to(dir, c.cnf_path)},
                      {"cnf_sha256", c.cnf_sha256},
                      {"proof", relative_to(dir, c.proof_path)},
                      {"proof_sha256", c.accepted() ? parser::file_sha256_hex(c.proof_path) : ""},
                      {"proof_format", "binary DRAT"},
                      {"proof_bytes", c.proof_bytes},
                      {"variables", c.variables},
                      {"clauses", c.clauses},
                      {"solve_seconds", c.solve_seconds},
                      {"check_seconds", c.check_seconds},
                      {"checker", "carve verify-proof (checker/drat)"},
                      {"files_kept", keep}};
  if (!keep) {
    std::error_code ec;
    fs::remove(c.cnf_path, ec);
    fs::remove(c.proof_path, ec);
  }
  return j;
}

nlohmann::json write_witness(const Game& g, const search::Result& r, const std::string& dir, const Question& q) {
  fs::create_directories(fs::path(dir) / "witnesses");
  const std::string path = (fs::path(dir) / "witnesses" / (q.key + ".case")).string();
  const std::string spec_ref = fs::relative(fs::absolute(g.spec_path), fs::absolute(fs::path(path).parent_path())).string();
  const elab::WitnessInput w{spec_ref, &g.spec, &g.settings, &g.game, &g.target, r.witness,
                             r.component ? r.component->vertices : std::vector<model::VertexId>{},
                             fmt::format("atlas: {} under {} at depth {}", q.label, q.profile, q.depth), g.spec_path,
                             elab::spec_sha256(g.spec_path)};
  const std::string text = elab::witness_text(w);
  files::write_file_atomically(path, text);
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : r.witness) moves.push_back(model::move_text(g.game, m));
  return {{"file", relative_to(dir, path)}, {"sha256", parser::sha256_hex(text)}, {"moves", moves}};
}

}  // namespace

std::string rules_sha256_now(const Plan& plan, const Question& q, const std::string& dir) {
  return rules_sha256(elaborate_question(plan, q, dir).game);
}

bool is_settled(const nlohmann::json& record) {
  return record.value("status", "") == "refused" || record.value("lower_bound_certified", false);
}

namespace {

// The search with the plan's engine. Both deepen frame by frame, so a win is the shortest
// carving; a sat win not proved shortest gets completed_depth -1 (no lower bound from it).
search::Result search_question(const Game& g, const Plan& plan, const limits::Limits& lim) {
  const model::Budget budget(lim);
  if (plan.settings.engine == "explicit") {
    search::Options opt;
    opt.max_turns = plan.settings.max_turns;
    opt.budget = budget;
    opt.progress = lim.progress;
    return search::explicit_search(g.game, g.target, opt);
  }
  auto so = cases::sat_options(plan.settings.engine, plan.settings.max_turns, lim);
  so.budget = budget;
  const auto sat = encoder::sat_search(g.game, g.target, so);
  auto r = sat.result;
  if (r.verdict == search::Verdict::Win && !sat.shortest) r.completed_depth = -1;
  return r;
}

// Certifies a no-win into the record (its own budget each time); says why not in `reason`.
struct Certifier {
  const Game& g;
  const Question& q;
  const std::string& dir;
  bool keep;
  limits::Limits lim;
  std::optional<model::Refusal> refusal;
  double seconds = 0;

  bool operator()(nlohmann::json& rec, int turns) {
    if (refusal) {
      if (rec["reason"].is_null()) rec["reason"] = "no certificate: " + refusal->text();
      return false;
    }
    double s = 0;
    rec["certificate"] = certify(g, turns, model::Budget(lim), dir, q, keep, s);
    seconds += s;
    const bool ok = rec["certificate"]["certified"].get<bool>();
    if (!ok && rec["reason"].is_null()) rec["reason"] = "no certificate: " + rec["certificate"]["message"].get<std::string>();
    return ok;
  }
};

}  // namespace

nlohmann::json answer_question(const Plan& plan, const Question& q, const RunContext& ctx) {
  const auto t0 = Clock::now();
  const std::string started = utc_now();
  const Game g = elaborate_question(plan, q, ctx.dir);
  const int bound = plan.settings.max_turns;
  nlohmann::json rec = {{"format", kResultFormat}, {"key", q.key}, {"index", q.index},
                        {"target", {{"text", q.target}, {"label", q.label}, {"vertices", q.vertices}, {"edges", q.edges}}},
                        {"profile", q.profile}, {"depth", q.depth}, {"turn_bound", bound}, {"engine", plan.settings.engine},
                        {"spec", plan.settings.spec}, {"sets", plan.settings.sets}, {"reading", g.game.reading()},
                        {"rules_sha256", rules_sha256(g.game)}, {"versions", ctx.versions}, {"command", ctx.command}, {"host", host_name()},
                        {"started", started}, {"turns", nullptr}, {"lower_bound", 0}, {"lower_bound_certified", false},
                        {"upper_bound", nullptr}, {"witness", nullptr}, {"certificate", nullptr}, {"reason", nullptr}};
  if (auto no = engines::refusal(plan.settings.engine, g.game, g.target)) {
    rec["status"] = "refused";
    rec["reason"] = no->text();
    rec["seconds"] = {{"search", 0.0}, {"certify", 0.0}, {"total", since(t0)}};
    return rec;
  }
  const limits::Limits lim{plan.settings.timeout, plan.settings.memory_mb, ctx.progress};
  const search::Result r = search_question(g, plan, lim);
  const double search_seconds = since(t0);
  Certifier certify_no_win{g, q, ctx.dir, plan.settings.keep_proofs, lim, engines::refusal("certificate", g.game, g.target)};
  switch (r.verdict) {
    case search::Verdict::Win: {
      if (auto bad = cases::confirm_witness(g.game, g.target, r); !bad.empty())
        throw std::logic_error("the engine's witness does not replay: " + bad);
      const int k = *r.turns;
      rec["turns"] = rec["upper_bound"] = k;
      rec["witness"] = write_witness(g, r, ctx.dir, q);
      const bool certified = k == 0 || certify_no_win(rec, k - 1);
      rec["lower_bound"] = certified || r.completed_depth >= 0 ? k : 0;
      rec["lower_bound_certified"] = certified;
      rec["status"] = certified ? "certified" : "win";
      break;
    }
    case search::Verdict::NoWin:
      rec["status"] = "no-win";
      rec["lower_bound"] = bound + 1;
      rec["lower_bound_certified"] = certify_no_win(rec, bound);
      break;
    case search::Verdict::Unknown:
      rec["status"] = "unknown";
      rec["reason"] = r.reason;
      rec["lower_bound"] = r.completed_depth + 1;  // every play of completed_depth turns was covered
      if (r.completed_depth >= 0) rec["lower_bound_certified"] = certify_no_win(rec, r.completed_depth);
      break;
  }
  rec["seconds"] = {{"search", search_seconds}, {"certify", certify_no_win.seconds}, {"total", since(t0)}};
  rec["finished"] = utc_now();
  return rec;
}

}  // namespace carve::atlas
