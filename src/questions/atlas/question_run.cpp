// Answering one question: the plan's engine's adapter (engines/registry) searches up to the turn
// bound, the win is replayed, then the no-win one turn shorter certified with a DRAT proof
// (engines/sat/search/no_win_certificate.hpp): by the sat engine from its search's own encoding
// (its stability lemmas carry over), otherwise by the sat adapter asked afresh with a proof
// request. The search and the certificate each get the plan's timeout and memory limit, so a
// search stopped by the limit still leaves time to certify the bound it proved.
#include "questions/atlas/question_run.hpp"
#include "foundations/limits/utc_time.hpp"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "questions/atlas/atlas_verify.hpp"
#include "questions/atlas/question_game.hpp"
#include "questions/atlas/rules_hash.hpp"
#include "questions/atlas/split_part.hpp"
#include "questions/check/run_case.hpp"
#include "questions/report/answer_report.hpp"
#include "questions/report/certificate_report.hpp"
#include "rules/elaborate/case.hpp"
#include "rules/elaborate/witness_writer.hpp"
#include "foundations/files/sha256.hpp"
#include "engines/registry/registry.hpp"
#include "foundations/files/atomic_file.hpp"

namespace carve::atlas {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string host_name() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? std::string(buf) : std::string();
}

std::string relative_to(const std::string& dir, const std::string& path) {
  return fs::path(path).lexically_relative(fs::path(dir)).string();
}

using Game = QuestionGame;

}  // namespace

limits::Limits question_limits(const Plan& plan, const RunContext& ctx) {
  return {plan.settings.timeout, plan.settings.memory_mb, ctx.progress};
}

void close_record(nlohmann::json& rec, double search_seconds, double certify_seconds, double total_seconds) {
  rec["seconds"] = {{"search", search_seconds}, {"certify", certify_seconds}, {"total", total_seconds}};
  rec["finished"] = limits::utc_now();
}

QuestionGame elaborate_question(const Plan& plan, const Question& q, const std::string& dir) {
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

nlohmann::json certificate_record(const encoder::NoWinCertificate& c, int turns, const std::string& dir, bool keep) {
  // The certificate as every report writes it (questions/report), its paths relative to the atlas
  // folder and named even when --drop-proofs deletes the files (their SHA-256 identify them).
  nlohmann::json j = report::certificate_json(c, {keep ? report::Files::Kept : report::Files::Dropped, "", "", dir});
  j["turns"] = turns;
  if (!keep) {
    std::error_code ec;
    fs::remove(c.cnf_path, ec);
    fs::remove(c.proof_path, ec);
  }
  return j;
}

namespace {

// Where a certificate's files go: DIR/certificates/KEY-kJ.cnf and .drat.
std::string certificate_base(const std::string& dir, const Question& q, int turns) {
  return (fs::path(dir) / "certificates" / fmt::format("{}-k{}", q.key, turns)).string();
}

// The no-win within `turns`, certified by a fresh run of the sat engine's adapter with a proof
// request (whatever engine searched: docs/atlas.md), within `budget`.
nlohmann::json certify(const Game& g, int turns, const model::Budget& budget, const std::string& dir, const Question& q,
                       bool keep, double& seconds) {
  const auto t0 = Clock::now();
  fs::create_directories(fs::path(dir) / "certificates");
  const encoder::ProofRequest request{certificate_base(dir, q, turns), true};
  engines::Question ask{.game = g.game, .target = g.target, .turns = turns, .proof = request};
  ask.tuning.certificate_first = true;  // under path=walk the formula alone, no search
  const auto a = engines::adapter(elab::Engine::Sat).answer(ask, budget);
  if (a.win())
    throw std::logic_error(fmt::format("the sat engine found a win within {} turns, below the shortest carving", turns));
  if (!a.certificate)
    return {{"turns", turns}, {"status", "not-run"}, {"certified", false}, {"message", a.reason}};
  const encoder::NoWinCertificate& c = *a.certificate;
  seconds = since(t0);
  if (c.status == encoder::NoWinCertificate::Status::Rejected || c.status == encoder::NoWinCertificate::Status::Satisfiable)
    throw std::logic_error(fmt::format("the no-win certificate within {} turns failed ({}): {}", turns, encoder::status_name(c.status), c.message));
  return certificate_record(c, turns, dir, keep);
}

}  // namespace

nlohmann::json write_witness(const Game& g, const answer::Result& r, const std::string& dir, const Question& q) {
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

std::string rules_sha256_now(const Plan& plan, const Question& q, const std::string& dir) {
  return rules_sha256(elaborate_question(plan, q, dir).game);
}

bool is_settled(const nlohmann::json& record) {
  // A part's win is its answer (the whole question is a win); a re-run would find it again. An
  // unknown stays open even when the bound it reached is certified: a longer run can answer it.
  const std::string status = record.value("status", "");
  if (status == "unknown") return false;
  // A win is settled by a certified lower bound at its own length, not below it (a probe's win).
  if (status == "win" && !record.contains("part"))
    return record.value("lower_bound_certified", false) && record.value("lower_bound", 0) >= record.value("turns", 0);
  return status == "refused" || record.value("lower_bound_certified", false) || (record.contains("part") && status == "win");
}

namespace {

// The search's answer, and the certificate of the no-win one turn below its win (or at the turn
// bound) when the sat engine could build it from its own encoding (SatOptions::certify_below_win).
struct Searched {
  answer::Answer result;  // the search's answer, its certificate moved to `certificate`
  std::optional<encoder::NoWinCertificate> certificate;
  int certificate_turns = -1;
  double certificate_seconds = 0;
};

// The search by the plan's engine's adapter. Every engine deepens frame by frame, so a win is
// the shortest carving; a sat win not proved shortest gets completed_depth -1 (no lower bound
// from it). An engine that certifies (sat) certifies the no-win below its win from the same
// encoding when `certify` (its stability lemmas carry over: no second search), within the
// certificate's own limits.
Searched search_question(const Game& g, const Plan& plan, const limits::Limits& lim, const std::string& dir, const Question& q,
                         bool certify) {
  engines::Question ask{.game = g.game, .target = g.target, .turns = plan.settings.max_turns, .progress = lim.progress};
  ask.tuning.probe_from_above = true;  // a win from above first: the frames below it only, and a win when they run out of time
  const std::string pending = certificate_base(dir, q, -1);  // renamed once its turns are known
  if (certify) {
    fs::create_directories(fs::path(dir) / "certificates");
    ask.proof = encoder::ProofRequest{pending, true};
    ask.tuning.certify_below_win = true;
    ask.tuning.certificate_limits = limits::Limits{lim.timeout_seconds, lim.memory_mb, false};
  }
  const auto t0 = Clock::now();
  auto a = engines::adapter(plan.settings.engine).answer(ask, model::Budget(lim));
  Searched out;
  out.result = a;
  out.result.certificate.reset();  // the record's `certificate` is the one below (renamed into place)
  // Frames refuted below a win not proved shortest bound it only under an exact encoding (the
  // probe's win, SatOptions::probe_from_above, keeps them then).
  if (a.win() && !a.shortest() && !(a.encoding && a.encoding->exact)) out.result.completed_depth = -1;
  if (a.certificate) {
    out.certificate_seconds = since(t0) - a.seconds;
    out.certificate_turns = a.win() ? *a.turns - 1 : plan.settings.max_turns;
    auto& c = *a.certificate;
    const std::string base = certificate_base(dir, q, out.certificate_turns);
    // A certificate that could not be written is the run's failed write (exit 2, the system's
    // reason); one a limit stopped may have written only some of its files.
    if (c.status == encoder::NoWinCertificate::Status::CannotWrite) throw std::runtime_error(c.message);
    for (auto [from, to] : {std::pair{&c.cnf_path, base + ".cnf"}, std::pair{&c.proof_path, base + ".drat"}}) {
      std::error_code ec;
      if (fs::exists(*from, ec)) fs::rename(*from, to, ec);
      if (ec) throw std::runtime_error(fmt::format("cannot rename {} to {}: {}", *from, to, ec.message()));
      *from = to;
    }
    out.certificate = std::move(c);
  }
  return out;
}

// Certifies a no-win into the record (its own budget each time); says why not in `reason`.
// A certificate the search already built for these turns is taken as it is.
struct Certifier {
  const Game& g;
  const Question& q;
  const std::string& dir;
  bool keep;
  limits::Limits lim;
  std::optional<model::Refusal> refusal;
  Searched& searched;
  double seconds = 0;

  bool operator()(nlohmann::json& rec, int turns) {
    if (refusal) {
      if (rec["reason"].is_null()) rec["reason"] = "no certificate: " + refusal->text();
      return false;
    }
    if (searched.certificate && searched.certificate_turns == turns) {
      const auto& c = *searched.certificate;
      if (c.status == encoder::NoWinCertificate::Status::Rejected || c.status == encoder::NoWinCertificate::Status::Satisfiable)
        throw std::logic_error(fmt::format("the no-win certificate within {} turns failed ({}): {}", turns, encoder::status_name(c.status), c.message));
      rec["certificate"] = certificate_record(c, turns, dir, keep);
      seconds += searched.certificate_seconds;
    } else {
      double s = 0;
      rec["certificate"] = certify(g, turns, model::Budget(lim), dir, q, keep, s);
      seconds += s;
    }
    const bool ok = rec["certificate"]["certified"].get<bool>();
    if (!ok && rec["reason"].is_null()) rec["reason"] = "no certificate: " + rec["certificate"]["message"].get<std::string>();
    return ok;
  }
};

}  // namespace

nlohmann::json question_record(const Plan& plan, const Question& q, const RunContext& ctx, const QuestionGame& g) {
  return {{"format", kResultFormat}, {"key", q.key}, {"index", q.index},
          {"target", {{"text", q.target}, {"label", q.label}, {"vertices", q.vertices}, {"edges", q.edges}}},
          {"profile", q.profile}, {"depth", q.depth}, {"turn_bound", plan.settings.max_turns}, {"engine", elab::name(plan.settings.engine)},
          {"spec", plan.settings.spec}, {"sets", plan.settings.sets}, {"reading", g.game.reading()},
          {"rules_sha256", rules_sha256(g.game)}, {"versions", ctx.versions}, {"command", ctx.command}, {"host", host_name()},
          {"timeout", plan.settings.timeout},
          {"started", limits::utc_now()}, {"turns", nullptr}, {"lower_bound", 0}, {"lower_bound_certified", false},
          {"upper_bound", nullptr}, {"witness", nullptr}, {"certificate", nullptr}, {"reason", nullptr}, {"answer", nullptr}};
}

nlohmann::json answer_question(const Plan& plan, const Question& q, const RunContext& ctx) {
  if (q.part) return answer_part(plan, q, ctx);
  const auto t0 = Clock::now();
  const Game g = elaborate_question(plan, q, ctx.dir);
  const int bound = plan.settings.max_turns;
  nlohmann::json rec = question_record(plan, q, ctx, g);
  if (auto no = engines::refusal(plan.settings.engine, g.game, g.target)) {
    rec["status"] = "refused";
    rec["reason"] = no->text();
    close_record(rec, 0.0, 0.0, since(t0));
    return rec;
  }
  const limits::Limits lim = question_limits(plan, ctx);
  auto refusal = engines::refusal(engines::Route::Certificate, g.game, g.target);
  // Only an engine that certifies (sat) is asked for a proof with its search; the others' no-wins
  // are certified by the sat engine afterwards (docs/atlas.md: whatever engine searched).
  Searched searched = search_question(g, plan, lim, ctx.dir, q, engines::adapter(plan.settings.engine).certifies() && !refusal);
  const answer::Result& r = searched.result;
  const double search_seconds = since(t0) - searched.certificate_seconds;
  // The search's answer as solve --json writes it (the one answer writer, questions/report).
  rec["answer"] = report::answer_json(report::AnswerReport{g.game, g.target, bound, searched.result});
  Certifier certify_no_win{g, q, ctx.dir, plan.settings.keep_proofs, lim, refusal, searched};
  switch (r.verdict) {
    case answer::Verdict::Win: {
      if (auto bad = cases::confirm_witness(g.game, g.target, r); !bad.empty())
        throw std::logic_error("the engine's witness does not replay: " + bad);
      const int k = *r.turns;
      rec["turns"] = rec["upper_bound"] = k;
      rec["witness"] = write_witness(g, r, ctx.dir, q);
      if (!searched.result.shortest() && r.completed_depth >= 0 && r.completed_depth < k - 1) {
        // A win found from above whose frames below ran out of time: the shortest carving lies
        // between the frames refuted and the win (certified as far as those frames are).
        rec["lower_bound"] = r.completed_depth + 1;
        rec["lower_bound_certified"] = certify_no_win(rec, r.completed_depth);
        rec["status"] = "win";
        break;
      }
      const bool certified = k == 0 || certify_no_win(rec, k - 1);
      rec["lower_bound"] = certified || r.completed_depth >= 0 ? k : 0;
      rec["lower_bound_certified"] = certified;
      rec["status"] = certified ? "certified" : "win";
      break;
    }
    case answer::Verdict::NoWin:
      rec["status"] = "no-win";
      rec["lower_bound"] = bound + 1;
      rec["lower_bound_certified"] = certify_no_win(rec, bound);
      break;
    case answer::Verdict::Unknown:
      rec["status"] = "unknown";
      rec["reason"] = r.reason;
      rec["lower_bound"] = r.completed_depth + 1;  // every play of completed_depth turns was covered
      if (r.completed_depth >= 0) rec["lower_bound_certified"] = certify_no_win(rec, r.completed_depth);
      break;
  }
  close_record(rec, search_seconds, certify_no_win.seconds, since(t0));
  return rec;
}

nlohmann::json complete_win(const Plan& plan, const Question& q, const RunContext& ctx, const nlohmann::json& earlier) {
  const auto t0 = Clock::now();
  const Game g = elaborate_question(plan, q, ctx.dir);
  nlohmann::json rec = question_record(plan, q, ctx, g);
  if (rec["rules_sha256"] != earlier.value("rules_sha256", "") || !witness_problem(ctx.dir, earlier).empty())
    return answer_question(plan, q, ctx);
  const int k = earlier["turns"].get<int>();
  rec["turns"] = rec["upper_bound"] = k;
  rec["witness"] = earlier["witness"];
  // The record whose search found the witness (and called it shortest), through earlier completions.
  rec["witness_from"] = earlier.value("witness_from", earlier.value("finished", ""));
  rec["answer"] = earlier.value("answer", nlohmann::json());  // that search's answer
  Searched none;
  Certifier certify_no_win{g, q, ctx.dir, plan.settings.keep_proofs, question_limits(plan, ctx),
                           engines::refusal(engines::Route::Certificate, g.game, g.target), none};
  const bool certified = k == 0 || certify_no_win(rec, k - 1);
  rec["lower_bound"] = k;
  rec["lower_bound_certified"] = certified;
  rec["status"] = certified ? "certified" : "win";
  close_record(rec, 0.0, certify_no_win.seconds, since(t0));
  return rec;
}

const nlohmann::json* completable_win(const std::vector<nlohmann::json>& records, const std::string& key) {
  for (auto it = records.rbegin(); it != records.rend(); ++it) {
    const auto& r = *it;
    if (r.value("key", "") != key || r.value("status", "") != "win" || r.contains("part")) continue;
    // value(): a const json's operator[] on a missing field is undefined, and the store is input.
    const auto turns = r.value("turns", nlohmann::json());
    if (!r.value("witness", nlohmann::json()).is_object() || !turns.is_number_integer() || r.value("lower_bound", nlohmann::json()) != turns)
      continue;
    return &r;
  }
  return nullptr;
}

}  // namespace carve::atlas
