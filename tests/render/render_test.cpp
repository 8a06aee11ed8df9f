// Pictures: the DOT of frames replayed from plays (library), carve play's board (one Scene for a
// live session: nothing moves, every element keeps its id, the legend never changes size), and `carve solve --render` /
// `carve render` end to end: one layout for a whole play (every vertex at the same place in every
// frame's SVG, on the row of its depth), removed edges drawn as ghosts numbered in the order of
// the collapse path, the legend apart from the graph, the index page self-contained, a picture
// format carve does not write refused, a no-win render saying what it drew, and bad input
// answering exit code 2 with a location.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "rules/elaborate/case.hpp"
#include "questions/render/board.hpp"
#include "questions/render/dot_writer.hpp"
#include "questions/render/graphviz.hpp"
#include "questions/render/html_index.hpp"
#include "questions/render/legend.hpp"
#include "questions/render/scene.hpp"
#include "tests/process.hpp"

using namespace carve;

namespace {

namespace fs = std::filesystem;

using carve::testing::Outcome;

Outcome run(const std::string& cmd) { return carve::testing::run_command(cmd); }

Outcome run_carve(const std::string& args) { return run(std::string(CARVE_BINARY) + " " + args); }

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A fresh folder per test (ctest runs tests in parallel).
fs::path fresh_dir(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  fs::path d = fs::path(::testing::TempDir()) / (std::string("render.") + info->test_suite_name() + "." + info->name() + "." + std::to_string(::getpid()) + "." + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (auto p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

struct Png {
  unsigned width = 0, height = 0;
};

// rsvg-convert SVG -> PNG; the PNG's signature and IHDR size.
Png to_png(const fs::path& svg) {
  const fs::path png = fs::path(svg).replace_extension(".png");
  auto r = run("rsvg-convert '" + svg.string() + "' -o '" + png.string() + "'");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::string bytes = slurp(png);
  if (bytes.size() < 24 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || bytes.compare(12, 4, "IHDR") != 0) {
    ADD_FAILURE() << "not a PNG: " << png;
    return {};
  }
  auto be32 = [&](std::size_t at) {
    unsigned v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  return {be32(16), be32(20)};
}

render::Play frames_of(const std::string& case_path, elab::Case& c) {
  c = elab::load_case(case_path);
  return render::replay_frames(c.game, *c.play, c.target ? &*c.target : nullptr, c.title);
}

// The DOT statement that draws the 000 edge {a, b} in a frame (either order), or "".
std::string pair_statement(const std::string& dot, model::VertexId a, model::VertexId b, const std::string& cls) {
  for (const auto& [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
    const std::string head = "v" + std::to_string(x) + " -- v" + std::to_string(y) + " [class=\"" + cls + "\"";
    const auto at = dot.find(head);
    if (at != std::string::npos) return dot.substr(at, dot.find('\n', at) - at);
  }
  return "";
}

// The SVG's frame of reference: its size and viewBox, and the graph's transform.
std::string svg_frame(const std::string& svg) {
  std::smatch size, transform;
  EXPECT_TRUE(std::regex_search(svg, size, std::regex("<svg width=\"[^\"]+\" height=\"[^\"]+\"\\s+viewBox=\"[^\"]+\"")));
  EXPECT_TRUE(std::regex_search(svg, transform, std::regex("class=\"graph[^\"]*\" transform=\"[^\"]+\"")));
  return size.str() + " " + transform.str();
}

struct Centre {
  double x = 0, y = 0;
};

// Every vertex node (title v<id>) of dot's SVG and its centre: its circle's (000), else its
// label's (001's boxes, whose one-line label is centred). Plain string search: std::regex is slow
// on SVGs of this size.
std::map<std::string, Centre> vertex_centres(const std::string& svg) {
  std::map<std::string, Centre> out;
  auto attr = [&](std::size_t from, const std::string& name) {
    const auto at = svg.find(name + "=\"", from) + name.size() + 2;
    return std::stod(svg.substr(at, svg.find('"', at) - at));
  };
  for (auto at = svg.find("class=\"node vertex"); at != std::string::npos; at = svg.find("class=\"node vertex", at + 1)) {
    const auto title = svg.find("<title>", at) + 7;
    const std::string id = svg.substr(title, svg.find("</title>", title) - title);
    const auto end = svg.find("<!--", title);
    const auto circle = svg.find("<ellipse ", title), text = svg.find("<text text-anchor=\"middle\"", title);
    if (circle < end) out[id] = {attr(circle, "cx"), attr(circle, "cy")};
    else if (text < end) out[id] = {attr(text, "x"), attr(text, "y")};
    else ADD_FAILURE() << "no circle and no centred label for " << id;
  }
  return out;
}

// Every frame of a rendered play draws the same vertices at the same places on the same canvas.
void expect_fixed_layout(const fs::path& dir, std::size_t frames, std::size_t vertices) {
  const std::string first = slurp(dir / "turn_00.svg");
  const auto at = vertex_centres(first);
  EXPECT_EQ(at.size(), vertices);
  for (std::size_t t = 1; t < frames; ++t) {
    const std::string svg = slurp(dir / fmt::format("turn_{:02}.svg", t));
    EXPECT_EQ(svg_frame(svg), svg_frame(first)) << "frame " << t;
    const auto there = vertex_centres(svg);
    EXPECT_EQ(there.size(), at.size()) << "frame " << t;
    for (const auto& [v, c] : at) {
      ASSERT_TRUE(there.count(v)) << v << " missing in frame " << t;
      EXPECT_NEAR(there.at(v).x, c.x, 0.01) << v << " in frame " << t;
      EXPECT_NEAR(there.at(v).y, c.y, 0.01) << v << " in frame " << t;
    }
  }
}

}  // namespace

TEST(RenderDot, FrontierRootCollapseAndWinningComponent) {
  // Depth 1: the cycle λ-0-1-λ isolates λ (K1); 0 and 1 stay joined to their infinite subtrees.
  elab::Case c;
  auto play = frames_of("cases/plays/scope_frontier.case", c);
  ASSERT_EQ(play.frames.size(), 2u);
  ASSERT_TRUE(play.frames[1].win);
  const auto scene = render::make_scene(c.game, play);
  EXPECT_EQ(scene.drawn_depth, 1);
  const std::string before = render::frame_dot(c.game, scene, play.frames[0]);
  const std::string after = render::frame_dot(c.game, scene, play.frames[1]);
  EXPECT_EQ(count(before, "class=\"tree\""), 2u);
  EXPECT_EQ(count(before, " winning\""), 0u);
  EXPECT_NE(before.find("v0 [label=\"λ\", class=\"vertex root\""), std::string::npos) << before;
  // Turn 1 removes both tree edges and e_new = {0, 1}: three ghosts, numbered by the path
  // λ -1- 0 -2- 1 -3- λ as the case writes it; none is drawn as a present edge.
  EXPECT_EQ(count(after, "class=\"tree\""), 0u);
  EXPECT_NE(pair_statement(after, 0, 1, "collapse tree").find("label=\"1\""), std::string::npos) << after;
  EXPECT_NE(pair_statement(after, 1, 2, "collapse virtual new").find("label=\"2\""), std::string::npos) << after;
  EXPECT_NE(pair_statement(after, 0, 2, "collapse tree").find("label=\"3\""), std::string::npos) << after;
  // λ alone is the winning component; the frontier nodes 0 and 1 carry their infinite stubs.
  EXPECT_NE(after.find("v0 [label=\"λ\", class=\"vertex root onpath winning\""), std::string::npos) << after;
  EXPECT_EQ(count(after, "onpath winning"), 1u);
  EXPECT_EQ(count(after, "▽</font>>, class=\"vertex frontier"), 2u);
  EXPECT_NE(after.find("v1 [label=<0<br/>"), std::string::npos) << after;
  EXPECT_NE(after.find("class=\"vertex frontier onpath\""), std::string::npos) << after;
}

TEST(RenderDot, VirtualEdgesAndSuccession) {
  // Turns 2-3 leave the stable virtual edges {10,11} and {110,111}; turn 3 moves the root to 0.
  elab::Case c;
  auto play = frames_of("cases/plays/density_factor.case", c);
  ASSERT_EQ(play.frames.size(), 5u);
  const auto scene = render::make_scene(c.game, play);
  const std::string t3 = render::frame_dot(c.game, scene, play.frames[3]);
  EXPECT_NE(pair_statement(t3, 5, 6, "virtual").find("style=dashed, color=\"#1e88e5\""), std::string::npos) << t3;
  EXPECT_NE(pair_statement(t3, 13, 14, "virtual new").find("style=dashed, color=\"#8e24aa\""), std::string::npos) << t3;
  EXPECT_NE(t3.find("v1 [label=\"0\", class=\"vertex root\""), std::string::npos) << t3;
  EXPECT_NE(t3.find("v0 [label=\"λ\", class=\"vertex oldroot\""), std::string::npos) << t3;
  // Turn 1's ghosts stay in frame 3 as edges removed earlier: {λ,0} and {λ,1}.
  EXPECT_EQ(count(t3, "class=\"ghost tree\""), 2u);
  EXPECT_FALSE(pair_statement(t3, 0, 1, "ghost tree").empty()) << t3;
  // Turn 4 collapses 0,1,10,11,110,111 (V T V T V): both virtual edges and e_new become ghosts
  // numbered 1, 3, 5, the tree edges {1,10} and {11,110} 2 and 4.
  const std::string t4 = render::frame_dot(c.game, scene, play.frames[4]);
  EXPECT_EQ(count(t4, "class=\"virtual\""), 0u);
  EXPECT_EQ(count(t4, "class=\"collapse virtual"), 3u);
  EXPECT_EQ(count(t4, "class=\"collapse tree\""), 2u);
  EXPECT_NE(pair_statement(t4, 1, 2, "collapse virtual new").find("label=\"1\""), std::string::npos) << t4;
  EXPECT_NE(pair_statement(t4, 2, 5, "collapse tree").find("label=\"2\""), std::string::npos) << t4;
  EXPECT_NE(pair_statement(t4, 5, 6, "collapse virtual").find("label=\"3\""), std::string::npos) << t4;
  EXPECT_NE(pair_statement(t4, 6, 13, "collapse tree").find("label=\"4\""), std::string::npos) << t4;
  EXPECT_NE(pair_statement(t4, 13, 14, "collapse virtual").find("label=\"5\""), std::string::npos) << t4;
  // Depth 3 of a binary tree is 8 wide: nothing folded, the 15 nodes in every frame.
  EXPECT_FALSE(scene.folded);
  EXPECT_EQ(count(t3, "class=\"vertex"), 15u);
  EXPECT_EQ(count(t4, "class=\"vertex"), 15u);
}

TEST(RenderDot, LongWalkNumberedInPathOrder) {
  // Turn 1 of the long play: every step i of the walk appears as number i on the edge joining
  // path_vertices[i-1] and path_vertices[i], and on no other edge.
  elab::Case c;
  auto play = frames_of("cases/plays/long_walk_c4.case", c);
  ASSERT_EQ(play.frames.size(), 5u);
  const auto scene = render::make_scene(c.game, play);
  const auto& f = play.frames[1];
  ASSERT_EQ(f.path_edges.size(), 70u);
  const std::string dot = render::frame_dot(c.game, scene, f);
  std::map<std::string, std::set<int>> numbers;  // statement -> the numbers on it
  for (std::size_t i = 0; i < f.path_edges.size(); ++i) {
    const auto a = f.path_vertices[i], b = f.path_vertices[i + 1];
    std::string stmt = pair_statement(dot, a, b, f.path_edges[i].inherent ? "collapse tree" : "collapse virtual new");
    ASSERT_FALSE(stmt.empty()) << "step " << i + 1;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(stmt, m, std::regex("label=\"([0-9,–]+)\""))) << stmt;
    std::set<int> on;  // "3,5–7" is 3, 5, 6, 7
    std::stringstream ss(m[1]);
    for (std::string n; std::getline(ss, n, ',');) {
      const auto dash = n.find("–");
      const int from = std::stoi(n), to = dash == std::string::npos ? from : std::stoi(n.substr(dash + 3));
      for (int k = from; k <= to; ++k) on.insert(k);
    }
    EXPECT_TRUE(on.count(static_cast<int>(i) + 1)) << "step " << i + 1 << ": " << stmt;
    numbers[stmt] = on;
  }
  std::size_t total = 0;
  for (const auto& [stmt, on] : numbers) total += on.size();
  EXPECT_EQ(total, 70u);  // no number twice, none elsewhere
  // e_new {0000, 01000} is taken three times (steps 40-42 of the case's walk): one run.
  EXPECT_NE(dot.find("label=\"40–42\""), std::string::npos);
  // The caption says the walk in short; the caption's tooltip holds it in full.
  EXPECT_NE(f.summary.find("collapse 70 steps: λ → 0 → 01 → 010 → … 63 more … → 00000 → 0000 → 00001 → 0000"), std::string::npos)
      << f.summary;
  EXPECT_LT(f.summary.size(), 160u);
  EXPECT_NE(dot.find("tooltip=\"" + f.caption + "\""), std::string::npos);
}

TEST(RenderLayout, LongPlayKeepsEveryVertexInPlaceAndOnItsDepthRow) {
  // The acceptance check of the pictures: C4 at depth 5 under walks, five frames.
  const auto dir = fresh_dir("c4");
  auto r = run_carve("render cases/plays/long_walk_c4.case --dir " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  elab::Case c;
  auto play = frames_of("cases/plays/long_walk_c4.case", c);
  const auto scene = render::make_scene(c.game, play);
  // The 1-subtree below 1 is touched only at its top (turn 1 walks λ-1-λ), so the wide depth-5
  // tree folds it: 1, 10 and 11 are drawn, 100 .. 11111 are not; the 0-subtree is drawn whole.
  EXPECT_TRUE(scene.folded);
  std::size_t drawn = 0;
  for (model::VertexId v = 0; v < scene.drawn.size(); ++v) drawn += scene.drawn[v];
  EXPECT_EQ(drawn, 1u + 31u + 3u);
  expect_fixed_layout(dir, 5, drawn);
  // Rows: a vertex's y is its depth's, the deeper the lower (SVG y grows downwards).
  const auto at = vertex_centres(slurp(dir / "turn_04.svg"));
  std::map<int, std::set<double>> rows;
  for (const auto& [id, centre] : at) {
    const auto v = static_cast<model::VertexId>(std::stoul(id.substr(1)));
    const auto& name = c.game.universe.names[v];
    rows[name == "lambda" ? 0 : static_cast<int>(name.size())].insert(centre.y);
  }
  ASSERT_EQ(rows.size(), 6u);
  double above = -1e9;
  for (const auto& [depth, ys] : rows) {
    EXPECT_EQ(ys.size(), 1u) << "depth " << depth;
    EXPECT_GT(*ys.begin(), above) << "depth " << depth;
    above = *ys.begin();
  }
  // Graphviz routed every edge around the nodes (it warns when it falls back to straight lines,
  // and carve passes its warnings on) and kept every label inside its box.
  EXPECT_EQ(r.out.find("Graphviz warned"), std::string::npos) << r.out;
}

TEST(RenderLayout, HypergraphPlayKeepsEveryFormulaInPlace) {
  // 001: the mixed-kinds play (turn 1 collapses, turn 2 wins) over six formulas.
  const auto dir = fresh_dir("mixed");
  auto r = run_carve("solve cases/triangle/mixed_kinds_cycle.case --engine explicit --render " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  ASSERT_NE(r.out.find("win in 2"), std::string::npos) << r.out;
  expect_fixed_layout(dir, 3, 6);
  EXPECT_EQ(r.out.find("Graphviz warned"), std::string::npos) << r.out;
}

// The y of every text of the node whose class starts with `cls` in dot's SVG.
std::vector<double> text_ys(const std::string& svg, const std::string& cls) {
  std::vector<double> ys;
  const auto at = svg.find("class=\"node " + cls);
  if (at == std::string::npos) return ys;
  const auto end = svg.find("</g>\n<!--", at);
  for (auto t = svg.find("<text ", at); t < end; t = svg.find("<text ", t + 1)) {
    const auto y = svg.find(" y=\"", t) + 4;
    ys.push_back(std::stod(svg.substr(y, svg.find('"', y) - y)));
  }
  return ys;
}

TEST(RenderDot, LegendAndCaptionLieOutsideTheGraph) {
  elab::Case c;
  auto play = frames_of("cases/plays/long_walk_c4.case", c);
  const auto scene = render::make_scene(c.game, play);
  // The play has every feature: nine legend items, each a sample and its text.
  EXPECT_TRUE(scene.features.virtual_edges && scene.features.kept_new && scene.features.collapse && scene.features.ghosts &&
              scene.features.succession && scene.features.win && scene.features.frontier);
  const std::string dot = render::frame_dot(c.game, scene, play.frames[2]);
  EXPECT_FALSE(std::regex_search(dot, std::regex("graph \\[[^\\]]*label="))) << "the graph has no title label";
  EXPECT_EQ(count(dot, "<td align=\"left\">"), 9u);
  // In the SVG every legend text lies below every vertex, every caption line above them.
  const std::string svg = render::run_dot(dot, "svg");
  double top = 1e9, bottom = -1e9;  // SVG y grows downwards
  for (const auto& [v, centre] : vertex_centres(svg)) top = std::min(top, centre.y), bottom = std::max(bottom, centre.y);
  const auto legend = text_ys(svg, "legend"), caption = text_ys(svg, "caption");
  EXPECT_EQ(legend.size(), 9u + 2u);  // and the samples' "1,2" and ▽
  ASSERT_EQ(caption.size(), 3u);      // title, turn, extent
  for (double y : legend) EXPECT_GT(y, bottom + 20);
  for (double y : caption) EXPECT_LT(y, top - 20);
}

TEST(RenderHtml, SelfContainedWithNavigationAndSteps) {
  const std::string html = render::index_html(
      "a <title>", {{"S_0", "S_0 in full", {}, "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg id=\"a\"></svg>"},
                    {"turn 1", "turn 1 in full", {{"λ → 0, tree edge", "turn1_path0"}, {"0 → λ, tree edge", "turn1_path0"}}, "<svg id=\"b\"></svg>"}});
  EXPECT_EQ(count(html, "<figure class=\"frame"), 2u);
  EXPECT_EQ(count(html, "<?xml"), 0u);
  EXPECT_NE(html.find("a &lt;title&gt;"), std::string::npos);
  for (const char* outside : {"src=", "href=", "url(", "@import", "<link", "http"}) EXPECT_EQ(html.find(outside), std::string::npos) << outside;
  for (const char* hook : {"ArrowLeft", "ArrowRight", "id=\"prev\"", "id=\"next\"", "carve-index: ready", "#selftest", "#frame=",
                           "hashchange", "overflow-y: scroll"})
    EXPECT_NE(html.find(hook), std::string::npos) << hook;
  EXPECT_EQ(count(html, "<li data-edge=\"turn1_path0\">"), 2u);
  EXPECT_NE(html.find("turn 1 in full"), std::string::npos);
}

TEST(RenderCli, ThreeTurnWinOf000ToSvgAndPng) {
  const auto dir = fresh_dir("p4");
  auto r = run_carve("solve spec/binary_tree.carve --target P4 --turns 3 --depth 3 --profile simple --render " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  ASSERT_NE(r.out.find("win in 3 turns"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pictures of 4 frames"), std::string::npos) << r.out;
  for (int t = 0; t <= 3; ++t)
    for (const char* ext : {".dot", ".svg"}) EXPECT_TRUE(fs::exists(dir / ("turn_0" + std::to_string(t) + ext))) << t << ext;
  EXPECT_FALSE(fs::exists(dir / "turn_04.svg"));
  const std::string svg = slurp(dir / "turn_03.svg");
  EXPECT_EQ(count(svg, "class=\"node vertex root"), 1u);
  EXPECT_GE(count(svg, "class=\"edge tree\""), 3u);      // the winning P4 keeps its three tree edges
  EXPECT_GE(count(svg, "class=\"edge collapse"), 2u);    // turn 3's collapse path
  EXPECT_EQ(count(svg, "class=\"node vertex frontier"), 8u);  // every node at depth 3, with its ▽
  EXPECT_EQ(count(svg, ">▽</text>"), 8u + 1u);  // and the legend's
  EXPECT_NE(svg.find("stroke=\"#e53935\" stroke-width=\"4\" stroke-opacity=\"0.50"), std::string::npos);  // the ghosts are translucent
  // The winning component {λ, 0, 1, 01} is green.
  const std::string dot = slurp(dir / "turn_03.dot");
  std::set<std::string> winning;
  const std::regex green("label=\"([^\"]+)\", class=\"vertex[^\"]* winning\"");
  for (auto it = std::sregex_iterator(dot.begin(), dot.end(), green);
       it != std::sregex_iterator(); ++it)
    winning.insert((*it)[1]);
  EXPECT_EQ(winning, (std::set<std::string>{"λ", "0", "1", "01"}));
  EXPECT_EQ(count(svg, " winning\">"), 4u);  // the SVG keeps the class
  const auto png = to_png(dir / "turn_03.svg");
  EXPECT_GT(png.width, 400u);
  EXPECT_LT(png.width, 3000u);
  EXPECT_GT(png.height, 300u);
  EXPECT_LT(png.height, 2000u);
  const std::string html = slurp(dir / "index.html");
  EXPECT_EQ(count(html, "<figure class=\"frame"), 4u);
  EXPECT_EQ(count(html, "<svg"), 4u);
}

TEST(RenderCli, WinOf001DrawsHyperedgesAsEdgeNodes) {
  const auto dir = fresh_dir("edge");
  auto r = run_carve("solve cases/triangle/edge_one_type.case --render " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string dot = slurp(dir / "turn_01.dot");
  const std::string svg = slurp(dir / "turn_01.svg");
  EXPECT_NE(dot.find("class=\"carve hypergraph\""), std::string::npos);
  EXPECT_GE(count(svg, "class=\"node hyperedge tree\""), 1u);
  EXPECT_GE(count(svg, "class=\"node hyperedge collapse"), 1u);
  EXPECT_GE(count(svg, "class=\"edge collapse"), 2u);
  EXPECT_EQ(count(svg, "class=\"node vertex root"), 1u);
  EXPECT_NE(svg.find("Θ"), std::string::npos);
  EXPECT_EQ(count(dot, " winning\""), 2u) << dot;  // the component's two formulas
  // However long the engine's walk (under walks it may go back and forth over one edge many
  // times), the step labels stay short and the canvas the same as S_0's.
  const std::regex collapse_label("label=\"([^\"]*)\", shape=box[^\n]*class=\"hyperedge collapse");
  for (auto it = std::sregex_iterator(dot.begin(), dot.end(), collapse_label); it != std::sregex_iterator(); ++it)
    EXPECT_LE((*it)[1].length(), 24u) << (*it)[1];
  expect_fixed_layout(dir, 2, 4);
  const auto png = to_png(dir / "turn_01.svg");
  EXPECT_GT(png.width, 300u);
  EXPECT_LT(png.width, 3000u);
  EXPECT_GT(png.height, 150u);
}

TEST(RenderCli, OneFrameToStandardOutputOrFile) {
  auto dot = run_carve("render cases/plays/density_factor.case --turn 2");
  ASSERT_EQ(dot.code, 0) << dot.out;
  EXPECT_EQ(dot.out.rfind("graph frame_2 {", 0), 0u) << dot.out;
  EXPECT_EQ(count(dot.out, "class=\"virtual new\""), 1u);
  const auto dir = fresh_dir("one");
  auto svg = run_carve("render spec/binary_tree.carve --depth 2 -o " + (dir / "s0.svg").string());
  ASSERT_EQ(svg.code, 0) << svg.out;
  const std::string text = slurp(dir / "s0.svg");
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_EQ(count(text, "class=\"edge tree\""), 6u);  // S_0 at depth 2: six tree edges
  auto gv = run_carve("render spec/binary_tree.carve --depth 2 -o " + (dir / "s0.gv").string());
  ASSERT_EQ(gv.code, 0) << gv.out;
  EXPECT_EQ(slurp(dir / "s0.gv").rfind("graph frame_0 {", 0), 0u);
  // An extension carve does not write is named by --format, or refused.
  auto png = run_carve("render spec/binary_tree.carve --depth 2 --format png -o " + (dir / "s0.gif").string());
  ASSERT_EQ(png.code, 0) << png.out;
  EXPECT_EQ(slurp(dir / "s0.gif").compare(0, 8, "\x89PNG\r\n\x1a\n"), 0);
}

TEST(RenderCli, UnknownExtensionRefusedBeforeAnyWork) {
  const auto dir = fresh_dir("ext");
  for (const char* name : {"r.gif", "r.jpeg", "r"}) {
    auto r = run_carve("render cases/plays/density_factor.case -o " + (dir / name).string());
    EXPECT_EQ(r.code, 2) << name << ": " << r.out;
    EXPECT_NE(r.out.find("<command line --output>"), std::string::npos) << r.out;
    for (const char* ext : {".dot", ".gv", ".svg", ".png", "--format"}) EXPECT_NE(r.out.find(ext), std::string::npos) << ext << ": " << r.out;
    EXPECT_FALSE(fs::exists(dir / name)) << name;
  }
}

TEST(RenderCli, SolveRenderOnANoWinSaysWhatItDrew) {
  // With no turn, the only component of S_0 is the infinite tree itself: no finite C4.
  const auto dir = fresh_dir("nowin");
  auto r = run_carve("solve spec/binary_tree.carve --target C4 --turns 0 --depth 5 --engine explicit --render " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("verdict   no-win"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("carve: no-win: no play of at most 0 turns reaches C4, so there is no play to draw; drew S_0 and the scope "
                       "(the word tree to depth 4 of the scope's 5) in " + (dir / "index.html").string()),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(fs::exists(dir / "turn_00.svg"));
  EXPECT_FALSE(fs::exists(dir / "turn_01.svg"));
  EXPECT_EQ(count(slurp(dir / "index.html"), "<figure class=\"frame"), 1u);
  EXPECT_NE(slurp(dir / "turn_00.dot").find("C4 within 0 turns — no-win: no play of at most 0 turns reaches C4\\l"), std::string::npos);
}

TEST(RenderCli, BadInputAnswersTwoWithALocation) {
  const auto dir = fresh_dir("bad");
  const fs::path w = dir / "illegal.case";
  std::ofstream(w) << "case \"illegal\" {\n  spec \"" << fs::absolute("spec/binary_tree.carve").string()
                   << "\";\n  profile simple;\n  depth 2;\n  play {\n    turn add {0, 1} stable;\n  }\n}\n";
  auto r = run_carve("render " + w.string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find(w.string() + ":6:5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("must collapse"), std::string::npos) << r.out;
  auto t = run_carve("render cases/plays/density_factor.case --turn 9");
  EXPECT_EQ(t.code, 2) << t.out;
  EXPECT_NE(t.out.find("--turn 9 is outside the play (0..4)"), std::string::npos) << t.out;
  auto g = run_carve("render cases/plays/density_factor.case --target P9x");
  EXPECT_EQ(g.code, 2) << g.out;
  EXPECT_NE(g.out.find("<command line --target>"), std::string::npos) << g.out;
  // A folder that cannot be made (below a plain file) is the user's path, not carve's fault.
  std::ofstream(dir / "plain") << "x";
  auto d = run_carve("render cases/plays/density_factor.case --dir " + (dir / "plain" / "frames").string());
  EXPECT_EQ(d.code, 2) << d.out;
  EXPECT_NE(d.out.find("<command line --dir>"), std::string::npos) << d.out;
  auto s = run_carve("solve spec/binary_tree.carve --target K1 --turns 2 --depth 2 --profile simple --render " +
                     (dir / "plain" / "frames").string());
  EXPECT_EQ(s.code, 2) << s.out;
  EXPECT_NE(s.out.find("<command line --render>"), std::string::npos) << s.out;
}

namespace {

// The centre of the element whose id is `id` in dot's SVG (a node: its shape's or its label's), or none.
std::optional<Centre> node_centre(const std::string& svg, const std::string& id) {
  const auto at = svg.find("<g id=\"" + id + "\" class=\"node");
  if (at == std::string::npos) return std::nullopt;
  auto attr = [&](std::size_t from, const std::string& name) {
    const auto a = svg.find(name + "=\"", from) + name.size() + 2;
    return std::stod(svg.substr(a, svg.find('"', a) - a));
  };
  const auto end = svg.find("<!--", at);
  const auto circle = svg.find("<ellipse ", at), text = svg.find("<text text-anchor=\"middle\"", at);
  if (circle < end) return Centre{attr(circle, "cx"), attr(circle, "cy")};
  if (text < end) return Centre{attr(text, "x"), attr(text, "y")};
  return std::nullopt;
}

// A session's pictures as carve play draws them: S_0, then per turn the pending e_new (chosen, the
// turn not yet played) and the turn played, all on one Board.
std::vector<std::string> board_svgs(const elab::Case& c, const std::vector<model::Move>& moves, render::Board& board) {
  const auto play = render::replay_frames(c.game, moves, c.target ? &*c.target : nullptr, c.title);
  EXPECT_TRUE(play.legal) << play.problem;
  std::vector<std::string> out;
  for (std::size_t t = 0; t < play.frames.size(); ++t) {
    out.push_back(board.svg(c.game, play.frames[t]));
    if (t < moves.size()) {
      auto pending = play.frames[t];
      pending.pending = moves[t].added;
      out.push_back(board.svg(c.game, pending));
    }
  }
  return out;
}

void expect_same_places(const std::vector<std::string>& svgs, const std::vector<std::string>& ids) {
  for (const auto& id : ids) {
    std::optional<Centre> first;
    for (std::size_t k = 0; k < svgs.size(); ++k) {
      const auto c = node_centre(svgs[k], id);
      if (!c) continue;
      if (!first) first = c;
      EXPECT_NEAR(c->x, first->x, 0.01) << id << " in picture " << k;
      EXPECT_NEAR(c->y, first->y, 0.01) << id << " in picture " << k;
    }
  }
}

}  // namespace

TEST(RenderBoard, WordTreeStaysInPlaceWithStableIdsAndAFullLegend) {
  // density_factor.case: two stable virtual edges, a succession, a collapse over V T V T V.
  elab::Case c = elab::load_case("cases/plays/density_factor.case");
  render::Board board(c.game, c.title, "");
  const auto svgs = board_svgs(c, *c.play, board);
  ASSERT_EQ(svgs.size(), 9u);
  // Depth 3 drawn whole: 15 vertices, each with its id at one place in every picture, on one canvas.
  std::vector<std::string> vertex_ids;
  for (model::VertexId v = 0; v < 15; ++v) vertex_ids.push_back(render::board_vertex_id(v));
  for (const auto& svg : svgs) {
    EXPECT_EQ(svg_frame(svg), svg_frame(svgs[0]));
    EXPECT_EQ(count(svg, "class=\"node vertex"), 15u);
    for (const auto& id : vertex_ids) EXPECT_NE(svg.find("<g id=\"" + id + "\" class=\"node vertex"), std::string::npos) << id;
    // Every inherent edge by its index, present or a ghost.
    for (std::size_t i = 0; i < c.game.universe.inherent.size(); ++i)
      EXPECT_EQ(count(svg, "<g id=\"" + render::board_inherent_id(i) + "\" class=\"edge"), 1u) << i;
    // The legend lists every kind a turn can show, whichever this picture shows: ten items, the
    // eight of a full play and the pending e_new and the frontier's ▽.
    EXPECT_EQ(count(svg, "e_new chosen, its turn not yet played"), 1u);
  }
  expect_same_places(svgs, vertex_ids);
  // Picture 4 is turn 2's pending e_new {10, 11} (its universe ids 5 and 6), drawn as such.
  EXPECT_NE(svgs[3].find("<g id=\"enew\" class=\"edge virtual pending key_V_5_6\""), std::string::npos) << svgs[3];
  EXPECT_EQ(count(svgs[4], "id=\"enew\""), 0u);
  // After turn 3 both stable virtual edges are there by their slots; turn 4 removes both.
  const auto a = render::board_virtual_id(model::EdgeElement::make("V", {5, 6}));
  const auto b = render::board_virtual_id(model::EdgeElement::make("V", {13, 14}));
  EXPECT_EQ(a, "x5_6");
  EXPECT_NE(svgs[6].find("<g id=\"" + a + "\" class=\"edge virtual key_V_5_6\""), std::string::npos);
  EXPECT_NE(svgs[6].find("<g id=\"" + b + "\" class=\"edge virtual new key_V_13_14\""), std::string::npos);
  EXPECT_NE(svgs[8].find("<g id=\"" + a + "\" class=\"edge collapse virtual key_V_5_6\""), std::string::npos);
  // Inherent edges carry their key too: {λ, 0} is T:0,1.
  EXPECT_NE(svgs[0].find("class=\"edge tree key_T_0_1\""), std::string::npos);
  // No legend item is left out and the legend has the same size everywhere.
  for (const auto& svg : svgs) EXPECT_EQ(count(svg, "class=\"node legend\""), 1u);
  const auto scene = board.scene();
  EXPECT_TRUE(scene.board && scene.features.virtual_edges && scene.features.kept_new && scene.features.collapse &&
              scene.features.ghosts && scene.features.succession && scene.features.win && scene.features.frontier &&
              scene.features.pending && !scene.features.cut);
  EXPECT_EQ(render::legend_size(scene), 10u);
}

TEST(RenderBoard, DeepScopeDrawsTheWidestRowThatFitsAndSaysSo) {
  // Depth 8 of the binary tree: 256 nodes on the last row; the board draws down to depth 6
  // (64 nodes, kBoardRowMax), marks those nodes ⋯ and its caption says the rest is not drawn.
  elab::Settings settings;
  settings.depth = elab::Located<int>{8, {}};
  settings.profile = {"simple", {}};
  elab::Case c;
  c.game = elab::elaborate(elab::load_spec("spec/binary_tree.carve"), settings);
  render::Board board(c.game, "deep", "");
  const auto& scene = board.scene();
  EXPECT_EQ(scene.scope_depth, 8);
  EXPECT_EQ(scene.drawn_depth, 6);
  EXPECT_EQ(std::count(scene.drawn.begin(), scene.drawn.end(), true), 127);
  EXPECT_EQ(std::count(scene.cut.begin(), scene.cut.end(), true), 64);
  EXPECT_TRUE(scene.features.cut && !scene.features.frontier);
  const std::string dot = board.dot(c.game, render::initial_frame(c.game, model::initial_state(c.game)));
  EXPECT_NE(dot.find("the word tree to depth 6 of the scope's 8 (deeper nodes are not drawn: name them)"), std::string::npos) << dot;
  EXPECT_EQ(count(dot, "class=\"vertex cut\""), 64u);
  EXPECT_NE(dot.find("⋯: its subtree in the scope is not drawn"), std::string::npos);
  // A virtual edge to a node the board does not draw is left out, never drawn to a stray node.
  model::VertexId deep = c.game.universe.by_name.at("0000000"), top = c.game.universe.by_name.at("1");
  auto frame = render::initial_frame(c.game, model::initial_state(c.game));
  frame.pending = model::EdgeElement::make("V", {top, deep});
  const std::string with = board.dot(c.game, frame);
  EXPECT_EQ(count(with, "enew"), 0u);
  EXPECT_EQ(count(with, "class=\"vertex"), 127u);
}

TEST(RenderBoard, HypergraphPlacesVirtualEdgesWithoutMovingAnything) {
  // 001: the witness carve finds for mixed_kinds_cycle.case (turn 1 collapses, turn 2 wins).
  const auto dir = fresh_dir("w");
  const auto witness = (dir / "w.case").string();
  auto r = run_carve("solve cases/triangle/mixed_kinds_cycle.case --engine explicit --witness " + witness);
  ASSERT_EQ(r.code, 0) << r.out;
  elab::Case c = elab::load_case(witness);
  ASSERT_TRUE(c.play && c.play->size() == 2u);
  render::Board board(c.game, c.title, "");
  const auto svgs = board_svgs(c, *c.play, board);
  ASSERT_EQ(svgs.size(), 5u);
  std::vector<std::string> ids;
  for (model::VertexId v = 0; v < c.game.universe.size(); ++v)
    if (board.scene().drawn[v]) ids.push_back(render::board_vertex_id(v));
  for (std::size_t i = 0; i < c.game.universe.inherent.size(); ++i) ids.push_back(render::board_inherent_id(i));
  for (const auto& e : board.scene().virtuals) ids.push_back(render::board_virtual_id(e));
  ASSERT_FALSE(board.scene().virtuals.empty());
  for (const auto& svg : svgs) EXPECT_EQ(svg_frame(svg), svg_frame(svgs[0]));
  expect_same_places(svgs, ids);
  // Each e_new, pending, sits where its virtual edge sits once played; its lines name it.
  for (std::size_t t = 0; t < 2; ++t) {
    const auto pending = node_centre(svgs[2 * t + 1], "enew");
    ASSERT_TRUE(pending) << t;
    const auto played = node_centre(svgs[2 * t + 2], render::board_virtual_id((*c.play)[t].added));
    ASSERT_TRUE(played) << t;
    EXPECT_NEAR(pending->x, played->x, 0.01);
    EXPECT_NEAR(pending->y, played->y, 0.01);
    const auto key = render::board_edge_class((*c.play)[t].added);
    EXPECT_GE(count(svgs[2 * t + 1], "class=\"edge virtual pending " + key + "\""), 2u);
    EXPECT_EQ(count(svgs[2 * t + 1], "class=\"node hyperedge virtual pending " + key + "\""), 1u);
  }
  // A virtual edge-node lies above every inherent one (SVG y grows downwards), within the canvas.
  double inherent_top = 1e9;
  for (std::size_t i = 0; i < c.game.universe.inherent.size(); ++i)
    if (auto p = node_centre(svgs[0], render::board_inherent_id(i))) inherent_top = std::min(inherent_top, p->y);
  for (const auto& e : board.scene().virtuals) {
    std::optional<Centre> p;
    for (const auto& svg : svgs)
      if (!p) p = node_centre(svg, render::board_virtual_id(e));
    ASSERT_TRUE(p) << render::board_virtual_id(e);
    EXPECT_LT(p->y, inherent_top - 20);
  }
  EXPECT_EQ(count(svgs[0], "e_new chosen, its turn not yet played"), 1u);
}
