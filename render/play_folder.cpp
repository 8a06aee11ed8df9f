// One scene for the whole play (so dot lays every frame out alike), one DOT and SVG per frame.
#include "render/play_folder.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "files/atomic_file.hpp"
#include "files/write_error.hpp"
#include "render/dot_writer.hpp"
#include "render/graphviz.hpp"
#include "render/html_index.hpp"

namespace carve::render {

namespace {
// Complete or absent, every write checked (files/atomic_file.hpp).
void write_file(const std::filesystem::path& p, const std::string& text) {
  try {
    files::write_file_atomically(p.string(), text);
  } catch (const files::WriteError& e) {
    throw OutputError(e.what());
  }
}
}  // namespace

std::vector<std::string> write_play_folder(const std::string& dir, const model::Game& game, const Play& play) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw OutputError(fmt::format("cannot create the folder {}: {}", dir, ec.message()));
  const Scene scene = make_scene(game, play);
  std::vector<std::string> written;
  std::vector<HtmlFrame> pages;
  for (const auto& f : play.frames) {
    const std::string dot = frame_dot(game, scene, f);
    const std::string svg = run_dot(dot, "svg");
    const fs::path base = fs::path(dir) / fmt::format("turn_{:02}", f.turn);
    write_file(base.string() + ".dot", dot);
    write_file(base.string() + ".svg", svg);
    written.push_back(base.string() + ".svg");
    pages.push_back(HtmlFrame{f.caption, svg});
  }
  std::string title = play.title.empty() ? "carve play" : play.title;
  if (!play.legal) title += " (stops early: " + play.problem + ")";
  const fs::path index = fs::path(dir) / "index.html";
  write_file(index, index_html(title, pages));
  written.push_back(index.string());
  return written;
}

}  // namespace carve::render
