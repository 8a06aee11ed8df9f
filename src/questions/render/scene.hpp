// What a whole play draws, decided once before any frame is written: which vertices (000: the
// word tree to a depth, untouched subtrees folded into their top node when the tree is wide),
// a stable name for every virtual edge of the play, where every node sits, and the canvas around
// the graph (the caption box above, the legend below).
// Invariant: a Scene depends on the play, never on one frame; every frame of the play is drawn
// from the same Scene, so every node keeps its position and every frame's canvas has the same
// size -- stepping through the frames, nothing moves but what the turn changed.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "questions/render/frames.hpp"

namespace carve::render {

struct Point {
  double x = 0, y = 0;  // points (1/72 inch), y upwards as Graphviz has it
};

// Which kinds of thing appear anywhere in the play: the legend lists exactly these.
struct Features {
  bool virtual_edges = false;    // a virtual edge is present in some frame
  bool kept_new = false;         // a turn's e_new stayed (stable)
  bool collapse = false;         // a turn collapsed a path
  bool ghosts = false;           // an inherent edge removed by an earlier turn
  bool succession = false;       // the root moved
  bool win = false;              // the play reaches the target
  bool frontier = false;         // 000: a drawn node whose subtree goes on below the picture
  bool pending = false;          // carve play: e_new chosen, its turn not yet played
  bool cut = false;              // carve play, 000: the scope goes deeper than the board draws
};

struct Scene {
  bool word_tree = true;                     // 000; false: 001 (formulas and hyperedges)
  std::vector<bool> drawn;                   // per universe vertex
  std::vector<bool> frontier;                // 000: drawn, children not drawn: its subtree goes on, joined and intact
  std::vector<bool> cut;                     // 000 board: drawn, its children in the scope but not drawn (empty: none)
  std::vector<int> depth;                    // 000: the vertex's depth in the word tree
  std::vector<std::vector<model::VertexId>> children;  // 000: in the order of their letter
  model::VertexId tree_root = 0;             // 000: the empty word
  int drawn_depth = -1;                      // 000: the deepest drawn level (<= the scope depth)
  int scope_depth = -1;                      // 000: the scope's depth bound D
  std::size_t outside = 0;                   // 001: drawn formulas outside F* (touched by the play)
  bool folded = false;                       // 000: subtrees no turn touches drawn as their top node
  std::vector<model::EdgeElement> virtuals;  // every virtual edge of the play; its DOT node (001) is x<k>
  std::map<std::string, Point> at;           // DOT node id -> centre, for every node any frame draws
  double node_width = 0;                     // inches: 000's circles, 001's formula boxes
  Features features;
  double width = 0, height = 0;              // the canvas, points
  Point caption_at;                          // the caption box's centre
  double caption_width = 0, caption_height = 0;
  std::size_t caption_chars = 0;             // characters per caption line
  Point legend_at;                           // the legend's top-left corner
  std::size_t legend_columns = 1;
  std::string title;
  std::string target;
  // carve play's board (questions/render/board.hpp): every vertex and edge carries a stable SVG id
  // (board_vertex_id, board_edge_id) and the caption keeps caption_lines_max lines.
  bool board = false;
  std::size_t caption_lines_max = 0;         // 0: as many as the frames need
  // The board, 001: rows kept free for what a session meets later -- the edge-nodes of its
  // virtual edges (above the inherent ones) and the formulas outside F* they mention (below F*,
  // when the universe has any): each row's y, and the x range of their slots (canvas points).
  std::vector<double> spare_edge_rows;
  std::optional<double> spare_formula_row;
  double spare_left = 0, spare_right = 0;
};

// DOT node names, shared by the layout and the frame writer.
std::string vertex_node(model::VertexId v);      // v<id>
std::string inherent_node(std::size_t i);        // t<i>: 001's edge-node of inherent edge i
std::string virtual_node(std::size_t k);         // x<k>: 001's edge-node of scene.virtuals[k]

Scene make_scene(const model::Game& game, const Play& play);
// carve play's board: what the game and its scope alone decide (questions/render/board.hpp adds the
// virtual edges a session meets): 000 the word tree to the scope's depth, or to the deepest level
// of at most kBoardRowMax nodes when the scope is wider (the nodes below are not drawn); 001
// every formula of F* and every inherent hyperedge. Every feature a play can show is in the
// legend, and the canvas has room for the caption's kBoardCaptionLines lines.
Scene make_board_scene(const model::Game& game, const std::string& title, const std::string& target);
constexpr std::size_t kBoardRowMax = 64;
constexpr std::size_t kBoardCaptionLines = 4;

// The index of a virtual edge in scene.virtuals (every virtual edge of the play is there).
std::size_t virtual_index(const Scene& scene, const model::EdgeElement& e);

// What the picture holds, in one line: "the word tree to depth 4 of the scope's 5, …" (000) or
// "the 6 formulas of F*" (001).
std::string scene_extent(const Scene& scene);

// The caption's lines: the title, the frame's summary wrapped to the caption box, the extent.
std::vector<std::string> caption_lines(const Scene& scene, const Frame& frame);

}  // namespace carve::render
