// The sat engine's adapter asked with the part's first moves (engines::Tuning::first_moves) and a
// proof request: the incremental run learns the stability lemmas the certified formula needs,
// then certify_no_win refutes the part's formula (under path=walk the formula alone, before any
// search: Tuning::certificate_first).
#include "questions/atlas/split_part.hpp"

#include <chrono>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "questions/atlas/question_game.hpp"
#include "questions/check/run_case.hpp"
#include "questions/report/answer_report.hpp"
#include "engines/registry/registry.hpp"

namespace carve::atlas {

namespace fs = std::filesystem;

namespace {

encoder::FirstMoves part_moves(const model::Game& game, const SplitPart& part) {
  encoder::FirstMoves out;
  for (const auto& text : part.first_moves) {
    std::istringstream in(text);
    std::string u, v;
    in >> u >> v;
    const auto& names = game.universe.by_name;
    if (!names.count(u) || !names.count(v)) throw std::runtime_error(fmt::format("part {}: '{}' names no vertex of the scope", part.index, text));
    const auto a = names.at(u), b = names.at(v);
    out.emplace_back(std::min(a, b), std::max(a, b));
  }
  return out;
}

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

namespace {

// The record of a no-win certificate's outcome: no-win certified, or (a limit) unknown.
void record_no_win(nlohmann::json& rec, const encoder::NoWinCertificate& c, int k, const std::string& dir, bool keep) {
  if (c.status == encoder::NoWinCertificate::Status::Rejected || c.status == encoder::NoWinCertificate::Status::Satisfiable)
    throw std::logic_error(fmt::format("the part's certificate failed ({}): {}", encoder::status_name(c.status), c.message));
  rec["certificate"] = certificate_record(c, k, dir, keep);
  rec["status"] = "no-win";
  rec["lower_bound"] = k + 1;
  rec["lower_bound_certified"] = c.accepted();
  if (!c.accepted()) rec["reason"] = "no certificate: " + c.message;
}

}  // namespace

nlohmann::json answer_part(const Plan& plan, const Question& q, const RunContext& ctx) {
  const auto t0 = std::chrono::steady_clock::now();
  const QuestionGame g = elaborate_question(plan, q, ctx.dir);
  const int k = plan.settings.max_turns;
  nlohmann::json rec = question_record(plan, q, ctx, g);
  rec["part"] = {{"index", q.part->index}, {"of", q.part->of}, {"first_moves", q.part->first_moves},
                 {"orbit_sizes", q.part->orbit_sizes}};
  double certify = 0;
  auto done = [&]() {
    close_record(rec, since(t0) - certify, certify, since(t0));
    return rec;
  };
  if (auto no = engines::refusal(engines::Route::Certificate, g.game, g.target)) {
    rec["status"] = "refused";
    rec["reason"] = no->text();
    return done();
  }
  fs::create_directories(fs::path(ctx.dir) / "certificates");
  const limits::Limits lim = question_limits(plan, ctx);
  const auto moves = part_moves(g.game, *q.part);
  const encoder::ProofRequest request{(fs::path(ctx.dir) / "certificates" / fmt::format("{}-k{}", q.key, k)).string(), true};
  // The part is the question with turn 1's e_new among its first moves, asked of the sat engine's
  // adapter without symmetry breaking (the chains may keep another member of an orbit than the
  // part's); under path=walk the part's formula alone is refuted first (Tuning::certificate_first).
  engines::Question ask{.game = g.game, .target = g.target, .turns = k, .progress = lim.progress, .proof = request};
  ask.tuning.symmetry_breaking = false;
  ask.tuning.first_moves = moves;
  ask.tuning.certificate_first = true;
  const answer::Answer sat = engines::adapter(elab::Engine::Sat).answer(ask, model::Budget(lim));
  const answer::Result& r = sat;
  // The part's answer as solve --json writes it (the one answer writer, questions/report).
  rec["answer"] = report::answer_json(report::AnswerReport{g.game, g.target, k, sat});
  if (sat.certificate) {
    const auto& c = *sat.certificate;
    if (c.status == encoder::NoWinCertificate::Status::Rejected || c.status == encoder::NoWinCertificate::Status::Satisfiable)
      throw std::logic_error(fmt::format("the part's certificate failed ({}): {}", encoder::status_name(c.status), c.message));
    certify += c.solve_seconds + c.check_seconds;
  }
  switch (r.verdict) {
    case answer::Verdict::Win:
      // The play starts at S_0 and its first move is the part's: replayed whole, it is a play
      // of the question itself.
      if (auto bad = cases::confirm_witness(g.game, g.target, r); !bad.empty())
        throw std::logic_error("the part's witness does not replay: " + bad);
      rec["status"] = "win";
      rec["turns"] = rec["upper_bound"] = *r.turns;
      rec["witness"] = write_witness(g, r, ctx.dir, q);
      break;
    case answer::Verdict::NoWin:
      if (sat.certificate) {
        record_no_win(rec, *sat.certificate, k, ctx.dir, plan.settings.keep_proofs);
      } else {
        rec["status"] = "no-win";
        rec["lower_bound"] = k + 1;
        rec["reason"] = "no certificate: not run";
      }
      break;
    case answer::Verdict::Unknown:
      rec["status"] = "unknown";
      rec["reason"] = r.reason;
      rec["lower_bound"] = r.completed_depth + 1;
      break;
  }
  return done();
}

}  // namespace carve::atlas
