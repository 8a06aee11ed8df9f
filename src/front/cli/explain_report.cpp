// The reports of carve explain (explain_report.hpp).
#include "front/cli/explain_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "front/cli/common.hpp"
#include "rules/model/counted.hpp"

namespace carve::cli {

namespace {

using explain::Answer;
using explain::NoWinCore;
using explain::Trial;

std::string def_line(const model::Definition& d) { return d.location() + " " + d.heading(); }

nlohmann::json def_json(const model::Definition& d) {
  return {{"number", d.number}, {"title", d.title}, {"location", d.location()}, {"statements", d.statements}};
}

nlohmann::json rows_json(const std::vector<explain::Relaxation>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (auto r : rows) out.push_back({{"rule", std::string(explain::info(r).name)}, {"relaxed", std::string(explain::info(r).words)}});
  return out;
}

std::string verdict_name(const Answer& a) {
  if (a.refused) return "refused";
  return answer::verdict_name(a.verdict);
}

}  // namespace

nlohmann::json trial_json(const elab::Case& c, const Trial& t, const CertificateWhere& where) {
  const Answer& a = t.answer;
  // The answer as every report writes it (questions/report): under the trial's rules, the witness
  // in the relaxed game's names (the Answer's own game); its certificate, when it carries one.
  nlohmann::json j = answer_json(AnswerReport{c.game, *c.target, c.turns->value, a, a.shape.has_value(), a.certificate.has_value(), where});
  j["relaxed"] = t.relaxed;
  if (a.refused) j["verdict"] = verdict_name(a);
  if (!j.contains("proof")) j["proof"] = nullptr;
  if (a.win()) j["replayed"] = true;  // decide() replayed it under these rules before answering
  return j;
}

namespace {

// "win in 2 turns (sat engine), replayed:" and the witness's turns, indented.
std::string trial_text(const Trial& t, const std::string& indent) {
  const Answer& a = t.answer;
  if (!a.win()) return explain::answer_text(a) + "\n";
  return fmt::format("{} ({} engine, {:.3f} s), its witness replayed under those rules:\n", explain::answer_text(a), elab::name(a.engine),
                     a.seconds) +
         play_lines(*a.game, a.witness, indent);
}

std::string member_text(const explain::Member& m) {
  std::string out = "  " + def_line(*m.def) + "\n";
  for (const auto& s : m.def->statements)
    if (!s.empty()) out += "      " + s + "\n";
  out += "      relaxed   " + explain::relaxation_words(m.rows) + "\n";
  out += "      needed    " + std::string(m.undecided() ? "UNDECIDED -- " : "") +
         "with every definition outside the core relaxed too: " + trial_text(m.needed, "                  ");
  const std::string alone = m.alone.answer.no_win() ? std::string("still no win\n") : trial_text(m.alone, "                  ");
  out += "      alone     relaxed alone: " + alone;
  return out;
}

std::string defs_list(const std::vector<const model::Definition*>& defs) {
  std::vector<std::string> names;
  for (const auto* d : defs) names.push_back(d->heading());
  return names.empty() ? "none" : fmt::format("{}", fmt::join(names, "; "));
}

}  // namespace

std::string trial_report(const elab::Case& c, const model::Game& relaxed, const Trial& t, const CertificateWhere& where) {
  std::string out = fmt::format("game      {} {} ({}), profile {}\n", c.game.document, c.game.title, c.game.spec_name, c.game.profile);
  out += fmt::format("question  target {} within {}\n", c.target->text, model::counted(c.turns->value, "turn"));
  for (const auto& n : t.relaxed)
    if (const auto* d = c.game.definition(n))
      out += fmt::format("relaxed   {}: {}\n", def_line(*d), explain::relaxation_words(explain::relaxations_of(c.game, n)));
  out += fmt::format("reading   {}\n", relaxed.reading());
  out += "verdict   " + trial_text(t, "            ");
  if (t.answer.certificate) out += certificate_text(*t.answer.certificate, where);
  return out;
}

std::string core_text(const elab::Case& c, const NoWinCore& core, const CertificateWhere& where) {
  std::string out = fmt::format("game      {} {} ({}), profile {}\n", c.game.document, c.game.title, c.game.spec_name, c.game.profile);
  out += fmt::format("reading   {}\n", c.game.reading());
  out += fmt::format("question  target {} within {}\n", c.target->text, model::counted(c.turns->value, "turn"));
  out += fmt::format("scope     {}\n", scope_text(c.game, c.turns->value));
  const Trial& q = core.question;
  if (core.status != NoWinCore::Status::Core) {
    out += "verdict   " + trial_text(q, "            ");
    out += core.status == NoWinCore::Status::NotNoWin ? "explain   nothing to explain: the question has a win\n"
                                                       : "explain   the question itself was not answered, so no core\n";
    return out;
  }
  out += fmt::format("verdict   {} ({} engine, {:.3f} s)\n", explain::answer_text(q.answer), elab::name(q.answer.engine), q.answer.seconds);
  std::size_t undecided = 0;
  for (const auto& m : core.members) undecided += m.undecided();
  if (core.members.empty())  // minimal at once: there is nothing to drop
    out += "core      empty: no relaxable definition is needed -- the fixed definitions and the scope alone exclude every play\n";
  else
    out += fmt::format("core      {} of the spec together exclude every play within the scope; {}\n",
                       model::counted(static_cast<long long>(core.members.size()), "definition"),
                       undecided == 0 ? "relaxing any one of them as well gives a win (minimal)"
                                      : fmt::format("{} undecided, so minimality is not shown for them", undecided));
  for (const auto& m : core.members) out += member_text(m);
  std::vector<const model::Definition*> outside;
  for (const auto& r : core.relaxed) outside.push_back(r.def);
  out += "outside   relaxed in the core's game: " + defs_list(outside) + "\n";
  out += "fixed     never relaxed (docs/explain.md): " + defs_list(core.fixed) + "\n";
  out += "core game " + explain::answer_text(core.core.answer) +
         fmt::format(" with every definition outside the core relaxed ({} engine)\n", elab::name(core.core.answer.engine));
  if (core.core.answer.engine == elab::Engine::Capacity)  // a theorem, not a search: its instance says why
    out += "why       " + core.core.answer.reason + "\n";
  if (core.core.answer.certificate) out += certificate_text(*core.core.answer.certificate, where);
  if (!core.uncertified.empty()) out += "proof     not certified: " + core.uncertified + "\n";
  out += fmt::format("search    {} trials (each the question re-solved with a set of definitions relaxed), {:.3f} s\n",
                     core.trials, core.seconds);
  return out;
}

nlohmann::json core_json(const elab::Case& c, const NoWinCore& core, const CertificateWhere& where) {
  nlohmann::json j;
  j["mode"] = "no-win";
  j["target"] = target_json(*c.target);
  j["scope"] = scope_json(c.game, c.turns->value);
  j["question"] = trial_json(c, core.question, where);
  j["verdict"] = verdict_name(core.question.answer);
  j["status"] = core.status == NoWinCore::Status::Core ? "core" : core.status == NoWinCore::Status::NotNoWin ? "not a no-win" : "undecided";
  nlohmann::json members = nlohmann::json::array();
  for (const auto& m : core.members)
    members.push_back({{"definition", def_json(*m.def)}, {"relaxation", rows_json(m.rows)}, {"needed", trial_json(c, m.needed, where)},
                       {"alone", trial_json(c, m.alone, where)}, {"undecided", m.undecided()}});
  j["core"] = members;
  j["minimal"] = core.minimal();
  nlohmann::json outside = nlohmann::json::array();
  for (const auto& r : core.relaxed) outside.push_back({{"definition", def_json(*r.def)}, {"relaxation", rows_json(r.rows)}});
  j["outside"] = outside;
  nlohmann::json fixed = nlohmann::json::array();
  for (const auto* d : core.fixed) fixed.push_back(def_json(*d));
  j["fixed"] = fixed;
  j["core_game"] = core.status == NoWinCore::Status::Core ? trial_json(c, core.core, where) : nlohmann::json(nullptr);
  j["proof"] = core.core.answer.certificate ? certificate_json(*core.core.answer.certificate, where) : nlohmann::json(nullptr);
  j["uncertified"] = core.uncertified.empty() ? nlohmann::json(nullptr) : nlohmann::json(core.uncertified);
  j["trials"] = core.trials;
  j["seconds"] = core.seconds;
  return j;
}

namespace {

std::string nearest_kind(explain::NearestMove::Kind k) {
  switch (k) {
    case explain::NearestMove::Kind::OtherPath: return "other path";
    case explain::NearestMove::Kind::Stable: return "stable";
    case explain::NearestMove::Kind::Collapse: return "collapse";
    case explain::NearestMove::Kind::EligibleRoot: return "eligible root";
    case explain::NearestMove::Kind::KeepRoot: return "keep root";
  }
  return "";
}

}  // namespace

std::string play_text(const elab::Case& c, const std::vector<model::Move>& play, const explain::PlayExplanation& e) {
  std::string out = fmt::format("game      {} {} ({}), profile {}\n", c.game.document, c.game.title, c.game.spec_name, c.game.profile);
  out += fmt::format("reading   {}\n", c.game.reading());
  out += fmt::format("play      {}\n", model::counted(e.turns, "turn"));
  out += play_lines(c.game, play);
  if (e.legal) {
    out += "verdict   legal: the reference semantics accepts every turn\n";
    if (e.win_turn) {
      std::vector<std::string> names;
      for (auto v : e.component) names.push_back(model::vertex_name(c.game, v));
      out += fmt::format("win       at turn {}: component {{{}}}\n", *e.win_turn, fmt::join(names, ", "));
    } else if (c.target) {
      out += fmt::format("win       none: no state of the play has a component that wins ({})\n", c.target->text);
    }
    return out;
  }
  out += fmt::format("verdict   illegal at turn {}: rule {}: {}\n", e.failed_turn, e.violation.rule, e.violation.message);
  if (e.def) {
    out += "rule      " + def_line(*e.def) + "\n";
    for (const auto& s : e.def->statements)
      if (!s.empty()) out += "            " + s + "\n";
  }
  if (e.nearest.empty()) out += "nearest   none" + (e.nearest_note.empty() ? std::string() : ": " + e.nearest_note) + "\n";
  for (const auto& n : e.nearest)
    out += fmt::format("nearest   {} -- {}\n", n.words, model::move_text(c.game, n.move));
  if (e.readings.empty()) out += "readings  no other profile and no single switch makes the play legal through this turn\n";
  for (const auto& r : e.readings)
    out += fmt::format("reading   legal under {}{}\n", r.words, r.whole_play ? " (the whole play)" : " (through this turn)");
  return out;
}

nlohmann::json play_json(const elab::Case& c, const std::vector<model::Move>& play, const explain::PlayExplanation& e) {
  nlohmann::json j;
  j["mode"] = "play";
  j["play"] = play_json(c.game, play);
  j["legal"] = e.legal;
  j["win_turn"] = e.win_turn ? nlohmann::json(*e.win_turn) : nlohmann::json(nullptr);
  nlohmann::json comp = nlohmann::json::array();
  for (auto v : e.component) comp.push_back(model::vertex_name(c.game, v));
  j["component"] = e.win_turn ? comp : nlohmann::json(nullptr);
  j["failed_turn"] = e.legal ? nlohmann::json(nullptr) : nlohmann::json(e.failed_turn);
  j["rule"] = e.legal ? nlohmann::json(nullptr)
                      : nlohmann::json{{"number", e.violation.rule}, {"message", e.violation.message},
                                       {"definition", e.def ? def_json(*e.def) : nlohmann::json(nullptr)}};
  nlohmann::json nearest = nlohmann::json::array();
  for (const auto& n : e.nearest)
    nearest.push_back({{"kind", nearest_kind(n.kind)}, {"words", n.words}, {"move", move_json(c.game, n.move, e.failed_turn)}});
  j["nearest"] = nearest;
  j["nearest_note"] = e.nearest_note.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.nearest_note);
  nlohmann::json readings = nlohmann::json::array();
  for (const auto& r : e.readings) {
    nlohmann::json sets = nlohmann::json::object();
    for (const auto& [s, v] : r.sets) sets[s] = v;
    readings.push_back({{"profile", r.profile}, {"set", sets}, {"words", r.words}, {"whole_play", r.whole_play}});
  }
  j["readings"] = readings;
  return j;
}

}  // namespace carve::cli
