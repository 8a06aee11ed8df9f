// `carve play SPEC|CASE`: the options both modes share -- the terminal (--text, front/cli/play_command.cpp)
// and the page's local HTTP server (the default) -- parsed in one place, and the session they open.
// Invariant: both modes open the session the same way (load_input, then --target), so a game
// played on the page and in a terminal is the same game.
#pragma once
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "front/cli/common.hpp"
#include "questions/play/session.hpp"

namespace carve::cli {

struct PlayOptions {
  std::string input;          // SPEC (.carve) or CASE (a case or witness)
  GameOptions game;           // --profile, --set, --depth, --vars, --root
  RunOptions run;             // --timeout (a hint's default budget), --memory-limit, --json, --quiet
  std::string target;         // --target G (overrides a case's)
  bool text = false;          // --text: the terminal mode
  int port = 0;               // --port N (server mode; 0: the system picks one)
  std::string save_dir = "."; // --save-dir DIR (server mode): the one folder the page's save and load use
};

// Registers every option of `carve play` on its subcommand.
void add_play_options(CLI::App& sub, PlayOptions& o);
// The session the options open: the input loaded as load_input loads it, --target applied.
// Bad input throws elab::InputError (exit 2).
std::unique_ptr<play::Session> open_session(const PlayOptions& o);
// --text: the session on stdin/stdout (questions/play/text_mode.hpp). Exit 0 at EOF or `quit`.
int run_play_text(const PlayOptions& o);
// The default mode: the page's local server on 127.0.0.1 (front/cli/play_server.cpp, front/web/server.hpp)
// until SIGINT or SIGTERM; the URL it listens on is the one line on standard output.
int run_play_server(const PlayOptions& o);

}  // namespace carve::cli
