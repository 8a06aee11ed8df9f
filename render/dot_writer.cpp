// DOT text for a frame: one node per drawn vertex, one DOT edge per tree/virtual edge of 000, one
// edge-node per hyperedge of 001, then the collapse path and the winning cluster.
#include "render/dot_writer.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace carve::render {

namespace {

using model::VertexId;

constexpr const char* kTreeColour = "#37474f";
constexpr const char* kVirtualColour = "#1e88e5";
constexpr const char* kPathColour = "#e53935";
constexpr const char* kNewColour = "#8e24aa";
constexpr const char* kRootFill = "#ffd54f";
constexpr const char* kWinColour = "#2e7d32";

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') {
      out += "\\n";  // DOT's centred line break
      continue;
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

bool is_tree_game(const model::Game& game) { return game.universe.kind == model::Universe::Kind::WordTree; }

int word_depth(const model::Game& game, VertexId v) {
  const auto& n = game.universe.names[v];
  return n == "lambda" ? 0 : static_cast<int>(n.size());
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

// Breaks a long line at blanks so that no piece is much longer than `width` characters.
std::vector<std::string> wrapped(const std::string& text, std::size_t width) {
  std::vector<std::string> out{""};
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!out.back().empty() && out.back().size() + 1 + word.size() > width) out.emplace_back();
    out.back() += (out.back().empty() ? "" : " ") + word;
    start = end + 1;
  }
  return out;
}

std::string vertex_label(const model::Game& game, VertexId v) {
  const auto& n = game.universe.names[v];
  if (is_tree_game(game)) return n == "lambda" ? "λ" : n;
  return replace_all(replace_all(replace_all(n, "Delta", "Δ"), "Nabla", "∇"), " ", "");
}

std::string op_label(const std::string& op) {
  if (op == "Theta") return "Θ";
  if (op == "Omega") return "Ω";
  return op;
}

// Every edge a frame mentions: present in the state, or on its collapse path.
template <class F>
void for_each_mentioned(const model::Game& game, const Frame& f, F&& visit) {
  for (std::size_t i = 0; i < game.universe.inherent.size(); ++i)
    if (f.state.inherent.test(i)) visit(game.universe.inherent[i].vertices);
  for (const auto& e : f.state.virtuals) visit(e.vertices);
  for (const auto& e : f.path_edges) visit(e.vertices);
}

struct Writer {
  const model::Game& game;
  const Scene& scene;
  const Frame& frame;
  std::string out;

  std::string node_id(VertexId v) const { return fmt::format("v{}", v); }

  void line(const std::string& s) { out += "  " + s + "\n"; }

  void vertex(VertexId v) {
    std::vector<std::string> classes{"vertex"};
    std::string attrs;
    const bool root = v == frame.state.root;
    if (root) {
      classes.push_back("root");
      attrs += fmt::format(", shape={}, style=filled, fillcolor=\"{}\", penwidth=2", is_tree_game(game) ? "doublecircle" : "doubleoctagon",
                           kRootFill);
    } else if (frame.previous_root && v == *frame.previous_root) {
      classes.push_back("oldroot");
      attrs += ", style=dashed, color=\"#fb8c00\", penwidth=2";
    } else if (is_tree_game(game) && scene.frontier[v]) {
      attrs += ", style=filled, fillcolor=\"#eceff1\"";
    }
    if (is_tree_game(game) && scene.frontier[v]) classes.push_back("frontier");
    if (std::find(frame.path_vertices.begin(), frame.path_vertices.end(), v) != frame.path_vertices.end())
      classes.push_back("onpath");
    std::string tooltip = game.universe.names[v] + (root ? " (root)" : "");
    line(fmt::format("{} [label={}, class=\"{}\", tooltip={}{}];", node_id(v), quoted(vertex_label(game, v)),
                     fmt::join(classes, " "), quoted(tooltip), attrs));
  }

  static std::string edge_style(bool tree) {
    return tree ? fmt::format("color=\"{}\", penwidth=1.6", kTreeColour)
                : fmt::format("style=dashed, color=\"{}\", penwidth=1.6", kVirtualColour);
  }

  // A 000 edge between two drawn nodes.
  void pair_edge(const std::vector<VertexId>& vs, const std::string& cls, const std::string& attrs) {
    const VertexId a = vs.front(), b = vs.back();
    line(fmt::format("{} -- {} [class=\"{}\", {}];", node_id(a), node_id(b), cls, attrs));
  }

  // A 001 hyperedge: an edge-node and one line to each vertex it mentions.
  void hyperedge(const std::string& id, const std::string& op, const std::vector<VertexId>& vs, const std::string& cls,
                 const std::string& node_attrs, const std::string& line_attrs, const std::string& tooltip) {
    line(fmt::format("{} [label={}, shape=box, style=\"rounded,filled\", fillcolor=white, width=0.25, height=0.2, "
                     "fontsize=9, margin=0.02, class=\"hyperedge {}\", tooltip={}, {}];",
                     id, quoted(op_label(op)), cls, quoted(tooltip), node_attrs));
    for (auto v : vs) line(fmt::format("{} -- {} [class=\"{}\", {}];", id, node_id(v), cls, line_attrs));
  }

  // The edge-node of a present hyperedge: t<i> for inherent edge i, x<k> for virtual edge k.
  std::string hyperedge_id(const model::EdgeElement& e) const {
    auto it = game.universe.inherent_by_slots.find(e.slots);
    if (it != game.universe.inherent_by_slots.end() && frame.state.inherent.test(it->second) && game.universe.inherent[it->second].op == e.op)
      return fmt::format("t{}", it->second);
    const auto& vs = frame.state.virtuals;
    return fmt::format("x{}", std::find(vs.begin(), vs.end(), e) - vs.begin());
  }

  bool on_path_inherent(const std::vector<VertexId>& slots, const std::string& op) const {
    return std::any_of(frame.path_edges.begin(), frame.path_edges.end(),
                       [&](const DrawnEdge& e) { return e.inherent && e.op == op && e.slots == slots; });
  }

  std::string path_attrs(bool tree) const {
    return fmt::format("color=\"{}\", penwidth=3.5, style={}", kPathColour, tree ? "bold" : "\"dashed,bold\"");
  }

  void tree_edges() {
    const auto& u = game.universe;
    for (std::size_t i = 0; i < u.inherent.size(); ++i) {
      const auto& e = u.inherent[i];
      if (!std::all_of(e.vertices.begin(), e.vertices.end(), [&](VertexId v) { return scene.drawn[v]; })) continue;
      const bool present = frame.state.inherent.test(i);
      const bool on_path = !present && on_path_inherent(e.slots, e.op);
      if (is_tree_game(game)) {
        if (present) pair_edge(e.vertices, "tree", edge_style(true));
        else if (on_path) pair_edge(e.vertices, "collapse tree", path_attrs(true));
        else pair_edge(e.vertices, "absent", "style=invis");  // keeps the tree's layout from frame to frame
      } else {
        const std::string id = fmt::format("t{}", i);
        const std::string tip = model::edge_name(game, model::EdgeElement::make(e.op, e.slots));
        if (present) hyperedge(id, e.op, e.vertices, "tree", fmt::format("color=\"{}\"", kTreeColour), edge_style(true), tip);
        else if (on_path) hyperedge(id, e.op, e.vertices, "collapse tree", fmt::format("color=\"{}\", penwidth=2", kPathColour), path_attrs(true), tip + " (collapsed)");
        else hyperedge(id, e.op, e.vertices, "absent", "style=invis", "style=invis", tip);
      }
    }
  }

  void virtual_edges() {
    const bool stable_new = frame.move && !frame.move->collapse;
    int k = 0;  // x<k>: present virtual edges, then g<k>: the ones this turn's collapse removed
    for (const auto& e : frame.state.virtuals) {
      const bool is_new = stable_new && e == frame.move->added;
      const std::string cls = is_new ? "virtual new" : "virtual";
      const std::string attrs = is_new ? fmt::format("style=dashed, color=\"{}\", penwidth=3", kNewColour) : edge_style(false);
      if (is_tree_game(game)) pair_edge(e.vertices, cls, attrs + ", constraint=false");
      else hyperedge(fmt::format("x{}", k++), e.op, e.vertices, cls, fmt::format("color=\"{}\"", is_new ? kNewColour : kVirtualColour), attrs,
                     model::edge_name(game, e));
    }
    // Virtual edges removed by this turn's collapse (e_new among them).
    for (const auto& e : frame.path_edges) {
      if (e.inherent) continue;
      const std::string cls = e.is_new ? "collapse virtual new" : "collapse virtual";
      if (is_tree_game(game)) pair_edge(e.vertices, cls, path_attrs(false) + ", constraint=false");
      else hyperedge(fmt::format("g{}", k++), e.op, e.vertices, cls, fmt::format("color=\"{}\", penwidth=2", kPathColour), path_attrs(false),
                     model::edge_name(game, model::EdgeElement::make(e.op, e.slots)) + " (collapsed)");
    }
  }

  void frontier_stubs() {
    if (!is_tree_game(game)) return;
    for (VertexId v = 0; v < scene.frontier.size(); ++v) {
      if (!scene.frontier[v]) continue;
      line(fmt::format("f{} [label=\"\", shape=triangle, width=0.22, height=0.18, style=dashed, color=\"#90a4ae\", "
                       "class=\"infinite\", tooltip=\"the infinite subtree below {}\"];",
                       v, game.universe.names[v]));
      line(fmt::format("{} -- f{} [class=\"frontier\", style=dotted, color=\"#90a4ae\"];", node_id(v), v));
    }
  }

  std::string graph_label() const {
    std::vector<std::string> lines;
    if (!scene.title.empty()) lines.push_back(scene.title);
    lines.push_back(frame.caption);
    if (is_tree_game(game)) {
      lines.push_back(fmt::format("drawn to depth {} of scope {}; ▽ frontier: joined to an infinite subtree", scene.drawn_depth,
                                  game.universe.depth));
      lines.push_back("solid: tree edge T · dashed blue: virtual edge V · red: collapse path · purple: e_new kept (stable) · gold: root · "
                      "dashed orange: the root before succession · green box: winning component");
    } else {
      lines.push_back("Θ/Ω boxes: hyperedges · solid: inherent (T) · dashed blue: virtual (V) · red: collapse path · purple: e_new kept (stable) · "
                      "gold: root · dashed orange: the root before succession · green box: winning component");
    }
    std::string s;
    for (const auto& l : lines)
      for (const auto& piece : wrapped(l, 110)) s += piece + "\n";
    return s;
  }

  std::string write() {
    out = fmt::format("graph frame_{} {{\n", frame.turn);
    line(fmt::format("graph [label={}, labelloc=t, fontname=\"Helvetica\", fontsize=12, ordering=out, nodesep=0.3, "
                     "class=\"carve {}\"];",
                     quoted(graph_label()), is_tree_game(game) ? "wordtree" : "hypergraph"));
    line(fmt::format("node [shape={}, fontname=\"Helvetica\", fontsize=10, {}];", is_tree_game(game) ? "circle" : "box",
                     is_tree_game(game) ? "width=0.4, height=0.4, fixedsize=true" : "style=rounded, height=0.3"));
    line("edge [fontname=\"Helvetica\", fontsize=9];");
    std::set<VertexId> in_win;
    if (frame.win) {
      in_win.insert(frame.win->vertices.begin(), frame.win->vertices.end());
      line("subgraph cluster_win {");
      line(fmt::format("  graph [label={}, class=\"winning\", style=\"rounded,bold\", color=\"{}\", penwidth=2.5, fontcolor=\"{}\"];",
                       quoted("≅ " + scene.target), kWinColour, kWinColour));
      for (auto v : frame.win->vertices) vertex(v);
      if (!is_tree_game(game))
        for (const auto& e : frame.win->edges) line(hyperedge_id(e) + ";");  // its edge-nodes join the outline
      line("}");
    }
    for (VertexId v = 0; v < scene.drawn.size(); ++v)
      if (scene.drawn[v] && !in_win.count(v)) vertex(v);
    tree_edges();
    virtual_edges();
    frontier_stubs();
    out += "}\n";
    return out;
  }
};

}  // namespace

Scene make_scene(const model::Game& game, const Play& play) {
  const auto& u = game.universe;
  Scene s;
  s.title = play.title;
  s.target = play.target;
  s.drawn.assign(u.size(), false);
  s.frontier.assign(u.size(), false);
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
  if (is_tree_game(game)) {
    // All of the scope when it is small (down to the last level of at most 16 nodes: depth 4 of
    // the binary tree, 2 over 3 or 4 letters); otherwise one level below the deepest node the
    // play touches. Children are drawn in the alphabet's order (ids follow it, ordering=out).
    int deepest = 0;
    for (VertexId v = 0; v < u.size(); ++v)
      if (touched[v]) deepest = std::max(deepest, word_depth(game, v));
    const std::size_t k = std::max<std::size_t>(2, u.alphabet.size());
    int small = 0;
    for (std::size_t level = k; level <= 16; level *= k) ++small;
    s.drawn_depth = std::min(u.depth, std::max(deepest + 1, small));
    for (VertexId v = 0; v < u.size(); ++v) {
      const int d = word_depth(game, v);
      s.drawn[v] = d <= s.drawn_depth;
      // The scope's frontier, or a node above it that no move touched below: either way it keeps
      // its child edges and stays joined to an infinite subtree.
      s.frontier[v] = d == s.drawn_depth;
    }
  } else {
    for (VertexId v = 0; v < u.size(); ++v) s.drawn[v] = u.in_universe[v] || touched[v];
    for (const auto& f : play.frames)
      for_each_mentioned(game, f, [&](const std::vector<VertexId>& vs) {
        for (auto v : vs) s.drawn[v] = true;
      });
  }
  return s;
}

std::string frame_dot(const model::Game& game, const Scene& scene, const Frame& frame) {
  return Writer{game, scene, frame, {}}.write();
}

}  // namespace carve::render
