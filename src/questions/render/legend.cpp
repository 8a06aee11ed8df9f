// The legend's items, each a sample cell and a text cell of one HTML-like table.
#include "questions/render/legend.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "questions/render/labels.hpp"
#include "questions/render/styles.hpp"

namespace carve::render {

namespace {

struct Item {
  bool edge = true;
  EdgeKind kind = EdgeKind::Tree;
  EdgeLook look = EdgeLook::Present;
  VertexLook vertex = VertexLook::Plain;
  bool winning = false;
  std::string text;
};

std::vector<Item> items(const Features& f, bool word_tree) {
  std::vector<Item> out;
  auto edge = [&](EdgeKind kind, EdgeLook look, std::string text) { out.push_back({true, kind, look, {}, false, std::move(text)}); };
  auto vertex = [&](VertexLook look, bool winning, std::string text) { out.push_back({false, {}, {}, look, winning, std::move(text)}); };
  edge(EdgeKind::Tree, EdgeLook::Present, word_tree ? "tree edge (T)" : "inherent hyperedge: a Θ/Ω box and its lines (T)");
  if (f.virtual_edges) edge(EdgeKind::Virtual, EdgeLook::Present, word_tree ? "virtual edge (V)" : "virtual hyperedge (V)");
  if (f.kept_new) edge(EdgeKind::Virtual, EdgeLook::KeptNew, "this turn's e_new, kept (stable)");
  if (f.pending) edge(EdgeKind::Virtual, EdgeLook::Pending, "e_new chosen, its turn not yet played");
  if (f.collapse) edge(EdgeKind::Tree, EdgeLook::RemovedNow, "removed by this turn (its steps)");
  if (f.ghosts) edge(EdgeKind::Tree, EdgeLook::RemovedEarlier, "removed by an earlier turn");
  vertex(VertexLook::Root, false, "the root ρ");
  if (f.succession) vertex(VertexLook::OldRoot, false, "the root before succession");
  if (f.win) vertex(VertexLook::Plain, true, "the winning component");
  if (f.frontier) vertex(VertexLook::Frontier, false, "▽: its subtree goes on, intact and infinite");
  if (f.cut) vertex(VertexLook::Cut, false, "⋯: its subtree in the scope is not drawn");
  return out;
}

// Cell attributes of a border in this colour and dash ("solid" is the table's default).
std::string border(const std::string& colour, const std::string& dash, double width, bool rounded) {
  std::string style = rounded ? "rounded" : "";
  if (dash != "solid") style += (style.empty() ? "" : ",") + dash;
  return fmt::format("border=\"{}\" color=\"{}\"{}", std::max(1L, std::lround(width)), colour,
                     style.empty() ? "" : " style=\"" + style + "\"");
}

std::string sample(const Item& item) {
  if (item.edge) {  // a line: the cell's bottom border
    const Stroke s = edge_stroke(item.kind, item.look);
    const std::string steps =
        item.look == EdgeLook::RemovedNow ? fmt::format("<font point-size=\"9\" color=\"{}\"><b>1,2</b></font>", kStepColour) : "";
    return fmt::format("<td width=\"44\" height=\"20\" fixedsize=\"true\" sides=\"b\" {}>{}</td>", border(s.colour, s.dash, s.width, false), steps);
  }
  const Fill f = vertex_fill(item.vertex, item.winning);
  const std::string mark = item.vertex == VertexLook::Frontier ? fmt::format("<font point-size=\"8\" color=\"{}\">▽</font>", kStubColour)
                           : item.vertex == VertexLook::Cut    ? fmt::format("<font point-size=\"8\" color=\"{}\">⋯</font>", kStubColour)
                                                               : "";
  // The root's double outline is left out: a table cell has one border, and gold says it.
  return fmt::format("<td width=\"18\" height=\"18\" fixedsize=\"true\" bgcolor=\"{}\" {}>{}</td>", f.fill,
                     border(f.border, f.dash, f.double_outline ? 2.5 : f.width, true), mark);
}

}  // namespace

std::size_t legend_size(const Scene& scene) { return items(scene.features, scene.word_tree).size(); }

double legend_column_width(const Scene& scene) {
  double widest = 0;
  for (const auto& item : items(scene.features, scene.word_tree)) widest = std::max(widest, text_width(item.text, 10));
  return 44 + 24 + widest;
}

std::string legend_dot(const Scene& scene) {
  const auto list = items(scene.features, scene.word_tree);
  std::string rows;
  for (std::size_t i = 0; i < list.size(); i += scene.legend_columns) {
    rows += "<tr>";
    for (std::size_t k = i; k < std::min(list.size(), i + scene.legend_columns); ++k)
      rows += sample(list[k]) + fmt::format("<td align=\"left\">{}</td>", html_escaped(list[k].text));
    rows += "</tr>";
  }
  const auto n_rows = static_cast<double>((list.size() + scene.legend_columns - 1) / scene.legend_columns);
  return fmt::format("  legend [shape=plaintext, fixedsize=false, width=0, height=0, margin=0, fontsize=10, class=\"legend\", pos=\"{:.1f},{:.1f}!\", label=<<table "
                     "border=\"0\" cellspacing=\"5\" cellpadding=\"1\">{}</table>>];\n",
                     scene.width / 2, scene.legend_at.y - n_rows * kLegendRowHeight / 2, rows);
}

}  // namespace carve::render
