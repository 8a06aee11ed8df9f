// carve replay: certify a witness through the reference semantics.
#include <iostream>

#include <fmt/format.h>

#include "checker/replay/replay.hpp"
#include "cli/common.hpp"
#include "model/target_echo.hpp"

namespace carve::cli {

namespace {
struct ReplayOptions {
  std::string spec;
  std::string witness;
  bool json = false;
};

int run_replay(const ReplayOptions& o) {
  elab::Overrides ov;
  auto c = elab::load_case(o.witness, ov);
  // The witness must be about the spec the user names.
  auto named = elab::load_spec(o.spec);
  if (named.name != c.spec.name)
    elab::fail(cli_location("SPEC"), fmt::format("the witness is about spec '{}', not '{}'", c.spec.name, named.name));
  if (!c.play) elab::fail(parser::Location{o.witness, 1, 1}, "the witness holds no play");
  model::Budget budget;
  auto r = replay::replay(c.game, *c.play, c.target ? &*c.target : nullptr, c.claim, budget);
  const bool expects_win = c.expect && c.expect->kind == parser::ast::ExpectKind::WinAt;
  bool ok = r.legal;
  std::string verdict;
  if (!r.legal) {
    verdict = fmt::format("rejected: turn {} breaks rule {}: {}", r.failed_turn, r.violation.rule, r.violation.message);
  } else if (expects_win && (!r.win_turn || *r.win_turn != c.expect->turn)) {
    ok = false;
    verdict = r.win_turn ? fmt::format("rejected: the target is reached at turn {}, not {}", *r.win_turn, c.expect->turn)
                         : fmt::format("rejected: the play is legal but no component is isomorphic to {}",
                                       c.target ? model::target_label(*c.target) : "?");
  } else if (r.claim_holds && !*r.claim_holds) {
    ok = false;
    verdict = "rejected: the claimed component is not a component isomorphic to the target";
  } else {
    verdict = r.win_turn ? fmt::format("certified: a legal play that wins at turn {}", *r.win_turn) : "certified: a legal play";
  }
  if (o.json) {
    nlohmann::json j;
    j["command"] = "replay";
    j["witness"] = o.witness;
    j["accepted"] = ok;
    j["legal"] = r.legal;
    j["failed_turn"] = r.legal ? nlohmann::json(nullptr) : nlohmann::json(r.failed_turn);
    j["rule"] = r.legal ? nlohmann::json(nullptr) : nlohmann::json(r.violation.rule);
    j["message"] = verdict;
    j["win_turn"] = r.win_turn ? nlohmann::json(*r.win_turn) : nlohmann::json(nullptr);
    j["target"] = c.target ? target_json(*c.target) : nlohmann::json(nullptr);
    j["versions"] = versions_json();
    std::cout << j.dump(2) << "\n";
  } else {
    if (!r.legal) {
      const auto& loc = c.turn_locs[static_cast<std::size_t>(r.failed_turn - 1)];
      std::cout << elab::render(loc, fmt::format("turn {} breaks rule {}: {}", r.failed_turn, r.violation.rule, r.violation.message)) << "\n";
    }
    std::cout << verdict << "\n";
  }
  return ok ? kAnswered : kMismatch;
}
}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ReplayOptions>();
  auto* sub = app.add_subcommand("replay", "replay a witness through the reference semantics (exit 1 if rejected)");
  sub->add_option("spec", o->spec, "the spec the witness is about")->required();
  sub->add_option("witness", o->witness, "a witness file (as written by solve --witness)")->required();
  sub->add_flag("--json", o->json, "machine-readable output");
  sub->callback([o, &exit_code]() { exit_code = run_replay(*o); });
}

}  // namespace carve::cli
