// Document 000 (the word tree to depth D) as CNF, one frame per turn: the state S_t, the
// move of turn t (construction, collapse or stability, succession) and, on demand, the victory
// test at a frame. Decoding turns a model back into model::Move values.
//
// Invariant: for every frame count k, the models of the turn clauses restricted to the state
// variables are exactly the legal plays of k turns inside the scope whose collapse paths have at
// most path_length(t) steps (a bound proved sufficient for every path kind and pattern, so: every
// legal play; under path=walk the collapse is encoded by its edge set where the pattern allows,
// engines/sat/frames/turn_collapse.hpp) -- with one deliberate exception for the path kinds trail, simple
// and simple-or-cycle: "stability is legal only if ℛ = ∅" is not encoded up front but added
// lazily as lemmas (add_stability_lemma), each of them implied by the rules (see
// tree_encoding.cpp for the argument). The driver adds a lemma whenever a decoded stable move
// does not replay, so any model it accepts is a legal play.
#pragma once
#include <map>
#include <memory>
#include <tuple>
#include <optional>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/component_reach.hpp"
#include "engines/sat/frames/frame_encoding.hpp"
#include "engines/sat/frames/scope_pairs.hpp"
#include "engines/sat/frames/symmetry_breaking.hpp"
#include "engines/sat/frames/virtual_slots.hpp"
#include "engines/sat/paths/collapse_route.hpp"
#include "engines/sat/frames/turn_collapse.hpp"
#include "rules/model/collapse_paths.hpp"
#include "rules/model/refusal.hpp"
#include "rules/model/state.hpp"
#include "rules/model/target.hpp"

namespace carve::encoder {

// e_new pairs (the smaller vertex first) that turn 1 may construct: one part of `solve --split`.
using FirstMoves = std::vector<std::pair<model::VertexId, model::VertexId>>;

class TreeEncoding : public FrameEncoding {
 public:
  // path_length > 0 overrides the per-turn bound on the collapse path's number of steps (and
  // selects the positional encoding also for walks). symmetry_breaking adds the lex-leader chains
  // of engines/sat/frames/symmetry_breaking.hpp (same satisfiability per frame, not implied by the rules).
  // `selectors` (carve explain, engines/sat/frames/rule_switch.hpp): the rules the record keeps on that hold
  // only while their selector does.
  TreeEncoding(const model::Game& game, const model::Target& target, Cnf& cnf, int path_length = 0,
               bool symmetry_breaking = false, const Selectors& selectors = {});
  // The rules this encoding does not encode exactly, if any (asked before any work).
  static std::optional<model::Refusal> refusal(const model::Game& game, const model::Target& target);

  int turns() const override { return static_cast<int>(turns_.size()); }
  void add_turn() override;                         // frame t -> t+1 for t = turns()
  int victory(int frame) override;                  // a literal that, assumed, demands a target component at the frame
  // Steps a collapse path of turn t may take (0: walks encoded by edge sets, no bound needed),
  // and whether the encoding is proved exact (false only under a smaller path-length override).
  int path_length(int turn) const override;
  bool walk_sets() const override { return route_.positional == nullptr; }
  bool exact() const override;
  std::string extension_gap(int turns) const override;
  std::vector<model::Move> decode(int turns) override;
  // "In a state with root path.vertices[0] in which this path's edges are present with the same
  // types and e_new is the path's new edge, the move is not stable" -- for every turn.
  void add_stability_lemma(const model::Game& game, const model::GraphView& view, const model::ViewPath& path,
                           model::VertexId root) override;
  std::size_t lemmas() const override { return lemmas_.size(); }
  std::size_t symmetry_clauses() const override { return symmetry_clauses_; }
  // Every stability lemma `other` holds (same game, target and path bound), for every turn: a
  // fresh formula that must be unsatisfiable where the incremental run's was needs them.
  void adopt_lemmas(const TreeEncoding& other);
  // Turn 1's e_new is one of `allowed` (one clause; needs turns() >= 1). Not implied by the rules:
  // a part of `solve --split`, whose refutation counts only with the covering check of its plan
  // (questions/atlas/split_covering.hpp).
  void restrict_first_move(const FirstMoves& allowed);
  // The lex-leader chains, as the constructor's symmetry_breaking adds them; only before the first
  // turn or victory test is built (logic_error otherwise), so the formula equals one built with the
  // flag. A certified formula takes them after cover_shorter_wins said it needs no guards.
  void break_symmetry();

  // Literals of a turn's move and a frame's state, for tests and for pinning a move by assumption.
  int fresh_lit(int turn, model::VertexId a, model::VertexId b);         // e_new = {a, b} (0 if impossible)
  int collapse_lit(int turn) const { return turns_[static_cast<std::size_t>(turn)].collapse; }
  int trigger_lit(int turn) const { return turns_[static_cast<std::size_t>(turn)].trigger; }
  int removed_lit(int turn, model::VertexId a, model::VertexId b);       // the pair leaves E'' (0 if no pair)
  int position_lit(int turn, int i, model::VertexId v) const { return route_.positional->position_lit(static_cast<std::size_t>(turn), i, v); }
  int stopped_lit(int turn, int i) const { return route_.positional->stopped_lit(static_cast<std::size_t>(turn), i); }
  int root_lit(int frame, model::VertexId v) const { return frames_[static_cast<std::size_t>(frame)].root[v]; }

 private:
  struct Frame {
    std::vector<int> tree;   // per pair: tree edge present (0 when the pair is no tree pair)
    std::vector<int> alive;  // per slot made before this frame: its virtual edge is present
    std::vector<int> root;   // per vertex
  };
  struct Turn {
    VirtualSlot slot;            // e_new
    std::vector<int> touch;      // per vertex: an endpoint of e_new (the symmetry chains read it)
    std::vector<SlotInTurn> g1;  // the slots of G' (every earlier one, then e_new's)
    int collapse = 0;
    int trigger = 0;
    Removal rem;                        // per tree pair and per slot of g1: removed by the collapse
  };
  // Pairs by their ends, not by id: a pair off the tree is numbered when first asked for, so
  // another encoding of the same game (adopt_lemmas) may give it another id.
  using Ends = std::pair<model::VertexId, model::VertexId>;
  struct Lemma {
    std::optional<model::VertexId> root;        // none: the path is legal wherever the root is (Φ_root off)
    std::optional<Ends> fresh;                  // none: the path does not use e_new (Φ_inc off)
    std::vector<std::pair<Ends, bool>> others;  // (pair, is virtual)
  };

  int pair_of(model::VertexId a, model::VertexId b) const { return pairs_.of(a, b); }
  void new_frame();
  void apply_lemma(const Lemma& l, int turn);
  void encode_removal(int t, const Removal& rem);
  // A literal for "a virtual edge on pair p is present at frame f": exact, or (lower_only)
  // only forced true when one is.
  int virtual_on(int frame, int p, bool lower_only);
  // The decoded path of turn t (found from the root) as the rules read it: see legalize().
  void orient(int t, model::CollapsePath& cp);
  void encode_closure(int t);
  void encode_tree_reach(int t);
  void encode_succession(int t);
  std::optional<std::vector<int>> role_pairs(model::VertexId v, bool by_conclusion) const;
  std::optional<std::vector<int>> role_edges(int frame, model::VertexId v, bool by_conclusion, bool lower_only);
  // The victory test's parts (tree_encoding.cpp): the edges of a frame for closed sets and reach.
  std::vector<FrameEdge> frame_edges(int frame) const;
  // The map of the target into a frame: x[i][v] (target vertex i is v), img[v], and per alive
  // slot, per target vertex, "the slot's a (b) end is its image".
  struct VictoryMap {
    std::vector<std::vector<int>> x;
    std::vector<int> img;
    std::vector<std::vector<int>> slot_a, slot_b;
  };
  VictoryMap map_target_vertices(int won);
  void map_target_edges(const Frame& f, int won, const VictoryMap& map);
  void image_component(int frame, int won, const std::vector<int>& img);
  void image_closed_on_tree(const Frame& f, const std::vector<int>& img);
  void image_closed_on_slot(const Frame& f, std::size_t s, const std::vector<int>& img);
  int all_of(const std::vector<int>& lits);

  const model::Game& game_;
  const model::Target& target_;
  Cnf& cnf_;
  int path_override_;
  std::size_t n_;
  ScopePairs pairs_;
  // The rules carve explain may switch off, as this formula holds them (rule_switch.hpp).
  RuleSwitch root_rule_, inc_rule_, obligation_rule_, eligibility_rule_;
  CollapseRoute route_;                          // the collapse encoding and the automaton it reads
  bool tree_then_new_is_legal_ = false;          // the automaton accepts every T^m V (encode_tree_reach)
  bool new_alone_is_a_path_ = false;             // e_new alone is a legal path when Φ_root is off
  std::vector<Frame> frames_;
  std::vector<Turn> turns_;
  std::vector<Lemma> lemmas_;
  std::vector<int> victory_;                     // per frame, 0 until asked
  std::map<std::tuple<int, int, bool>, int> virtual_on_;  // (frame, pair, lower_only) -> literal
  std::map<std::tuple<int, int, int>, int> probes_;       // fresh_lit / removed_lit, defined on demand
  std::unique_ptr<TreeSymmetry> symmetry_;       // null when symmetry breaking is off
  std::size_t symmetry_clauses_ = 0;
};

}  // namespace carve::encoder
