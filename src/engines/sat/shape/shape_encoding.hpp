// Document 000 on the infinite tree as CNF (docs/infinite-tree.md): the solver chooses a shape of
// m nodes (engines/sat/shape/shape_tree.hpp) together with a play of k turns in the game on that shape. By
// the shape theorem, m = 13k + n - 1 (14k + 2n for walks; 4 fewer for targets that are not trees)
// covers every play of Ω that wins within k turns, so an unsatisfiable formula is a no-win on the
// infinite tree at every depth. Frames and turns follow
// tree_encoding.cpp rule by rule; what changes is that a tree edge is the edge from a node to its
// parent (te per node and frame) and every tree pair, child edge, parent edge and frontier is read
// through the shape's literals.
//
// Invariant: for every frame count k, the models restricted to the shape and the state variables
// are exactly the shapes of m nodes (numbered as shape_tree.hpp says) with a legal play of k turns
// on them -- except that for trail, simple and simple-or-cycle "stability only when ℛ = ∅" is
// added lazily as lemmas implied by the rules (add_stability_lemma), as in tree_encoding.cpp.
// Decoding writes the model's shape as words and its play in the vertex ids of the game on it.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "engines/sat/frames/frame_encoding.hpp"
#include "engines/sat/shape/shape_split.hpp"
#include "engines/sat/shape/shape_walk.hpp"
#include "rules/model/refusal.hpp"
#include "rules/model/target.hpp"

namespace carve::encoder {

// A model's shape and play, ready for the reference semantics.
struct ShapePlay {
  std::vector<std::string> words;  // node v of the formula is words[v]
  model::Game game;                // the rules on the shape
  std::vector<model::Move> play;   // in game's vertex ids
};

class ShapeEncoding : public FrameEncoding {
 public:
  // target_symmetry adds the lex-leader chains of Aut(target) over the victory map
  // (symmetry_breaking.hpp): not implied by the rules, but the same satisfiability per frame (the
  // victory clauses read the target only through its adjacency), which is what the certified
  // formula needs (docs/infinite-tree.md, Lemma 6).
  ShapeEncoding(const model::Game& game, const model::Target& target, Cnf& cnf, std::size_t nodes,
                bool target_symmetry = false);
  // The rules this encoding does not encode exactly, if any (asked before any work).
  static std::optional<model::Refusal> refusal(const model::Game& game, const model::Target& target);

  std::size_t nodes() const { return shape_.nodes(); }
  int turns() const override { return static_cast<int>(turns_.size()); }
  void add_turn() override;
  int victory(int frame) override;
  int path_length(int turn) const override { return split_ ? split_->middle_length(turn) : 0; }
  bool walk_sets() const override { return walk_ != nullptr; }
  bool exact() const override { return true; }
  std::string extension_gap(int turns) const override;
  std::vector<model::Move> decode(int turns) override { return decode_play(turns).play; }
  ShapePlay decode_play(int turns);
  // `game` is the game on the shape of the last decode_play: its vertices are read back as nodes.
  void add_stability_lemma(const model::Game& game, const model::GraphView& view, const model::ViewPath& path,
                           model::VertexId root) override;
  std::size_t lemmas() const override { return lemmas_.size(); }
  std::size_t symmetry_clauses() const override { return symmetry_clauses_; }  // the target's chains
  void adopt_lemmas(const ShapeEncoding& other);

  // Literals, for tests that pin a play and its shape by assumptions.
  const ShapeTree& shape() const { return shape_; }
  int te_lit(int frame, std::size_t node) const { return frames_[static_cast<std::size_t>(frame)].te[node]; }
  int root_lit(int frame, std::size_t node) const { return frames_[static_cast<std::size_t>(frame)].root[node]; }
  int alive_lit(int frame, std::size_t slot) const { return frames_[static_cast<std::size_t>(frame)].alive[slot]; }
  int collapse_lit(int turn) const { return turns_[static_cast<std::size_t>(turn)].collapse; }
  int trigger_lit(int turn) const { return turns_[static_cast<std::size_t>(turn)].trigger; }
  const VirtualSlot& slot(int turn) const { return turns_[static_cast<std::size_t>(turn)].slot; }

 private:
  struct Frame {
    std::vector<int> te;     // per node: its parent edge is present (0 for node 0)
    std::vector<int> alive;  // per slot made before this frame
    std::vector<int> root;   // per node
  };
  struct Turn {
    VirtualSlot slot;
    std::vector<SlotInTurn> g1;
    int collapse = 0, trigger = 0;
  };
  struct Lemma {
    std::size_t root;
    std::pair<std::size_t, std::size_t> fresh;
    std::vector<std::tuple<std::size_t, std::size_t, bool>> others;  // (node, node, is virtual)
  };

  void new_frame();
  VirtualSlot make_shape_slot();
  void encode_construction(int t, Turn& tu);
  void encode_removal(int t, const ShapeRemoval& rem);
  void encode_closure(int t);
  void encode_tree_reach(int t);
  void encode_succession(int t, Turn& tu);
  void apply_lemma(const Lemma& l, int t);
  // The victory test's map of the target onto the shape's nodes (shape_encoding.cpp): the
  // target's neighbours and adjacency; x[i][v], img[v], px[i][v] (par(v) is i's image).
  struct ShapeVictoryMap {
    std::vector<std::vector<std::size_t>> nbr;
    std::vector<bool> adj;
    std::vector<std::vector<int>> x;
    std::vector<int> img;
    std::vector<std::vector<int>> px;
  };
  void map_target_nodes(int won, ShapeVictoryMap& map);
  void image_tree_edges(const Frame& f, ShapeVictoryMap& map);
  std::vector<std::pair<std::vector<int>, std::vector<int>>> image_slots(const Frame& f, const ShapeVictoryMap& map);
  void cover_target_edges(const Frame& f, int won, const ShapeVictoryMap& map,
                          const std::vector<std::pair<std::vector<int>, std::vector<int>>>& slot_ends);
  void encode_minimal_shape(int frame, int won, const std::vector<int>& img);
  void encode_shape_bound(int won);
  // The tree edge between u and w is present at the frame (a literal, defined on demand).
  int tree_on(int frame, std::size_t u, std::size_t w);
  // A virtual edge on {u, w} is present at the frame (exact, or only forced true when one is).
  int virtual_on(int frame, std::size_t u, std::size_t w, bool lower_only);

  const model::Game& game_;
  const model::Target& target_;
  Cnf& cnf_;
  ShapeTree shape_;
  std::unique_ptr<ShapeWalk> walk_;
  std::unique_ptr<ShapeSplit> split_;
  bool tree_then_new_is_legal_ = false;
  bool target_symmetry_ = false;
  std::size_t symmetry_clauses_ = 0;
  std::vector<Frame> frames_;
  std::vector<Turn> turns_;
  std::vector<Lemma> lemmas_;
  std::vector<int> victory_;
  std::map<std::tuple<int, std::size_t, std::size_t>, int> tree_on_;
  std::map<std::tuple<int, std::size_t, std::size_t, bool>, int> virtual_on_;
  std::vector<int> node_of_vertex_;  // the last decoded game's vertex id -> node
  std::map<std::size_t, std::vector<int>> pending_parent_;  // scratch of encode_minimal_shape
};

}  // namespace carve::encoder
