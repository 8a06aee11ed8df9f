// The legend's items: each a small sample (two points and a line, an edge-node, a vertex) pinned
// beside a left-aligned text box of fixed size.
#include "render/legend.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "render/labels.hpp"
#include "render/styles.hpp"

namespace carve::render {

namespace {

struct Item {
  enum class Sample { Edge, Vertex, Stub } sample;
  EdgeKind kind = EdgeKind::Tree;
  EdgeLook edge = EdgeLook::Present;
  VertexLook vertex = VertexLook::Plain;
  bool winning = false;
  std::string text;
  std::string steps;  // the sample's step numbers (removed-now edges)
};

std::vector<Item> items(const Features& f, bool word_tree) {
  using S = Item::Sample;
  std::vector<Item> out;
  out.push_back({S::Edge, EdgeKind::Tree, EdgeLook::Present, {}, false, word_tree ? "tree edge (T)" : "inherent hyperedge Θ/Ω (T)", ""});
  if (f.virtual_edges) out.push_back({S::Edge, EdgeKind::Virtual, EdgeLook::Present, {}, false, word_tree ? "virtual edge (V)" : "virtual hyperedge (V)", ""});
  if (f.kept_new) out.push_back({S::Edge, EdgeKind::Virtual, EdgeLook::KeptNew, {}, false, "this turn's e_new, kept (stable)", ""});
  if (f.collapse) out.push_back({S::Edge, EdgeKind::Tree, EdgeLook::RemovedNow, {}, false, "removed by this turn (its steps)", "1,2"});
  if (f.ghosts) out.push_back({S::Edge, EdgeKind::Tree, EdgeLook::RemovedEarlier, {}, false, "removed by an earlier turn", ""});
  out.push_back({S::Vertex, {}, {}, VertexLook::Root, false, "the root ρ", ""});
  if (f.succession) out.push_back({S::Vertex, {}, {}, VertexLook::OldRoot, false, "the root before succession", ""});
  if (f.win) out.push_back({S::Vertex, {}, {}, VertexLook::Plain, true, "the winning component", ""});
  if (f.frontier) out.push_back({S::Stub, {}, {}, VertexLook::Frontier, false, "its subtree: intact, infinite", ""});
  return out;
}


std::string pos(double x, double y) { return fmt::format("pos=\"{:.1f},{:.1f}!\"", x, y); }

constexpr double kSampleWidth = 46;  // points
constexpr double kTextGap = 14;  // keeps the sample clear of its text box (Graphviz's routing margin)
constexpr const char* kPoint = "shape=point, width=0.02, height=0.02, style=invis";

std::string sample_dot(const Item& item, std::size_t i, double x, double y, bool word_tree) {
  const std::string a = fmt::format("legend{}a", i), b = fmt::format("legend{}b", i);
  std::string s;
  switch (item.sample) {
    case Item::Sample::Edge:
      if (word_tree) s += fmt::format("  {} [{}, {}];\n", a, kPoint, pos(x, y));
      s += fmt::format("  {} [{}, {}];\n", b, kPoint, pos(x + kSampleWidth, y));
      if (!word_tree) {
        const std::string box = fmt::format("legend{}e", i);
        s += fmt::format("  {} [label={}, shape=box, width=0.2, height=0.2, margin=\"0.03,0.01\", fontsize=9, {}, {}];\n", box,
                         dot_quoted(item.steps.empty() ? "Θ" : "Θ " + item.steps), edge_node_attrs(item.kind, item.edge), pos(x + 12, y));
        s += fmt::format("  {} -- {} [{}];\n", box, b, edge_attrs(item.kind, item.edge));
      } else {
        if (item.steps.empty()) {
          s += fmt::format("  {} -- {} [{}];\n", a, b, edge_attrs(item.kind, item.edge));
        } else {  // the numbers in the middle of the line: ━ 1,2 ━
          const std::string n = fmt::format("legend{}n", i);
          s += fmt::format("  {} [label={}, shape=plaintext, width=0.1, height=0.1, margin=0, fontsize=9, fontname=\"Helvetica-Bold\", "
                           "fontcolor=\"{}\", {}];\n",
                           n, dot_quoted(item.steps), kStepColour, pos(x + kSampleWidth / 2, y));
          for (const auto& end : {a, b}) s += fmt::format("  {} -- {} [{}];\n", end, n, edge_attrs(item.kind, item.edge));
        }
      }
      break;
    case Item::Sample::Vertex:
    case Item::Sample::Stub:
      s += fmt::format("  {} [label=\"\", width=0.24, height=0.2, fixedsize=true, {}, {}];\n", a,
                       vertex_attrs(word_tree, item.vertex, item.winning), pos(x + 12, y));
      if (item.sample == Item::Sample::Stub)
        s += fmt::format("  {} [label=\"\", shape=triangle, width=0.2, height=0.16, fixedsize=true, style=dashed, color=\"{}\", {}];\n"
                         "  {} -- {} [style=dotted, color=\"{}\"];\n",
                         b, kStubColour, pos(x + 42, y - 2), a, b, kStubColour);
      break;
  }
  return s;
}

}  // namespace

std::size_t legend_size(const Scene& scene) { return items(scene.features, scene.word_tree).size(); }

double legend_column_width(const Scene& scene) {
  double widest = 0;
  for (const auto& item : items(scene.features, scene.word_tree)) widest = std::max(widest, text_width(item.text, 10));
  return kSampleWidth + 2 * kTextGap + widest + 12;  // room between columns
}

std::string legend_dot(const Scene& scene) {
  const auto list = items(scene.features, scene.word_tree);
  const double column = legend_column_width(scene);
  const double text_w = column - kSampleWidth - 2 * kTextGap - 12;
  std::string s;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const double x = scene.legend_at.x + static_cast<double>(i % scene.legend_columns) * column;
    const double y = scene.legend_at.y - (static_cast<double>(i / scene.legend_columns) + 0.5) * kLegendRowHeight;
    s += sample_dot(list[i], i, x, y, scene.word_tree);
    s += fmt::format("  legend{}t [label={}, shape=plaintext, fixedsize=true, width={:.3f}, height={:.3f}, fontsize=10, {}];\n", i,
                     dot_left_aligned({list[i].text}), text_w / 72, 14.0 / 72,
                     pos(x + kSampleWidth + kTextGap + text_w / 2, y));
  }
  return s;
}

}  // namespace carve::render
