// Document 001 (the typed deduction hypergraph over a finite variable set) as CNF, one frame per
// turn: which edge elements of the scope (engines/sat/hypergraph/hyper_scope.hpp) are present and the root at
// each frame; per turn the chosen e_new, the collapse path as a Berge path of hyperedges
// (positions and the element of every step), the removal, succession with eligibility; on
// demand the victory test at a frame. Decoding turns a model back into model::Move values.
//
// Invariant: for every frame count k, the models of the turn clauses restricted to the frames
// are exactly the legal plays of k turns inside the scope whose collapse paths have at most
// path_length(t) steps -- except that for the kinds trail, simple and simple-or-cycle "stability
// only when ℛ = ∅" is added lazily as lemmas implied by the rules (as in tree_encoding.hpp).
// path_length is proved sufficient for every path kind (walks: a longer bound, see the .cpp);
// only a smaller override makes exact() false. Under walks the obligation to collapse is exact
// by a closed set of product states.
#pragma once
#include <climits>
#include <optional>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/component_reach.hpp"
#include "engines/sat/frames/frame_encoding.hpp"
#include "engines/sat/hypergraph/hyper_scope.hpp"
#include "engines/sat/frames/rule_switch.hpp"
#include "rules/model/refusal.hpp"
#include "rules/model/target.hpp"

namespace carve::encoder {

class HypergraphEncoding : public FrameEncoding {
 public:
  // max_turns fixes the scope (how many tuples per vertex set, which blocks moves may mention;
  // `cut` says whether it is cut down at all); path_length > 0 overrides the per-turn bound on
  // the collapse path's steps.
  // `selectors` (carve explain, engines/sat/frames/rule_switch.hpp): the rules the record keeps on that hold
  // only while their selector does.
  // `removal`: Collapses::AnyRemoval replaces the collapse path by "the turn removes any edges of
  // E'_t (e_new among them under Φ_inc), or none" -- an over-approximation: every legal play is
  // a model, so an unsatisfiable frame is a no-win whatever the path kind, but a model need not
  // be a play (decode() refuses; exact() is false). sat_search asks it where walks are bounded
  // below the proved length.
  enum class Collapses { Paths, AnyRemoval };
  HypergraphEncoding(const model::Game& game, const model::Target& target, Cnf& cnf, int max_turns, int path_length = 0,
                     ScopeCut cut = ScopeCut::Reduced, const Selectors& selectors = {}, Collapses removal = Collapses::Paths);
  bool over_approximates() const { return removal_ == Collapses::AnyRemoval; }
  // Turn `turn`'s collapse paths are encoded up to the proved length (known before the turn is built).
  bool exact_at(int turn) const { return !over_approximates() && path_length(turn) >= needed_length(turn); }
  // The rules this encoding does not encode exactly, if any (asked before any work).
  static std::optional<model::Refusal> refusal(const model::Game& game, const model::Target& target);

  int turns() const override { return static_cast<int>(turns_.size()); }
  void add_turn() override;
  int victory(int frame) override;
  int path_length(int turn) const override;
  bool walk_sets() const override { return false; }
  bool exact() const override;
  std::string extension_gap(int turns) const override;
  std::vector<model::Move> decode(int turns) override;
  void add_stability_lemma(const model::Game& game, const model::GraphView& view, const model::ViewPath& path,
                           model::VertexId root) override;
  std::size_t lemmas() const override { return lemmas_.size(); }
  // The stability lemmas `other` learnt, for every turn of this encoding; its elements are found
  // here by their tuples, so `other` may have a smaller scope of the same game.
  void adopt_lemmas(const HypergraphEncoding& other);

  const HyperScope& scope() const { return scope_; }
  // Literals for tests: e_new is element e at turn t; element e present at frame f; the root;
  // the turn collapses; succession falls due.
  int fresh_lit(int turn, std::size_t e) const { return turns_[static_cast<std::size_t>(turn)].fresh[e]; }
  int present_lit(int frame, std::size_t e) const { return frames_[static_cast<std::size_t>(frame)].present[e]; }
  int root_lit(int frame, model::VertexId v) const { return frames_[static_cast<std::size_t>(frame)].root[v]; }
  int collapse_lit(int turn) const { return turns_[static_cast<std::size_t>(turn)].collapse; }
  int trigger_lit(int turn) const { return turns_[static_cast<std::size_t>(turn)].trigger; }

 private:
  struct Frame {
    std::vector<int> present;   // per element
    std::vector<int> root;      // per vertex (the false literal where a vertex can never be the root)
  };
  struct Turn {
    std::vector<int> fresh;     // per element (0 for inherent elements)
    std::vector<int> g2;        // per element: in E'_t = E_t ∪ {e_new}
    int collapse = 0;
    int trigger = 0;
    std::vector<std::vector<int>> pos;  // [position][path vertex index]
    std::vector<int> stopped;           // per position
    std::vector<std::vector<int>> sel;  // [step][element]: the step's edge (0: the element cannot be used)
    std::vector<int> rem;               // per element: removed by the collapse
  };
  struct Lemma {
    std::optional<model::VertexId> root;  // none: the path is legal wherever the root is (Φ_root off)
    std::optional<std::size_t> fresh;     // none: the path does not use e_new (Φ_inc off)
    std::vector<std::size_t> others;
  };

  void new_frame();
  void encode_path(int t);
  void encode_any_removal(int t);
  void encode_removal_and_succession(int t);
  void encode_path_positions(int t, std::size_t L);
  std::vector<std::vector<int>> encode_path_steps(Turn& tu, std::size_t L);
  void encode_path_kind(int t, std::size_t L);
  std::vector<std::vector<int>> map_target_vertices(int frame, int won, const std::vector<std::vector<int>>& edges);
  void map_target_edges(int frame, int won, const std::vector<std::vector<int>>& edges, const std::vector<std::vector<int>>& x,
                        const std::vector<int>& img, bool contains);
  void encode_closure(int t);
  void encode_succession(int t);
  void component_of_image(int frame, const std::vector<int>& img, bool contains, bool root_only);
  void apply_lemma(const Lemma& l, int t);
  int needed_length(int turn) const;   // the bound of the path kind, proved sufficient

  const model::Game& game_;
  const model::Target& target_;
  Cnf& cnf_;
  int path_override_;
  Collapses removal_ = Collapses::Paths;
  model::DensityAutomaton dfa_;        // Φ_dense read from the root (the documents' own automaton for theirs)
  // The rules carve explain may switch off, as this formula holds them (rule_switch.hpp).
  RuleSwitch root_rule_, inc_rule_, obligation_rule_, eligibility_rule_;
  HyperScope scope_;
  std::size_t n_;
  std::vector<int> path_index_;        // vertex -> index in scope_.path_vertices, or -1
  std::vector<std::vector<std::size_t>> at_;  // path vertex index -> elements containing it
  std::vector<Frame> frames_;
  std::vector<Turn> turns_;
  std::vector<Lemma> lemmas_;
  std::vector<int> victory_;
  int no_move_from_ = INT_MAX;         // first frame no play reaches (no candidate e_new)
};

}  // namespace carve::encoder
