// Pictures: the DOT of frames replayed from plays (library), and `carve solve --render` /
// `carve render` end to end: the styling reaches dot's SVG, rsvg-convert turns it into a PNG of
// sane size, the index page is self-contained, and bad input answers exit code 2 with a location.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "elaborate/case.hpp"
#include "render/dot_writer.hpp"
#include "render/html_index.hpp"

using namespace carve;

namespace {

namespace fs = std::filesystem;

struct Outcome {
  int code;
  std::string out;
};

Outcome run(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  const int status = pclose(p);
  return {WEXITSTATUS(status), out};
}

Outcome run_carve(const std::string& args) { return run(std::string(CARVE_BINARY) + " " + args); }

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A fresh folder per test (ctest runs tests in parallel).
fs::path fresh_dir(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  fs::path d = fs::path(::testing::TempDir()) / (std::string("render.") + info->test_suite_name() + "." + info->name() + "." + name);
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

// The statements inside the winning outline (the cluster's body).
std::string cluster_body(const std::string& dot) {
  const auto open = dot.find("subgraph cluster_win {");
  if (open == std::string::npos) return "";
  const auto close = dot.find("\n  }\n", open);
  return close == std::string::npos ? "" : dot.substr(open, close - open);
}

render::Play frames_of(const std::string& case_path, elab::Case& c) {
  c = elab::load_case(case_path);
  return render::replay_frames(c.game, *c.play, c.target ? &*c.target : nullptr, c.title);
}

}  // namespace

TEST(RenderDot, FrontierRootCollapseAndWinningOutline) {
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
  EXPECT_EQ(count(before, "cluster_win"), 0u);
  EXPECT_NE(before.find("v0 [label=\"λ\", class=\"vertex root\""), std::string::npos) << before;
  // Turn 1 removes both tree edges and e_new = {0, 1}: three red edges, none left as a tree edge.
  EXPECT_EQ(count(after, "class=\"tree\""), 0u);
  EXPECT_EQ(count(after, "class=\"collapse tree\""), 2u);
  EXPECT_EQ(count(after, "class=\"collapse virtual new\""), 1u);
  EXPECT_EQ(count(after, "color=\"#e53935\""), 3u);
  // The winning cluster holds λ alone; the frontier nodes 0 and 1 carry their infinite stubs.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(after, m, std::regex("subgraph cluster_win \\{\\n[^\\n]*class=\"winning\"[^\\n]*\\n  v0 \\[[^\\n]*\\n  \\}")))
      << after;
  EXPECT_EQ(count(after, "class=\"infinite\""), 2u);
  EXPECT_NE(after.find("v1 [label=\"0\", class=\"vertex frontier onpath\""), std::string::npos) << after;
  EXPECT_EQ(after.find("v0 [label=\"λ\", class=\"vertex frontier"), std::string::npos);
}

TEST(RenderDot, VirtualEdgesAndSuccession) {
  // Turns 2-3 leave the stable virtual edges {10,11} and {110,111}; turn 3 moves the root to 0.
  elab::Case c;
  auto play = frames_of("cases/plays/density_factor.case", c);
  ASSERT_EQ(play.frames.size(), 5u);
  const auto scene = render::make_scene(c.game, play);
  const std::string t3 = render::frame_dot(c.game, scene, play.frames[3]);
  EXPECT_NE(t3.find("v5 -- v6 [class=\"virtual\", style=dashed, color=\"#1e88e5\""), std::string::npos) << t3;
  EXPECT_NE(t3.find("v13 -- v14 [class=\"virtual new\", style=dashed"), std::string::npos) << t3;
  EXPECT_NE(t3.find("v1 [label=\"0\", class=\"vertex root\""), std::string::npos) << t3;
  EXPECT_NE(t3.find("v0 [label=\"λ\", class=\"vertex oldroot\""), std::string::npos) << t3;
  // Turn 4 collapses 0,1,10,11,110,111 (V T V T V): both virtual edges go red and disappear.
  const std::string t4 = render::frame_dot(c.game, scene, play.frames[4]);
  EXPECT_EQ(count(t4, "class=\"virtual\""), 0u);
  EXPECT_EQ(count(t4, "class=\"collapse virtual"), 3u);
  EXPECT_EQ(count(t4, "class=\"collapse tree\""), 2u);
  // Every frame draws the same vertices, so dot lays the frames out alike.
  EXPECT_EQ(count(t3, "class=\"vertex"), 15u);
  EXPECT_EQ(count(t4, "class=\"vertex"), 15u);
}

TEST(RenderHtml, SelfContainedWithNavigation) {
  const std::string html = render::index_html("a <title>", {{"turn 1", "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg id=\"a\"></svg>"},
                                                            {"turn 2", "<svg id=\"b\"></svg>"}});
  EXPECT_EQ(count(html, "<figure class=\"frame"), 2u);
  EXPECT_EQ(count(html, "<?xml"), 0u);
  EXPECT_NE(html.find("a &lt;title&gt;"), std::string::npos);
  for (const char* outside : {"src=", "href=", "url(", "@import", "<link", "http"}) EXPECT_EQ(html.find(outside), std::string::npos) << outside;
  for (const char* hook : {"ArrowLeft", "ArrowRight", "id=\"prev\"", "id=\"next\"", "carve-index: ready", "#selftest"})
    EXPECT_NE(html.find(hook), std::string::npos) << hook;
}

TEST(RenderCli, ThreeTurnWinOf000ToSvgAndPng) {
  const auto dir = fresh_dir("p4");
  auto r = run_carve("solve spec/binary_tree.carve --target P4 --turns 3 --depth 3 --profile simple --render " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  ASSERT_NE(r.out.find("win in 3 turns"), std::string::npos) << r.out;
  for (int t = 0; t <= 3; ++t)
    for (const char* ext : {".dot", ".svg"}) EXPECT_TRUE(fs::exists(dir / ("turn_0" + std::to_string(t) + ext))) << t << ext;
  EXPECT_FALSE(fs::exists(dir / "turn_04.svg"));
  const std::string svg = slurp(dir / "turn_03.svg");
  EXPECT_EQ(count(svg, "class=\"cluster winning\""), 1u);
  EXPECT_EQ(count(svg, "class=\"node vertex root"), 1u);
  EXPECT_GE(count(svg, "class=\"edge tree\""), 4u);          // the winning P4 keeps its three tree edges
  EXPECT_GE(count(svg, "class=\"edge collapse"), 2u);        // turn 3's collapse path
  EXPECT_EQ(count(svg, "class=\"node infinite\""), 8u);      // one stub below each node at depth 3
  EXPECT_NE(svg.find("stroke=\"#e53935\""), std::string::npos);
  EXPECT_NE(svg.find("stroke=\"#2e7d32\""), std::string::npos);
  // The outline holds exactly the winning component {λ, 0, 1, 01}.
  const std::string outline = cluster_body(slurp(dir / "turn_03.dot"));
  EXPECT_EQ(count(outline, "class=\"vertex"), 4u) << outline;
  for (const char* v : {"\"λ\"", "\"0\"", "\"1\"", "\"01\""}) EXPECT_NE(outline.find(std::string("label=") + v), std::string::npos) << v;
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
  EXPECT_EQ(count(svg, "class=\"cluster winning\""), 1u);
  EXPECT_EQ(count(svg, "class=\"node vertex root"), 1u);
  EXPECT_NE(svg.find("Θ"), std::string::npos);
  // The outline holds the component's two formulas and its edge-node (declared inside the cluster).
  const std::string outline = cluster_body(dot);
  EXPECT_EQ(count(outline, "class=\"vertex"), 2u) << outline;
  EXPECT_TRUE(std::regex_search(outline, std::regex("\\n  t[0-9]+;"))) << outline;
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
