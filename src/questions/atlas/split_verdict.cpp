// Parts read from the store, each judged by atlas_verify's witness and certificate checks.
#include "questions/atlas/split_verdict.hpp"

#include <fmt/format.h>

#include "questions/atlas/atlas_verify.hpp"
#include "questions/atlas/question_game.hpp"
#include "questions/atlas/result_store.hpp"

namespace carve::atlas {

namespace {

// A part's no-win that counts: a certificate accepted when the job ran and its files unchanged.
std::string no_win_problem(const std::string& dir, const nlohmann::json& rec, bool recheck, VerifySummary& s) {
  if (!rec.value("lower_bound_certified", false)) return "no certificate: " + rec.value("reason", std::string("(none given)"));
  const auto& cert = rec["certificate"];
  if (!cert.is_object() || !cert.value("certified", false)) return "no accepted certificate in the record";
  const int absent = s.files_absent;
  if (auto bad = certificate_problem(dir, cert, recheck, s); !bad.empty()) return bad;
  if (s.files_absent > absent && cert.value("files_kept", true)) return "its certificate's files are missing";
  return {};
}

}  // namespace

SplitVerdict split_verdict(const std::string& dir, const Plan& plan, bool recheck) {
  SplitVerdict v;
  if (!plan.split()) throw std::runtime_error(fmt::format("{}: not a split plan", plan_path(dir)));
  const QuestionGame g = elaborate_question(plan, plan.questions.front(), dir);
  std::vector<SplitPart> parts;
  for (const auto& q : plan.questions) parts.push_back(*q.part);
  v.covering = check_covering(g.game, parts);
  for (const auto& p : v.covering.problems) v.problems.push_back("covering: " + p);
  const StoreContents store = read_store(dir);
  VerifySummary s;
  bool all_no_win = true;
  v.parts = static_cast<int>(plan.questions.size());
  for (const auto& q : plan.questions) {
    const std::string who = fmt::format("part {}/{} ({})", q.part->index + 1, q.part->of, q.key);
    const auto it = store.latest.find(q.key);
    if (it == store.latest.end()) {
      v.problems.push_back(who + ": no result yet");
      all_no_win = false;
      continue;
    }
    const auto& rec = it->second;
    ++v.answered;
    v.part_seconds += rec["seconds"]["total"].get<double>();
    if (!rec.contains("part") || rec["part"]["first_moves"] != nlohmann::json(q.part->first_moves)) {
      v.problems.push_back(who + ": the record's first moves are not the plan's");
      all_no_win = false;
      continue;
    }
    const std::string status = rec["status"];
    if (status == "win") {
      if (auto bad = witness_problem(dir, rec); !bad.empty()) {
        v.problems.push_back(who + ": " + bad);
      } else if (!v.turns || rec["turns"].get<int>() < *v.turns) {
        v.turns = rec["turns"].get<int>();
        v.witness = rec["witness"];
        v.answer = rec.value("answer", nlohmann::json());
      }
      all_no_win = false;
    } else if (status == "no-win") {
      if (auto bad = no_win_problem(dir, rec, recheck, s); !bad.empty()) v.problems.push_back(who + ": " + bad);
      else ++v.certified_parts;
    } else {
      v.problems.push_back(fmt::format("{}: {} ({})", who, status, rec.value("reason", std::string())));
      all_no_win = false;
    }
  }
  v.proofs_rechecked = s.proofs_rechecked;
  if (v.turns) {
    v.verdict = "win";
    v.certified = true;  // the witness replayed from S_0: no covering needed for a win
  } else if (all_no_win && v.covering.ok) {
    v.verdict = "no-win";
    v.certified = v.certified_parts == v.parts;
  }
  return v;
}

nlohmann::json split_verdict_json(const SplitVerdict& v) {
  return {{"verdict", v.verdict},
          {"certified", v.certified},
          {"turns", v.turns ? nlohmann::json(*v.turns) : nlohmann::json(nullptr)},
          {"witness", v.witness},
          {"answer", v.answer},
          {"covering",
           {{"ok", v.covering.ok}, {"first_moves", v.covering.first_moves}, {"orbits", v.covering.orbits},
            {"representatives", v.covering.representatives}}},
          {"parts", v.parts},
          {"answered", v.answered},
          {"certified_parts", v.certified_parts},
          {"proofs_rechecked", v.proofs_rechecked},
          {"part_seconds", v.part_seconds},
          {"problems", v.problems}};
}

}  // namespace carve::atlas
