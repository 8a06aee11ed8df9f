// sat_search with SatOptions::first_moves and a proof request: the incremental run learns the
// stability lemmas the certified formula needs, then certify_no_win refutes the part's formula.
#include "atlas/split_part.hpp"

#include <chrono>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "atlas/question_game.hpp"
#include "checker/cases/run_case.hpp"
#include "encoder/sat_search.hpp"
#include "engines/registry.hpp"

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

nlohmann::json answer_part(const Plan& plan, const Question& q, const RunContext& ctx) {
  const auto t0 = std::chrono::steady_clock::now();
  const QuestionGame g = elaborate_question(plan, q, ctx.dir);
  const int k = plan.settings.max_turns;
  nlohmann::json rec = question_record(plan, q, ctx, g);
  rec["part"] = {{"index", q.part->index}, {"of", q.part->of}, {"first_moves", q.part->first_moves},
                 {"orbit_sizes", q.part->orbit_sizes}};
  auto done = [&](double search) {
    rec["seconds"] = {{"search", search}, {"certify", 0.0}, {"total", since(t0)}};
    rec["finished"] = utc_now();
    return rec;
  };
  if (auto no = engines::refusal("certificate", g.game, g.target)) {
    rec["status"] = "refused";
    rec["reason"] = no->text();
    return done(0);
  }
  fs::create_directories(fs::path(ctx.dir) / "certificates");
  const limits::Limits lim{plan.settings.timeout, plan.settings.memory_mb, ctx.progress};
  auto so = cases::sat_options("sat", k, lim);
  so.budget = model::Budget(lim);
  so.symmetry_breaking = false;
  so.first_moves = part_moves(g.game, *q.part);
  so.proof = encoder::ProofRequest{(fs::path(ctx.dir) / "certificates" / fmt::format("{}-k{}", q.key, k)).string(), true};
  const auto sat = encoder::sat_search(g.game, g.target, so);
  const auto& r = sat.result;
  switch (r.verdict) {
    case search::Verdict::Win: {
      // The play starts at S_0 and its first move is the part's: replayed whole, it is a play
      // of the question itself.
      if (auto bad = cases::confirm_witness(g.game, g.target, r); !bad.empty())
        throw std::logic_error("the part's witness does not replay: " + bad);
      rec["status"] = "win";
      rec["turns"] = rec["upper_bound"] = *r.turns;
      rec["witness"] = write_witness(g, r, ctx.dir, q);
      break;
    }
    case search::Verdict::NoWin: {
      rec["status"] = "no-win";
      rec["lower_bound"] = k + 1;
      const auto& c = sat.certificate;
      if (c && (c->status == encoder::NoWinCertificate::Status::Rejected || c->status == encoder::NoWinCertificate::Status::Satisfiable))
        throw std::logic_error(fmt::format("the part's certificate failed ({}): {}", encoder::status_name(c->status), c->message));
      if (c) rec["certificate"] = certificate_record(*c, k, ctx.dir, plan.settings.keep_proofs);
      rec["lower_bound_certified"] = c && c->accepted();
      if (!rec["lower_bound_certified"].get<bool>()) rec["reason"] = "no certificate: " + (c ? c->message : std::string("not run"));
      break;
    }
    case search::Verdict::Unknown:
      rec["status"] = "unknown";
      rec["reason"] = r.reason;
      rec["lower_bound"] = r.completed_depth + 1;
      break;
  }
  const double certify = sat.certificate ? sat.certificate->solve_seconds + sat.certificate->check_seconds : 0.0;
  done(since(t0) - certify);
  rec["seconds"]["certify"] = certify;
  return rec;
}

}  // namespace carve::atlas
