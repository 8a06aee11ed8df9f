// carve play SPEC|CASE: try the rules by hand. `--text` plays on stdin/stdout (questions/play/text_mode.hpp);
// without it, the page's local server (the same session, the same API). Both modes read their
// options here, in one place.
#include "front/cli/play_command.hpp"

#include <iostream>

#include <fmt/format.h>

#include "foundations/limits/interrupt.hpp"
#include "questions/play/api.hpp"
#include "questions/play/text_mode.hpp"

namespace carve::cli {

void add_play_options(CLI::App& sub, PlayOptions& o) {
  sub.add_option("input", o.input, "a spec (.carve) to play from S_0, or a case or witness (its play waits on the redo stack)")->required();
  o.game.add_to(sub);
  o.run.add_to(sub);
  sub.add_option("--target", o.target, "the target G* (overrides a case's): victory and hints need one");
  sub.add_flag("--text", o.text, "play in the terminal: commands on stdin, answers on stdout (`help` lists them)");
  sub.add_option("--port", o.port, "the page's server: the port on 127.0.0.1 (0: one the system picks, printed)")->check(CLI::Range(0, 65535));
  sub.add_option("--save-dir", o.save_dir, "the page's server: the folder its save and load use (files are plain names inside it; default: here)");
}

std::unique_ptr<play::Session> open_session(const PlayOptions& o) {
  auto c = load_input(o.input, o.game);
  if (!o.target.empty()) {
    const elab::Located<std::string> given{o.target, cli_location("--target")};
    c.target = elab::resolve_target_text(given);
    elab::check_target_fits(c.game, *c.target, given.loc);
  }
  for (const auto& w : c.warnings) std::cerr << "carve: warning: " << w << "\n";
  play::SessionOptions so;
  so.hint_timeout_seconds = o.run.timeout > 0 ? o.run.timeout : so.hint_timeout_seconds;
  so.memory_mb = o.run.memory_mb;
  if (!o.text) so.file_folder = o.save_dir;  // the page names files inside the save folder only
  return std::make_unique<play::Session>(std::move(c), so);
}

int run_play_text(const PlayOptions& o) {
  auto session = open_session(o);
  play::Api api(*session);
  play::run_text_mode(api, std::cin, std::cout, o.run.json);
  // An interrupt ends the session like end of input; main() turns it into 130 or 143.
  return kAnswered;
}

void add_play_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<PlayOptions>();
  auto* sub = app.add_subcommand("play", "try the rules by hand: build a play turn by turn, each step judged by the reference semantics");
  add_play_options(*sub, *o);
  sub->callback([o, &exit_code]() {
    if (o->text) {
      exit_code = run_play_text(*o);
      return;
    }
    exit_code = run_play_server(*o);
  });
}

}  // namespace carve::cli
