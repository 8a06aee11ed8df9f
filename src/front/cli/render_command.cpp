// carve render: pictures of a state or of a whole play (Graphviz DOT / SVG, and a folder with an
// HTML index to step through the turns). Every state drawn comes from replaying the play through
// the reference semantics; an illegal play is bad input (exit 2, with the turn's location).
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "front/cli/common.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/files/write_error.hpp"
#include "questions/render/dot_writer.hpp"
#include "questions/render/graphviz.hpp"
#include "questions/render/play_folder.hpp"

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
  RunOptions run;
};

// --json: what was drawn and where (the picture itself only when it went to standard output).
nlohmann::json render_json(const RenderOptions& o, const std::string& format, int turn, const std::vector<std::string>& files,
                           const std::string& text) {
  return {{"command", "render"},
          {"input", o.input},
          {"format", format},
          {"turn", turn < 0 ? nlohmann::json(nullptr) : nlohmann::json(turn)},
          {"written", files},
          {"text", files.empty() ? nlohmann::json(text) : nlohmann::json(nullptr)},
          {"versions", versions_json()}};
}

// --format, else the --output extension (refused when it names no format carve writes: a .gif
// must not receive DOT text), else DOT on standard output.
std::string format_for(const RenderOptions& o) {
  if (!o.format.empty()) return o.format;
  if (o.output.empty() || o.output == "-") return "dot";
  const std::string ext = std::filesystem::path(o.output).extension().string();
  for (const auto& [suffix, format] : {std::pair{".dot", "dot"}, {".gv", "dot"}, {".svg", "svg"}, {".png", "png"}})
    if (ext == suffix) return format;
  elab::fail(cli_location("--output"),
             fmt::format("cannot tell which picture to write from {}: {}; the supported extensions are .dot, .gv (Graphviz DOT), "
                         ".svg and .png, or name the format with --format dot|svg|png",
                         o.output, ext.empty() ? "it has no extension" : "'" + ext + "' is not a format carve writes"));
}

int render_within(const RenderOptions& o, const std::string& format, model::Budget& budget) {
  elab::Case c = load_input(o.input, o.game, &budget);
  if (!o.target.empty()) {
    const elab::Located<std::string> given{o.target, cli_location("--target")};
    c.target = elab::resolve_target_text(given);
    elab::check_target_fits(c.game, *c.target, given.loc);
  }
  const std::vector<model::Move> moves = c.play ? *c.play : std::vector<model::Move>{};
  auto play = render::replay_frames(c.game, moves, c.target ? &*c.target : nullptr, c.title, &budget);
  if (!play.legal) {
    const auto turn = play.frames.size();  // the first illegal turn (frames hold S_0 .. S_{turn-1})
    elab::fail(c.turn_locs.at(turn - 1), play.problem);
  }
  try {
    if (!o.dir.empty()) {
      const auto folder = render::write_play_folder(o.dir, c.game, play);
      if (!folder.warnings.empty()) std::cerr << "carve: Graphviz warned: " << folder.warnings;
      if (o.run.json)
        std::cout << render_json(o, format, -1, folder.files, "").dump(2) << "\n";
      else
        std::cout << fmt::format("wrote {} frame{} and {} ({})\n", folder.files.size() - 1, folder.files.size() == 2 ? "" : "s",
                                 folder.files.back(), folder.extent);
      return kAnswered;
    }
    const int last = static_cast<int>(play.frames.size()) - 1;
    const int turn = o.turn.value_or(last);
    if (turn < 0 || turn > last)
      elab::fail(cli_location("--turn"), fmt::format("--turn {} is outside the play (0..{})", turn, last));
    const auto scene = render::make_scene(c.game, play);
    std::string text = render::frame_dot(c.game, scene, play.frames[static_cast<std::size_t>(turn)]);
    std::string warnings;
    if (format != "dot") text = render::run_dot(text, format, &warnings);
    if (!warnings.empty()) std::cerr << "carve: Graphviz warned: " << warnings;
    const bool to_stdout = o.output.empty() || o.output == "-";
    if (!to_stdout) {
      try {
        files::write_file_atomically(o.output, text);
      } catch (const files::WriteError& e) {
        elab::fail(cli_location("--output"), e.what());
      }
    }
    if (o.run.json)
      std::cout << render_json(o, format, turn, to_stdout ? std::vector<std::string>{} : std::vector<std::string>{o.output}, text).dump(2)
                << "\n";
    else if (to_stdout)
      std::cout << text;
  } catch (const render::OutputError& e) {
    elab::fail(cli_location("--dir"), e.what());
  } catch (const render::GraphvizError& e) {
    std::cerr << "carve: " << e.what() << "\n";
    return 3;
  }
  return kAnswered;
}

int run_render(const RenderOptions& o) {
  const std::string format = o.dir.empty() ? format_for(o) : "svg";  // refused before any work
  model::Budget budget(o.run.limits());
  try {
    return render_within(o, format, budget);
  } catch (const limits::LimitReached& e) {
    return answer_before_game("render", o.input, e.what(), budget.elapsed_seconds(), o.run.json);
  }
}
}  // namespace

int render_play_folder(const std::string& dir, const model::Game& game, const std::vector<model::Move>& moves,
                       const model::Target* target, const std::string& title, const std::string& no_play) {
  try {
    const auto play = render::replay_frames(game, moves, target, no_play.empty() ? title : title + " — " + no_play);
    const auto folder = render::write_play_folder(dir, game, play);
    if (!folder.warnings.empty()) std::cerr << "carve: Graphviz warned: " << folder.warnings;
    if (no_play.empty())
      std::cerr << fmt::format("carve: pictures of {} frame{} in {} ({})\n", folder.files.size() - 1, folder.files.size() == 2 ? "" : "s",
                               folder.files.back(), folder.extent);
    else
      std::cerr << fmt::format("carve: {}, so there is no play to draw; drew S_0 and the scope ({}) in {}\n", no_play, folder.extent,
                               folder.files.back());
    return kAnswered;
  } catch (const render::OutputError& e) {
    std::cerr << elab::render(cli_location("--render"), e.what()) << "\n";
    return kBadInput;
  } catch (const files::WriteError& e) {  // a full disk, a file-size limit: the system's reason
    std::cerr << "carve: --render: " << e.what() << "\n";
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
  sub->add_option("-o,--output", o->output,
                  "write to this file: .dot or .gv (DOT), .svg or .png (through Graphviz); another extension is refused unless "
                  "--format names the format (default: DOT on standard output)");
  sub->add_option("--format", o->format, "dot, svg or png (default: from the --output extension)")
      ->check(CLI::IsMember({"dot", "svg", "png"}));
  sub->add_option("--dir", o->dir, "write every frame (turn_NN.dot/.svg) and index.html into this folder");
  sub->add_option("--target", o->target, "outline a component isomorphic to this target when the play reaches it");
  o->game.add_to(*sub);
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_render(*o); });
}

}  // namespace carve::cli
