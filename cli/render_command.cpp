// carve render: pictures of a state or of a whole play (Graphviz DOT / SVG, and a folder with an
// HTML index to step through the turns). Every state drawn comes from replaying the play through
// the reference semantics; an illegal play is bad input (exit 2, with the turn's location).
#include <iostream>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "files/atomic_file.hpp"
#include "files/write_error.hpp"
#include "render/dot_writer.hpp"
#include "render/graphviz.hpp"
#include "render/play_folder.hpp"

namespace carve::cli {

namespace {
struct RenderOptions {
  std::string input;
  std::string target;
  std::optional<int> turn;
  std::string output;
  std::string format;
  std::string dir;
  GameOptions game;
};

// "svg" for x.svg, "png" for x.png, otherwise DOT.
std::string format_for(const RenderOptions& o) {
  if (!o.format.empty()) return o.format;
  for (const char* ext : {"svg", "png"})
    if (o.output.size() > 4 && o.output.substr(o.output.size() - 4) == std::string(".") + ext) return ext;
  return "dot";
}

int run_render(const RenderOptions& o) {
  elab::Case c = load_input(o.input, o.game);
  if (!o.target.empty()) {
    const elab::Located<std::string> given{o.target, cli_location("--target")};
    c.target = elab::resolve_target_text(given);
    elab::check_target_fits(c.game, *c.target, given.loc);
  }
  const std::vector<model::Move> moves = c.play ? *c.play : std::vector<model::Move>{};
  auto play = render::replay_frames(c.game, moves, c.target ? &*c.target : nullptr, c.title);
  if (!play.legal) {
    const auto turn = play.frames.size();  // the first illegal turn (frames hold S_0 .. S_{turn-1})
    elab::fail(c.turn_locs.at(turn - 1), play.problem);
  }
  try {
    if (!o.dir.empty()) {
      auto files = render::write_play_folder(o.dir, c.game, play);
      std::cout << fmt::format("wrote {} frames and {}\n", files.size() - 1, files.back());
      return kAnswered;
    }
    const int last = static_cast<int>(play.frames.size()) - 1;
    const int turn = o.turn.value_or(last);
    if (turn < 0 || turn > last)
      elab::fail(cli_location("--turn"), fmt::format("--turn {} is outside the play (0..{})", turn, last));
    const auto scene = render::make_scene(c.game, play);
    std::string text = render::frame_dot(c.game, scene, play.frames[static_cast<std::size_t>(turn)]);
    const std::string format = format_for(o);
    if (format != "dot") text = render::run_dot(text, format);
    if (o.output.empty() || o.output == "-") {
      std::cout << text;
    } else {
      try {
        files::write_file_atomically(o.output, text);
      } catch (const files::WriteError& e) {
        elab::fail(cli_location("--output"), e.what());
      }
    }
  } catch (const render::OutputError& e) {
    elab::fail(cli_location("--dir"), e.what());
  } catch (const render::GraphvizError& e) {
    std::cerr << "carve: " << e.what() << "\n";
    return 3;
  }
  return kAnswered;
}
}  // namespace

int render_play_folder(const std::string& dir, const model::Game& game, const std::vector<model::Move>& moves,
                       const model::Target* target, const std::string& title) {
  try {
    auto files = render::write_play_folder(dir, game, render::replay_frames(game, moves, target, title));
    std::cerr << fmt::format("carve: pictures of {} frames in {}\n", files.size() - 1, files.back());
    return kAnswered;
  } catch (const render::OutputError& e) {
    std::cerr << elab::render(cli_location("--render"), e.what()) << "\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "carve: --render: " << e.what() << "\n";
    return 3;
  }
}

void add_render_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<RenderOptions>();
  auto* sub = app.add_subcommand("render", "draw a state or a whole play as Graphviz DOT / SVG (needs Graphviz's dot for SVG)");
  sub->add_option("input", o->input, "a witness or case file (its play is replayed), or a spec (.carve): S_0")->required();
  sub->add_option("--turn", o->turn, "draw S_N, the state after turn N (default: the last)");
  sub->add_option("-o,--output", o->output, "write to this file (default: standard output)");
  sub->add_option("--format", o->format, "dot, svg or png (default: from the --output extension, else dot)")
      ->check(CLI::IsMember({"dot", "svg", "png"}));
  sub->add_option("--dir", o->dir, "write every frame (turn_NN.dot/.svg) and index.html into this folder");
  sub->add_option("--target", o->target, "outline a component isomorphic to this target when the play reaches it");
  o->game.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_render(*o); });
}

}  // namespace carve::cli
