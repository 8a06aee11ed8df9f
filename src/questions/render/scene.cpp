// make_scene: what the play touches decides what is drawn; then the layout (render/layout) and
// the canvas: caption box on top, the graph, the legend at the bottom.
#include "questions/render/scene.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "questions/render/labels.hpp"
#include "questions/render/layout.hpp"
#include "questions/render/legend.hpp"

namespace carve::render {

namespace {

using model::VertexId;

constexpr int kMinDrawnDepth = 4;           // 000: draw at least this deep (when the scope is)
constexpr std::size_t kFoldWidth = 16;      // 000: wider rows than this fold untouched subtrees
constexpr double kMargin = 18;              // points around the graph
constexpr double kMinCanvasWidth = 576;     // points: room for caption and legend however small the graph
constexpr double kCaptionFont = 12, kCaptionLine = 15;

// Vertices any frame mentions: roots, every virtual edge, every removed edge, e_new, the winner.
std::vector<bool> touched_vertices(const model::Game& game, const Play& play) {
  const auto& u = game.universe;
  std::vector<bool> touched(u.size(), false);
  auto touch = [&](const std::vector<VertexId>& vs) {
    for (auto v : vs) touched[v] = true;
  };
  for (const auto& f : play.frames) {
    touched[f.state.root] = true;
    for (const auto& e : f.state.virtuals) touch(e.vertices);
    for (const auto& e : f.path_edges) touch(e.vertices);
    if (f.move) touch(f.move->added.vertices);
    if (f.win) touch(f.win->vertices);
    for (std::size_t i = 0; i < u.inherent.size(); ++i)
      if (!f.state.inherent.test(i)) touch(u.inherent[i].vertices);
  }
  return touched;
}

// 000: the word tree's shape from its inherent edges (each joins a parent and the child it
// concludes), children in the order of their letter.
void tree_shape(const model::Game& game, Scene& s) {
  const auto& u = game.universe;
  s.children.assign(u.size(), {});
  std::vector<bool> is_child(u.size(), false);
  for (const auto& e : u.inherent) {
    for (auto v : e.vertices)
      if (v != e.conclusion) s.children[v].push_back(e.conclusion);
    is_child[e.conclusion] = true;
  }
  for (auto& cs : s.children)
    std::sort(cs.begin(), cs.end(), [&](VertexId a, VertexId b) { return u.names[a] < u.names[b]; });
  s.tree_root = static_cast<VertexId>(std::find(is_child.begin(), is_child.end(), false) - is_child.begin());
  s.depth.assign(u.size(), 0);
  std::vector<VertexId> queue{s.tree_root};
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (auto c : s.children[queue[i]]) s.depth[c] = s.depth[queue[i]] + 1, queue.push_back(c);
}

// 000: the tree to drawn_depth: one level below the deepest touched node (at least
// kMinDrawnDepth, at most the scope). When that is wider than kFoldWidth, a subtree no frame
// touches is drawn as its top node alone.
void tree_drawn(const model::Game& game, const std::vector<bool>& touched, Scene& s) {
  const auto n = game.universe.size();
  int scope = 0, deepest = 0;
  for (VertexId v = 0; v < n; ++v) {
    scope = std::max(scope, s.depth[v]);
    if (touched[v]) deepest = std::max(deepest, s.depth[v]);
  }
  s.scope_depth = scope;
  s.drawn_depth = std::min(scope, std::max(deepest + 1, kMinDrawnDepth));
  std::vector<bool> subtree_touched(touched);
  std::vector<VertexId> deepest_first(n);
  for (VertexId v = 0; v < n; ++v) deepest_first[v] = v;
  std::stable_sort(deepest_first.begin(), deepest_first.end(), [&](VertexId a, VertexId b) { return s.depth[a] > s.depth[b]; });
  for (auto v : deepest_first)
    for (auto c : s.children[v]) subtree_touched[v] = subtree_touched[v] || subtree_touched[c];
  const auto row = static_cast<std::size_t>(std::count(s.depth.begin(), s.depth.end(), s.drawn_depth));
  s.folded = row > kFoldWidth;
  s.drawn.assign(n, false);
  s.drawn[s.tree_root] = true;
  for (VertexId v : std::vector<VertexId>(deepest_first.rbegin(), deepest_first.rend()))  // parents first
    for (auto c : s.children[v])
      s.drawn[c] = s.drawn[v] && s.depth[c] <= s.drawn_depth && (!s.folded || subtree_touched[v]);
  s.frontier.assign(n, false);
  for (VertexId v = 0; v < n; ++v)
    s.frontier[v] = s.drawn[v] && std::none_of(s.children[v].begin(), s.children[v].end(), [&](VertexId c) { return s.drawn[c]; });
}

void hypergraph_drawn(const model::Game& game, const Play& play, const std::vector<bool>& touched, Scene& s) {
  const auto& u = game.universe;
  s.drawn.assign(u.size(), false);
  s.frontier.assign(u.size(), false);
  for (VertexId v = 0; v < u.size(); ++v) s.drawn[v] = u.in_universe[v] || touched[v];
  for (const auto& f : play.frames)
    for (std::size_t i = 0; i < u.inherent.size(); ++i)
      if (f.state.inherent.test(i))
        for (auto v : u.inherent[i].vertices) s.drawn[v] = true;
  for (VertexId v = 0; v < u.size(); ++v) s.outside += s.drawn[v] && !u.in_universe[v];
}

void collect_virtuals(const Play& play, Scene& s) {
  auto add = [&](const model::EdgeElement& e) {
    if (std::find(s.virtuals.begin(), s.virtuals.end(), e) == s.virtuals.end()) s.virtuals.push_back(e);
  };
  for (const auto& f : play.frames) {
    for (const auto& e : f.state.virtuals) add(e);
    for (const auto& e : f.path_edges)
      if (!e.inherent) add(model::EdgeElement::make(e.op, e.slots));
  }
}

Features features(const model::Game& game, const Play& play, const Scene& s) {
  Features f;
  for (const auto& fr : play.frames) {
    f.virtual_edges = f.virtual_edges || !fr.state.virtuals.empty();
    f.kept_new = f.kept_new || (fr.move && !fr.move->collapse);
    f.collapse = f.collapse || !fr.path_edges.empty();
    f.succession = f.succession || fr.previous_root.has_value();
    f.win = f.win || fr.win.has_value();
    for (std::size_t i = 0; i < game.universe.inherent.size(); ++i) {
      const auto& vs = game.universe.inherent[i].vertices;
      const bool drawn = std::all_of(vs.begin(), vs.end(), [&](VertexId v) { return s.drawn[v]; });
      const bool now = std::any_of(fr.path_edges.begin(), fr.path_edges.end(), [&](const DrawnEdge& e) {
        return e.inherent && e.slots == game.universe.inherent[i].slots;
      });
      f.ghosts = f.ghosts || (drawn && !fr.state.inherent.test(i) && !now);
    }
  }
  f.frontier = std::find(s.frontier.begin(), s.frontier.end(), true) != s.frontier.end();
  return f;
}

double widest_label(const model::Game& game, const Scene& s) {
  double w = 0;
  for (VertexId v = 0; v < s.drawn.size(); ++v)
    if (s.drawn[v]) w = std::max(w, text_width(vertex_label(game, v), 10));
  return w;
}

// Caption on top, the graph, the legend below, all in one canvas the size of the widest part.
// The caption has room for the longest of the play's captions, or (no play: the board) for
// s.caption_lines_max lines.
Point place_canvas(const Play* play, const Placed& graph, Scene& s) {
  const double half_w = s.node_width * 72 / 2, half_h = s.word_tree ? half_w : 0.3 * 72 / 2;
  const double graph_w = graph.width + 2 * half_w + 2 * kMargin, graph_h = graph.height + 2 * half_h + 2 * kMargin;
  s.width = std::max(graph_w, kMinCanvasWidth);
  s.legend_columns = std::max<std::size_t>(1, static_cast<std::size_t>((s.width - 2 * kMargin) / legend_column_width(s)));
  const auto items = legend_size(s);
  const double legend_h = static_cast<double>((items + s.legend_columns - 1) / s.legend_columns) * kLegendRowHeight + kMargin;
  s.legend_at = {kMargin, legend_h};
  s.caption_width = s.width - 2 * kMargin;
  // Wrapped a little shorter than text_width's estimate, so that a line of wide letters fits too.
  s.caption_chars = static_cast<std::size_t>(s.caption_width / (0.62 * kCaptionFont));
  std::size_t lines = play ? 1 : s.caption_lines_max;
  if (play)
    for (const auto& f : play->frames) lines = std::max(lines, caption_lines(s, f).size());
  s.caption_height = static_cast<double>(lines) * kCaptionLine + 6;
  const double x0 = (s.width - graph.width) / 2, y0 = legend_h + kMargin + half_h;
  for (const auto& [id, p] : graph.at) s.at[id] = {p.x + x0, p.y + y0};
  s.height = legend_h + graph_h + s.caption_height + kMargin / 2;
  s.caption_at = {s.width / 2, s.height - kMargin / 2 - s.caption_height / 2};
  s.at["caption"] = s.caption_at;
  return {x0, y0};
}

// 000 board: the whole scope, or its levels down to the deepest of at most kBoardRowMax nodes.
void board_tree_drawn(const model::Game& game, Scene& s) {
  const auto n = game.universe.size();
  s.scope_depth = *std::max_element(s.depth.begin(), s.depth.end());
  s.drawn_depth = 0;
  for (int d = 1; d <= s.scope_depth; ++d)
    if (static_cast<std::size_t>(std::count(s.depth.begin(), s.depth.end(), d)) <= kBoardRowMax) s.drawn_depth = d;
  s.drawn.assign(n, false);
  s.frontier.assign(n, false);
  s.cut.assign(n, false);
  for (VertexId v = 0; v < n; ++v) {
    s.drawn[v] = s.depth[v] <= s.drawn_depth;
    s.frontier[v] = s.drawn[v] && game.universe.frontier[v];
    s.cut[v] = s.drawn[v] && s.depth[v] == s.drawn_depth && !s.children[v].empty();
  }
}

// 001 board: rows kept free above the inherent edge-nodes for the virtual edges a session meets,
// and one below F* for the formulas outside it that they mention (when the universe has any).
constexpr std::size_t kSpareEdgeRows = 2;
constexpr double kSpareEdgeRowGap = 40, kSpareFormulaRowGap = 72;

void reserve_spare_rows(const model::Game& game, Scene& s, Placed& graph) {
  const bool outside = std::find(game.universe.in_universe.begin(), game.universe.in_universe.end(), false) != game.universe.in_universe.end();
  const double top = std::max(graph.height, 96.0);
  for (std::size_t r = 1; r <= kSpareEdgeRows; ++r) s.spare_edge_rows.push_back(top + static_cast<double>(r) * kSpareEdgeRowGap);
  graph.height = s.spare_edge_rows.back();
  if (outside) {
    for (auto& [id, p] : graph.at) p.y += kSpareFormulaRowGap;
    for (auto& y : s.spare_edge_rows) y += kSpareFormulaRowGap;
    graph.height += kSpareFormulaRowGap;
    s.spare_formula_row = 0.0;
  }
  s.spare_right = std::max(graph.width, 400.0);
  graph.width = s.spare_right;
}

}  // namespace

std::string vertex_node(VertexId v) { return fmt::format("v{}", v); }
std::string inherent_node(std::size_t i) { return fmt::format("t{}", i); }
std::string virtual_node(std::size_t k) { return fmt::format("x{}", k); }

std::size_t virtual_index(const Scene& scene, const model::EdgeElement& e) {
  return static_cast<std::size_t>(std::find(scene.virtuals.begin(), scene.virtuals.end(), e) - scene.virtuals.begin());
}

std::string scene_extent(const Scene& s) {
  if (s.word_tree)
    return fmt::format("the word tree to depth {} of the scope's {}{}{}", s.drawn_depth, s.scope_depth,
                       s.folded ? ", a subtree no turn touches folded into its top node" : "",
                       s.board && s.drawn_depth < s.scope_depth ? " (deeper nodes are not drawn: name them)" : "");
  const auto n = static_cast<std::size_t>(std::count(s.drawn.begin(), s.drawn.end(), true));
  return fmt::format("the {} formulas of F*{}", n - s.outside, s.outside ? fmt::format(" and {} outside it that the play touches", s.outside) : "");
}

std::vector<std::string> caption_lines(const Scene& scene, const Frame& frame) {
  std::vector<std::string> lines, extent;
  for (const auto& text : {scene.title, frame.summary})
    for (auto& l : wrapped(text, scene.caption_chars))
      if (!l.empty()) lines.push_back(std::move(l));
  for (auto& l : wrapped("drawn: " + scene_extent(scene), scene.caption_chars))
    if (!l.empty()) extent.push_back(std::move(l));
  if (scene.caption_lines_max && lines.size() + extent.size() > scene.caption_lines_max) {  // the board: cut the summary short
    lines.resize(scene.caption_lines_max > extent.size() + 1 ? scene.caption_lines_max - extent.size() : 1);
    lines.back() += " …";
  }
  lines.insert(lines.end(), extent.begin(), extent.end());
  return lines;
}

Scene make_scene(const model::Game& game, const Play& play) {
  Scene s;
  s.title = play.title;
  s.target = play.target;
  s.word_tree = is_word_tree(game);
  const auto touched = touched_vertices(game, play);
  if (s.word_tree) {
    tree_shape(game, s);
    tree_drawn(game, touched, s);
  } else {
    hypergraph_drawn(game, play, touched, s);
  }
  collect_virtuals(play, s);
  s.features = features(game, play, s);
  s.node_width = std::max(s.word_tree ? 0.4 : 0.6, (widest_label(game, s) + (s.word_tree ? 10 : 18)) / 72);
  const Placed graph = s.word_tree ? tree_layout(game, s) : hypergraph_layout(game, s);
  place_canvas(&play, graph, s);
  return s;
}

Scene make_board_scene(const model::Game& game, const std::string& title, const std::string& target) {
  Scene s;
  s.board = true;
  s.caption_lines_max = kBoardCaptionLines;
  s.title = title;
  s.target = target;
  s.word_tree = is_word_tree(game);
  if (s.word_tree) {
    tree_shape(game, s);
    board_tree_drawn(game, s);
  } else {
    Play start;  // S_0: every inherent hyperedge present
    start.frames.push_back(Frame{});
    start.frames.back().state = model::initial_state(game);
    hypergraph_drawn(game, start, std::vector<bool>(game.universe.size(), false), s);
  }
  // Every kind of thing a turn can show, so that the legend never changes size.
  s.features = Features{.virtual_edges = true, .kept_new = true, .collapse = true, .ghosts = true, .succession = true, .win = true,
                        .frontier = std::find(s.frontier.begin(), s.frontier.end(), true) != s.frontier.end(), .pending = true,
                        .cut = std::find(s.cut.begin(), s.cut.end(), true) != s.cut.end()};
  s.node_width = std::max(s.word_tree ? 0.4 : 0.6, (widest_label(game, s) + (s.word_tree ? 10 : 18)) / 72);
  Placed graph = s.word_tree ? tree_layout(game, s) : hypergraph_layout(game, s);
  if (!s.word_tree) reserve_spare_rows(game, s, graph);
  const Point offset = place_canvas(nullptr, graph, s);
  for (auto& y : s.spare_edge_rows) y += offset.y;
  if (s.spare_formula_row) *s.spare_formula_row += offset.y;
  s.spare_left = offset.x;
  s.spare_right += offset.x;
  return s;
}

}  // namespace carve::render
