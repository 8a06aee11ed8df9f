// carve explain: why a question has no win -- a minimal set of the spec's definitions that
// already excludes every play, each with its counterfactual, the core's no-win certified -- or
// why a play is illegal: the first illegal turn, the rule in the spec's words, and what would make
// it legal (docs/explain.md; the work is explain/, the reports front/cli/explain_report.cpp).
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "questions/check/certificate_files.hpp"
#include "front/cli/common.hpp"
#include "front/cli/engine_option.hpp"
#include "front/cli/explain_report.hpp"
#include "rules/elaborate/case.hpp"
#include "questions/explain/no_win_core.hpp"
#include "questions/explain/play_explanation.hpp"
#include "text/parser/parse.hpp"

namespace carve::cli {

namespace {

struct ExplainCommand {
  std::string input;
  std::string target;
  std::optional<int> turns;
  std::string play;        // --play: turns in the DSL's syntax
  std::string engine = "auto";
  std::string proof_path;  // keep the core's certificate as FILE.cnf / FILE.drat
  std::vector<std::string> relax;  // --relax: answer the question with these definitions relaxed
  GameOptions game;
  RunOptions run;
};

// --play TEXT: the turns of a case's `play { ... }` block, resolved against the question's game.
// A syntax error is reported at its column in TEXT.
std::vector<model::Move> parse_play(const std::string& text, const model::Game& game) {
  const std::string head = "case \"\" { play { ";
  parser::ast::CaseFile file;
  try {
    file = parser::parse_case(head + text + " } }", "--play");
  } catch (const parser::ParseError& e) {
    parser::Location at = e.loc;
    at.column = std::max(1, at.column - static_cast<int>(head.size()));
    elab::fail(at, e.message + " (in --play, the turns of a play block: turn add {u, v} stable|collapse (...) [root X];)");
  }
  std::vector<model::Move> play;
  for (const auto& item : file.items)
    if (const auto* p = std::get_if<parser::ast::PlayItem>(&item))
      for (const auto& t : p->turns) play.push_back(elab::resolve_turn(game, t));
  if (play.empty()) elab::fail(cli_location("--play"), "--play holds no turn");
  return play;
}

int explain_play(const ExplainCommand& o, limits::Budget& budget) {
  elab::Case c = load_input(o.input, o.game, &budget);
  if (!o.target.empty()) {
    const elab::Located<std::string> given{o.target, cli_location("--target")};
    c.target = elab::resolve_target_text(given);
    elab::check_target_fits(c.game, *c.target, given.loc);
  }
  const std::vector<model::Move> play = o.play.empty() ? *c.play : parse_play(o.play, c.game);
  const auto e = explain::explain_play(c, play, c.target ? &*c.target : nullptr, budget);
  if (o.run.json) {
    auto j = play_json(c, play, e);
    j["command"] = "explain";
    j["input"] = o.input;
    j["spec"] = c.spec_path;
    j["profile"] = c.game.profile;
    j["interpretation"] = interpretation_json(c.game);
    j["versions"] = versions_json();
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << play_text(c, play, e);
  }
  return kAnswered;
}

// Where the core's certificate goes: --proof FILE, or a temporary folder removed afterwards.
cases::StagedProof staged_proof(const ExplainCommand& o) {
  namespace fs = std::filesystem;
  if (!o.proof_path.empty()) return cases::StagedProof(o.proof_path, true);
  const fs::path dir = fs::temp_directory_path() / fmt::format("carve-explain-{}", ::getpid());
  std::error_code ec;
  fs::create_directories(dir, ec);
  return cases::StagedProof((dir / "core").string(), true, dir.string());
}

// Where the certificate's files are as the reports say it: kept by --proof FILE, else in a
// temporary folder removed before the answer is printed (named by no report).
CertificateWhere certificate_where(const ExplainCommand& o) {
  return {o.proof_path.empty() ? Files::Removed : Files::Kept, "--proof FILE", "", ""};
}

// The question's engine and limits as every trial takes them.
explain::DecideOptions decide_options(const ExplainCommand& o, const elab::Case& c, const limits::Budget& budget,
                                      const limits::Limits& limits, std::optional<encoder::ProofRequest> proof) {
  explain::DecideOptions d;
  d.turns = c.turns->value;
  d.depth_any = c.settings.depth_any;  // --depth any, or a case's `depth any;`
  d.engine = engine_named(o.engine);
  if (d.depth_any && d.engine != elab::Engine::Auto && d.engine != elab::Engine::Sat)
    elab::fail(cli_location("--engine"), "--depth any is answered by the shape engine (sat): --engine explicit and smt do not apply");
  d.budget = budget;
  d.progress = limits.progress;
  d.proof = std::move(proof);
  return d;
}

int explain_no_win(const ExplainCommand& o, limits::Budget& budget, const limits::Limits& limits) {
  const elab::Case c = load_question(o.input, o.target, o.turns, o.game, &budget);
  auto staged = staged_proof(o);
  auto core = explain::explain_no_win(c.game, *c.target, decide_options(o, c, budget, limits, staged.request()));
  auto& cert = core.core.answer.certificate;
  if (cert) staged.settle(*cert);
  if (cert && cert->status == encoder::NoWinCertificate::Status::CannotWrite) elab::fail(cli_location("--proof"), cert->message);
  if (o.run.json) {
    auto j = core_json(c, core, certificate_where(o));
    j["command"] = "explain";
    j["input"] = o.input;
    j["spec"] = c.spec_path;
    j["document"] = c.game.document;
    j["profile"] = c.game.profile;
    j["interpretation"] = interpretation_json(c.game);
    j["versions"] = versions_json();
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << core_text(c, core, certificate_where(o));
  }
  return certificate_broken(core.core.answer.certificate_or_null()) ? kInternal : kAnswered;
}

// --relax DEF...: one trial, the question with these definitions relaxed, as the core search asks it.
int explain_trial(const ExplainCommand& o, limits::Budget& budget, const limits::Limits& limits) {
  const elab::Case c = load_question(o.input, o.target, o.turns, o.game, &budget);
  std::vector<std::string> relaxable;
  for (const auto& d : c.game.definitions)
    if (!explain::relaxations_of(c.game, d.number).empty()) relaxable.push_back(d.number);
  for (const auto& d : o.relax)
    if (std::find(relaxable.begin(), relaxable.end(), d) == relaxable.end())
      elab::fail(cli_location("--relax"), fmt::format("definition '{}' is not one carve explain relaxes in {} (relaxable here: {})", d,
                                                      c.spec_path, fmt::join(relaxable, ", ")));
  const model::Game g = explain::relaxed_game(c.game, o.relax);
  auto staged = staged_proof(o);
  const auto d = decide_options(o, c, budget, limits, engine_named(o.engine) != elab::Engine::Explicit ? std::optional(staged.request()) : std::nullopt);
  explain::Trial t{o.relax, explain::decide(g, explain::relaxed_target(g, *c.target), d)};
  if (auto& cert = t.answer.certificate) {
    staged.settle(*cert);
    if (cert->status == encoder::NoWinCertificate::Status::CannotWrite) elab::fail(cli_location("--proof"), cert->message);
  }
  if (o.run.json) {
    nlohmann::json j = trial_json(c, t, certificate_where(o));
    j["command"] = "explain";
    j["input"] = o.input;
    j["versions"] = versions_json();
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << trial_report(c, g, t, certificate_where(o));
  }
  return certificate_broken(t.answer.certificate_or_null()) ? kInternal : kAnswered;
}

int run_explain(const ExplainCommand& o) {
  const auto limits = o.run.limits();
  model::Budget budget(limits);
  if (!o.play.empty() || (!is_spec_path(o.input) && o.target.empty() && !o.turns)) {
    // A case with a play is explained as a play (a case without one goes on as a question).
    if (!o.play.empty()) return explain_play(o, budget);
    const elab::Case c = load_input(o.input, o.game, &budget);
    if (c.play) return explain_play(o, budget);
  }
  if (const auto e = engine_named(o.engine); o.game.depth_any && e != elab::Engine::Auto && e != elab::Engine::Sat)
    elab::fail(cli_location("--engine"), "--depth any is answered by the shape engine (sat): --engine explicit and smt do not apply");
  if (!o.relax.empty()) return explain_trial(o, budget, limits);
  return explain_no_win(o, budget, limits);
}

}  // namespace

void add_explain_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ExplainCommand>();
  auto* sub = app.add_subcommand("explain",
                                 "why no play wins (a minimal set of the spec's definitions, each with its counterfactual, the core's "
                                 "no-win DRAT-checked), or why a play is illegal (the rule in the spec's words, the nearest legal move, "
                                 "the readings under which it is legal); docs/explain.md");
  sub->add_option("input", o->input, "a case file (with a play: that play is explained), or a spec (.carve) with --target and --turns, or with --play")
      ->required();
  sub->add_option("--target", o->target, "G, as for solve (a no-win question; a play: to say at which turn it wins)");
  sub->add_option("--turns", o->turns, "k: the largest number of turns");
  sub->add_option("--play", o->play,
                  "explain this play instead: turns in the case syntax, e.g. \"turn add {0, 1} stable; turn add {00, 1} collapse (λ, 0, 00, 1);\"");
  sub->add_option("--engine", o->engine,
                  "auto (sat where it encodes the relaxed rules, else explicit), sat or explicit: the engine of every trial")
      ->check(engine_check({elab::Engine::Auto, elab::Engine::Sat, elab::Engine::Explicit}));
  sub->add_option("--relax", o->relax,
                  "answer the question once with these definitions relaxed (numbers as the spec writes them, repeatable or "
                  "comma-separated), as the core search asks it: a trial of your own")
      ->delimiter(',');
  sub->add_option("--proof", o->proof_path,
                  "keep the core's certificate as FILE.cnf and FILE.drat (it is always made and checked; without --proof its files are removed)");
  o->game.depth_any_allowed = true;
  o->game.add_to(*sub);
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_explain(*o); });
}

}  // namespace carve::cli
