// carve replay: certify a witness through the reference semantics. The witness names its spec
// (relative to its own folder) and binds its content by SHA-256, so `replay WITNESS` needs
// nothing else; a SPEC given too replaces the named one and must have the same content (or
// --force, which replays against it with a warning). `replay SPEC WITNESS`, the older order,
// is read the same way.
#include <iostream>

#include <fmt/format.h>

#include "checkers/replay/replay.hpp"
#include "front/cli/common.hpp"
#include "rules/model/target_echo.hpp"
#include "questions/play/describe.hpp"

namespace carve::cli {

namespace {
struct ReplayOptions {
  std::string witness;
  std::string spec;  // optional
  bool force = false;
  bool states = false;  // --states: the state after every turn, in words (questions/play/describe.hpp)
  RunOptions run;
};

// --states: S_0 and the state after every turn the replay accepted -- components, root, the edges
// the turn removed, the victory once reached -- as the describer of carve play gives them.
nlohmann::json states_json(const elab::Case& c, const replay::Result& r) {
  const model::Target* target = c.target ? &*c.target : nullptr;
  auto won_at = [&](int turn) -> std::optional<play::Won> {
    if (!r.win_turn || *r.win_turn > turn || !r.component) return std::nullopt;
    return play::Won{*r.win_turn, *r.component};
  };
  nlohmann::json turns = nlohmann::json::array();
  for (std::size_t i = 0; i + 1 < r.states.size(); ++i) {
    const int turn = static_cast<int>(i) + 1;
    turns.push_back(play::turn_json(c.game, turn, (*c.play)[i], r.states[i], r.states[i + 1], target, won_at(turn)));
  }
  return {{"initial", play::state_json(c.game, r.states.front(), target, won_at(0))}, {"turns", turns}};
}

std::string states_words(const nlohmann::json& states) {
  std::string out = "S_0:\n" + play::state_words(states["initial"]);
  for (const auto& t : states["turns"]) out += "\n" + play::turn_words(t);
  return out;
}

int replay_within(const ReplayOptions& o, model::Budget& budget) {
  elab::Overrides ov;
  if (!o.spec.empty()) ov.spec = elab::Located<std::string>{o.spec, cli_location("SPEC")};
  ov.accept_changed_spec = o.force;
  auto c = elab::load_case(o.witness, ov, &budget);
  for (const auto& w : c.warnings) std::cerr << "carve: warning: " << w << "\n";
  // A witness that binds no content (written before carve recorded the hash): its own spec must
  // at least have the name of the one given.
  if (!o.spec.empty() && c.spec_sha256.empty()) {
    const auto own = elab::load_case(o.witness);
    if (own.spec.name != c.spec.name)
      elab::fail(cli_location("SPEC"), fmt::format("the witness is about spec '{}', not '{}'", own.spec.name, c.spec.name));
  }
  if (!c.play) elab::fail(parser::Location{o.witness, 1, 1}, "the witness holds no play");
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
  if (o.run.json) {
    nlohmann::json j;
    j["command"] = "replay";
    j["witness"] = o.witness;
    j["spec"] = c.spec_path;
    j["spec_sha256"] = c.spec_sha256.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.spec_sha256);
    j["warnings"] = c.warnings;
    j["accepted"] = ok;
    j["legal"] = r.legal;
    j["failed_turn"] = r.legal ? nlohmann::json(nullptr) : nlohmann::json(r.failed_turn);
    j["rule"] = r.legal ? nlohmann::json(nullptr) : nlohmann::json(r.violation.rule);
    j["message"] = verdict;
    j["win_turn"] = r.win_turn ? nlohmann::json(*r.win_turn) : nlohmann::json(nullptr);
    j["target"] = c.target ? target_json(*c.target) : nlohmann::json(nullptr);
    if (o.states) j["states"] = states_json(c, r);
    j["versions"] = versions_json();
    std::cout << j.dump(2) << "\n";
  } else {
    if (o.states) std::cout << states_words(states_json(c, r)) << "\n";
    if (!r.legal) {
      const auto& loc = c.turn_locs[static_cast<std::size_t>(r.failed_turn - 1)];
      std::cout << elab::render(loc, fmt::format("turn {} breaks rule {}: {}", r.failed_turn, r.violation.rule, r.violation.message)) << "\n";
    }
    std::cout << verdict << "\n";
  }
  return ok ? kAnswered : kMismatch;
}

// A limit reached before the replay judged every turn: neither certified nor rejected (exit 4,
// as verify-proof: `carve replay W && trust` never trusts a timeout).
int replay_unknown(const ReplayOptions& o, const std::string& reason, double seconds) {
  if (o.run.json) {
    std::cout << nlohmann::json{{"command", "replay"}, {"witness", o.witness}, {"accepted", nullptr}, {"verdict", "unknown"},
                                {"reason", reason},    {"limit_reached", true},  {"seconds", seconds},   {"versions", versions_json()}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << fmt::format("unknown: {} ({:.3f} s): the play was not judged to its end\n", reason, seconds);
  }
  return kUndecided;
}

int run_replay(ReplayOptions o) {
  if (is_spec_path(o.witness) && !o.spec.empty() && !is_spec_path(o.spec)) std::swap(o.witness, o.spec);
  model::Budget budget(o.run.limits());
  try {
    return replay_within(o, budget);
  } catch (const limits::LimitReached& e) {
    return replay_unknown(o, e.what(), budget.elapsed_seconds());
  }
}
}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ReplayOptions>();
  auto* sub = app.add_subcommand("replay", "replay a witness through the reference semantics (exit 1 if rejected)");
  sub->add_option("witness", o->witness,
                  "a witness file (as written by solve --witness): it names its spec relative to its own folder and "
                  "states the spec's SHA-256")
      ->required();
  sub->add_option("spec", o->spec, "optional: replay against this spec instead (its SHA-256 must be the one the witness states)");
  sub->add_flag("--force", o->force, "replay against a spec whose SHA-256 differs from the witness's, with a warning");
  sub->add_flag("--states", o->states,
                "the state after every turn: its components (finite or not) with their vertices and edges, the root, the edges "
                "the turn removed");
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_replay(*o); });
}

}  // namespace carve::cli
