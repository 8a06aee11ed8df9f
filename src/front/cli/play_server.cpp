// `carve play SPEC|CASE` without --text: the session served to the page on 127.0.0.1
// (front/web/server.hpp). Standard output carries one line, the URL, flushed at once so that a
// script (or a test) can read it; everything else goes to standard error.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "front/cli/play_command.hpp"
#include "front/web/server.hpp"

namespace carve::cli {

int run_play_server(const PlayOptions& o) {
  if (o.port < 0 || o.port > 65535)
    elab::fail(cli_location("--port"), fmt::format("--port {} is not a port: give 1..65535, or 0 for one the system picks", o.port));
  std::error_code ec;
  if (!std::filesystem::is_directory(o.save_dir, ec))
    elab::fail(cli_location("--save-dir"), fmt::format("--save-dir {} is not a folder", o.save_dir));
  auto session = open_session(o);
  play::Api api(*session);
  play::web::ServerOptions options;
  options.port = o.port;
  options.save_dir = o.save_dir;
  try {
    play::web::serve(api, options, [&](const std::string& url) {
      std::cout << url << std::endl;
      std::cerr << fmt::format("carve play: {} on {} -- open it in a browser; files are saved in and loaded from {}; Ctrl-C stops\n",
                               session->opened().title.empty() ? o.input : session->opened().title, url,
                               std::filesystem::absolute(o.save_dir, ec).lexically_normal().string());
    });
  } catch (const play::web::ServeError& e) {
    elab::fail(cli_location("--port"), e.what());
  }
  return kAnswered;
}

}  // namespace carve::cli
