// One scene for the whole play (so every frame draws every node at the same place), one DOT and
// SVG per frame, the index page.
#include "questions/render/play_folder.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "foundations/files/atomic_file.hpp"
#include "foundations/files/write_error.hpp"
#include "questions/render/dot_writer.hpp"
#include "questions/render/graphviz.hpp"
#include "questions/render/html_index.hpp"
#include "questions/render/labels.hpp"
#include "questions/render/scene.hpp"

namespace carve::render {

namespace {
// Complete or absent, every write checked (foundations/files/atomic_file.hpp).
void write_file(const std::filesystem::path& p, const std::string& text) {
  try {
    files::write_file_atomically(p.string(), text);
  } catch (const files::WriteError& e) {
    throw OutputError(e.what());
  }
}
// The collapse path step by step, for the page's list: "3. 01 → 010, tree edge" in 000 (a pair
// names its edge), "Δ(a,a,a) → ∇(a,a,a) by Θ(…)" in 001.
std::vector<HtmlStep> steps(const model::Game& game, const Frame& f) {
  std::vector<HtmlStep> out;
  const auto numbers = path_edge_numbers(f);
  for (std::size_t i = 0; i < f.path_edges.size(); ++i) {
    const auto& e = f.path_edges[i];
    const std::string move = vertex_label(game, f.path_vertices[i]) + " → " + vertex_label(game, f.path_vertices[i + 1]);
    const std::string kind = e.inherent ? "inherent" : e.is_new ? "e_new" : "virtual";
    const std::string text = is_word_tree(game) ? fmt::format("{}, {}", move, e.inherent ? "tree edge" : kind + " edge")
                                                : fmt::format("{} by {} ({})", move, edge_label(game, model::EdgeElement::make(e.op, e.slots)), kind);
    out.push_back({text, path_edge_id(f, numbers[i])});
  }
  return out;
}

}  // namespace

PlayFolder write_play_folder(const std::string& dir, const model::Game& game, const Play& play) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw OutputError(fmt::format("cannot create the folder {}: {}", dir, ec.message()));
  const Scene scene = make_scene(game, play);
  std::vector<std::string> written;
  std::string warnings;
  std::vector<HtmlFrame> pages;
  for (const auto& f : play.frames) {
    const std::string dot = frame_dot(game, scene, f);
    std::string warned;
    const std::string svg = run_dot(dot, "svg", &warned);
    if (!warned.empty()) warnings += fmt::format("frame {}: {}", f.turn, warned);
    const fs::path base = fs::path(dir) / fmt::format("turn_{:02}", f.turn);
    write_file(base.string() + ".dot", dot);
    write_file(base.string() + ".svg", svg);
    written.push_back(base.string() + ".svg");
    pages.push_back(HtmlFrame{f.summary, f.caption, steps(game, f), svg});
  }
  std::string title = play.title.empty() ? "carve play" : play.title;
  if (!play.legal) title += " (stops early: " + play.problem + ")";
  const fs::path index = fs::path(dir) / "index.html";
  write_file(index, index_html(title, pages));
  written.push_back(index.string());
  return {written, scene_extent(scene), warnings};
}

}  // namespace carve::render
