// DOT text for a frame: the caption, one node per drawn vertex, one DOT edge per 000 edge or one
// edge-node per 001 hyperedge, the legend, the canvas corners.
#include "questions/render/dot_writer.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "questions/render/labels.hpp"
#include "questions/render/legend.hpp"
#include "questions/render/styles.hpp"

namespace carve::render {

namespace {

using model::VertexId;

// An edge as the frame sees it: inherent or virtual, and its slots.
using EdgeKey = std::pair<bool, std::vector<VertexId>>;

struct Writer {
  const model::Game& game;
  const Scene& scene;
  const Frame& frame;
  std::string out;
  std::map<EdgeKey, std::vector<std::size_t>> steps;  // 1-based steps of the collapse path per edge
  std::map<EdgeKey, std::size_t> distinct;            // its number among the path's distinct edges
  std::set<VertexId> in_win;
  std::set<VertexId> on_path;

  void line(const std::string& s) { out += "  " + s + "\n"; }

  std::string pos(const std::string& node) const {
    const auto it = scene.at.find(node);
    return it == scene.at.end() ? std::string() : fmt::format(", pos=\"{:.1f},{:.1f}!\"", it->second.x, it->second.y);
  }

  void index_path() {
    const auto numbers = path_edge_numbers(frame);
    for (std::size_t i = 0; i < frame.path_edges.size(); ++i) {
      const EdgeKey key{frame.path_edges[i].inherent, frame.path_edges[i].slots};
      steps[key].push_back(i + 1);
      distinct[key] = numbers[i];
    }
    on_path.insert(frame.path_vertices.begin(), frame.path_vertices.end());
    if (frame.win) in_win.insert(frame.win->vertices.begin(), frame.win->vertices.end());
  }

  // The steps that took an edge, consecutive runs joined ("3–46,48"): in full for the tooltip,
  // cut to about kStepLabelChars for the label drawn on the edge (a walk that goes back and forth
  // over one edge would otherwise write a line wider than the picture).
  static constexpr std::size_t kStepLabelChars = 14;
  std::string step_text(const EdgeKey& key, bool cut = false) const {
    const auto& ss = steps.at(key);
    std::string text;
    for (std::size_t i = 0; i < ss.size();) {
      std::size_t j = i;
      while (j + 1 < ss.size() && ss[j + 1] == ss[j] + 1) ++j;
      std::string run = j - i >= 2 ? fmt::format("{}–{}", ss[i], ss[j]) : j > i ? fmt::format("{},{}", ss[i], ss[j]) : std::to_string(ss[i]);
      if (cut && !text.empty() && text.size() + run.size() > kStepLabelChars) return text + ",…";
      text += (text.empty() ? "" : ",") + run;
      i = j + 1;
    }
    return text;
  }

  // The attributes that mark an element as this turn's removed edge: its id, its steps.
  std::string removed_now(const EdgeKey& key, const std::string& name) const {
    const auto& ss = steps.at(key);
    return fmt::format("{}tooltip={}", scene.board ? "" : fmt::format("id=\"{}\", ", path_edge_id(frame, distinct.at(key))),
                       dot_quoted(fmt::format("{}: removed by turn {}, step{} {} of the collapse path", name, frame.turn,
                                          ss.size() == 1 ? "" : "s", step_text(key))));
  }

  void caption() {
    const std::string label = dot_left_aligned(caption_lines(scene, frame));
    line(fmt::format("caption [label={}, shape=plaintext, fixedsize=true, width={:.3f}, height={:.3f}, fontsize=12, "
                     "class=\"caption\", tooltip={}{}];",
                     label, scene.caption_width / 72, scene.caption_height / 72, dot_quoted(frame.caption), pos("caption")));
  }

  void vertex(VertexId v) {
    std::vector<std::string> classes{"vertex"};
    VertexLook look = VertexLook::Plain;
    if (v == frame.state.root) look = VertexLook::Root, classes.push_back("root");
    else if (frame.previous_root && v == *frame.previous_root) look = VertexLook::OldRoot, classes.push_back("oldroot");
    else if (scene.frontier[v]) look = VertexLook::Frontier;
    else if (cut(v)) look = VertexLook::Cut;
    if (scene.frontier[v]) classes.push_back("frontier");
    if (cut(v)) classes.push_back("cut");
    if (on_path.count(v)) classes.push_back("onpath");
    if (in_win.count(v)) classes.push_back("winning");
    std::string tip = model::vertex_name(game, v);
    if (v == frame.state.root) tip += " (the root)";
    if (in_win.count(v)) tip += " (in the winning component)";
    if (scene.frontier[v]) tip += " (its subtree goes on below: intact, infinite)";
    if (cut(v)) tip += " (its subtree in the scope is not drawn)";
    // A frontier node carries a ▽ under its name (a separate stub node would cost Graphviz's
    // edge routing an obstacle per node); a node whose subtree the board leaves out, a ⋯.
    const char* mark = scene.frontier[v] ? "▽" : cut(v) ? "⋯" : nullptr;
    const std::string label = mark ? fmt::format("<{}<br/><font point-size=\"8\" color=\"{}\">{}</font>>",
                                                 html_escaped(vertex_label(game, v)), kStubColour, mark)
                                   : dot_quoted(vertex_label(game, v));
    line(fmt::format("{} [label={}, class=\"{}\", tooltip={}, {}{}{}];", vertex_node(v), label,
                     fmt::join(classes, " "), dot_quoted(tip), vertex_attrs(scene.word_tree, look, in_win.count(v) > 0),
                     pos(vertex_node(v)), scene.board ? fmt::format(", id=\"{}\"", board_vertex_id(v)) : ""));
  }

  // One drawn edge: 000 a line between its two vertices, 001 an edge-node joined to each vertex.
  // On the board, `id` is the element's stable id (board_*_id), the id attribute of the 000 line
  // or the 001 edge-node, and every part drawn for the edge has the class board_edge_class(e).
  void edge(const std::string& node, const model::EdgeElement& e, EdgeKind kind, EdgeLook look, const std::string& plain_cls,
            const std::string& extra, const std::string& steps_label, const std::string& id = "") {
    const std::string with_id = scene.board ? fmt::format("{}id=\"{}\"", extra.empty() ? "" : extra + ", ", id) : extra;
    const std::string cls = scene.board ? plain_cls + " " + board_edge_class(e) : plain_cls;
    if (scene.word_tree) {
      const std::string label = steps_label.empty() ? "" : ", label=" + dot_quoted(steps_label);
      line(fmt::format("{} -- {} [class=\"{}\", {}{}{}];", vertex_node(e.vertices.front()), vertex_node(e.vertices.back()), cls,
                       edge_attrs(kind, look), label, with_id.empty() ? "" : ", " + with_id));
      return;
    }
    const std::string label = op_label(e.op) + (steps_label.empty() ? "" : " " + steps_label);
    line(fmt::format("{} [label={}, shape=box, width=0.3, height=0.2, fontsize=9, margin=\"0.04,0.02\", class=\"hyperedge {}\", {}{}{}];",
                     node, dot_quoted(label), cls, edge_node_attrs(kind, look), with_id.empty() ? "" : ", " + with_id, pos(node)));
    for (auto v : e.vertices) line(fmt::format("{} -- {} [class=\"{}\", {}];", node, vertex_node(v), cls, edge_attrs(kind, look)));
  }

  bool cut(VertexId v) const { return !scene.cut.empty() && scene.cut[v]; }

  bool drawn(const std::vector<VertexId>& vs) const {
    return std::all_of(vs.begin(), vs.end(), [&](VertexId v) { return scene.drawn[v]; });
  }

  void inherent_edges() {
    const auto& u = game.universe;
    for (std::size_t i = 0; i < u.inherent.size(); ++i) {
      const auto& ie = u.inherent[i];
      if (!drawn(ie.vertices)) continue;
      const auto e = model::EdgeElement::make(ie.op, ie.slots);
      const std::string name = model::edge_name(game, e);
      const EdgeKey key{true, ie.slots};
      const std::string id = board_inherent_id(i);
      if (frame.state.inherent.test(i))
        edge(inherent_node(i), e, EdgeKind::Tree, EdgeLook::Present, "tree", "tooltip=" + dot_quoted(name), "", id);
      else if (steps.count(key))
        edge(inherent_node(i), e, EdgeKind::Tree, EdgeLook::RemovedNow, "collapse tree", removed_now(key, name), step_text(key, true), id);
      else
        edge(inherent_node(i), e, EdgeKind::Tree, EdgeLook::RemovedEarlier, "ghost tree",
             "tooltip=" + dot_quoted(name + ": removed by an earlier turn"), "", id);
    }
  }

  void virtual_edges() {
    const bool stable_new = frame.move && !frame.move->collapse;
    for (const auto& e : frame.state.virtuals) {
      // The board leaves deep nodes out (the page lists the edge); a pending e_new equal to a
      // present virtual edge (duplicate=merge) is drawn once, as pending.
      if (!drawn(e.vertices) || (frame.pending && e == *frame.pending)) continue;
      const bool is_new = stable_new && e == frame.move->added;
      const std::string name = model::edge_name(game, e);
      edge(virtual_node(virtual_index(scene, e)), e, EdgeKind::Virtual, is_new ? EdgeLook::KeptNew : EdgeLook::Present,
           is_new ? "virtual new" : "virtual", "tooltip=" + dot_quoted(is_new ? name + ": this turn's e_new, kept" : name), "",
           board_virtual_id(e));
    }
    std::set<EdgeKey> done;  // a walk may take a virtual edge twice: draw it once
    for (const auto& de : frame.path_edges) {
      const EdgeKey key{false, de.slots};
      if (de.inherent || !drawn(de.vertices) || !done.insert(key).second) continue;
      const auto e = model::EdgeElement::make(de.op, de.slots);
      edge(virtual_node(virtual_index(scene, e)), e, EdgeKind::Virtual, EdgeLook::RemovedNow,
           de.is_new ? "collapse virtual new" : "collapse virtual",
           removed_now(key, model::edge_name(game, e) + (de.is_new ? " (this turn's e_new)" : "")), step_text(key, true),
           board_virtual_id(e));
    }
    if (frame.pending && drawn(frame.pending->vertices))
      edge(virtual_node(virtual_index(scene, *frame.pending)), *frame.pending, EdgeKind::Virtual, EdgeLook::Pending,
           "virtual pending", "tooltip=" + dot_quoted(model::edge_name(game, *frame.pending) + ": e_new, its turn not yet played"), "",
           kBoardPendingId);
  }

  void corners() {
    for (const auto& [id, p] : {std::pair{"canvas_sw", Point{0, 0}}, std::pair{"canvas_ne", Point{scene.width, scene.height}}})
      line(fmt::format("{} [shape=point, width=0.01, height=0.01, style=invis, pos=\"{:.1f},{:.1f}!\"];", id, p.x, p.y));
  }

  std::string write() {
    index_path();
    out = fmt::format("graph frame_{} {{\n", frame.turn);
    line(fmt::format("graph [layout=neato, inputscale=72, overlap=true, splines=true, sep=\"+7\", esep=\"+5\", outputorder=edgesfirst, pad=0, "
                     "fontname=\"Helvetica\", class=\"carve {}\"];",
                     scene.word_tree ? "wordtree" : "hypergraph"));
    line(scene.word_tree ? fmt::format("node [fontname=\"Helvetica\", fontsize=10, fixedsize=true, width={:.3f}, height={:.3f}];",
                                       scene.node_width, scene.node_width)
                         : fmt::format("node [fontname=\"Helvetica\", fontsize=10, fixedsize=true, width={:.3f}, height=0.3];", scene.node_width));
    line("edge [fontname=\"Helvetica\", fontsize=9];");
    caption();
    for (VertexId v = 0; v < scene.drawn.size(); ++v)
      if (scene.drawn[v]) vertex(v);
    if (!scene.word_tree) line("node [fixedsize=false];");  // edge-nodes fit their label
    inherent_edges();
    virtual_edges();
    out += legend_dot(scene);
    corners();
    out += "}\n";
    return out;
  }
};

}  // namespace

std::string path_edge_id(const Frame& frame, std::size_t k) { return fmt::format("turn{}_path{}", frame.turn, k); }

std::string board_vertex_id(VertexId v) { return fmt::format("v{}", v); }
std::string board_inherent_id(std::size_t i) { return fmt::format("t{}", i); }
std::string board_virtual_id(const model::EdgeElement& e) { return fmt::format("x{}", fmt::join(e.slots, "_")); }
std::string board_edge_class(const model::EdgeElement& e) { return fmt::format("key_{}_{}", e.op, fmt::join(e.slots, "_")); }

std::string frame_dot(const model::Game& game, const Scene& scene, const Frame& frame) {
  return Writer{game, scene, frame, {}, {}, {}, {}, {}}.write();
}

}  // namespace carve::render
