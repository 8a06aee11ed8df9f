// Two readings of document 001 judging one play, as one CNF (carve diff's play search by SAT for
// the triangle hypergraph, docs/diff.md): a play of t turns whose turns 1..t-1 both readings
// accept and whose turn t one reading accepts and the other rejects -- the counterpart of
// joint_play.hpp over the 001 encoding's frames (engines/sat/hypergraph): per frame which edge
// elements of the scope are present and the root; per turn the chosen e_new (one virtual
// element), the collapse path as a Berge path (positions and the element of every step) or the
// stable claim, and the succession choice. The play and the states it leads to are shared; each
// reading's legality of a turn is a literal of its own rules record, defined both ways.
// Invariant: the models of the formula (with the stability lemmas it was given, each implied by
// the rules of the reading it names) are exactly the distinguishing plays of `turns` turns inside
// the scope whose stated collapse paths have at most path_length(turn) steps -- except that "stable
// is legal only if ℛ = ∅" for a non-walk reading that must accept a stable turn is enforced
// lazily (add_lemma), as in the sat engine. exact() says whether those lengths are the proved ones
// (joint_hyper_play.cpp: the joint walk bound); ScopeCut::Reduced is exact by automorphisms of
// both games (the .cpp says why), ScopeCut::WholeUniverse needs no argument.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engines/sat/hypergraph/hyper_scope.hpp"
#include "engines/solvers/cnf.hpp"
#include "rules/model/collapse_paths.hpp"
#include "rules/model/semantics.hpp"

namespace carve::encoder {

// "Under reading `side`, in a state with root `root` in which e_new is the tuple `fresh` and every
// tuple of `others` is an edge of E_t ∪ {e_new}, a stable turn is illegal": a legal collapse path
// along exactly those edges exists (the path the reference semantics found). Edges by their
// tuples, so a lemma holds in every scope of the game that holds them.
struct JointHyperLemma {
  int side = 0;
  model::VertexId root = 0;
  std::vector<model::VertexId> fresh;
  std::vector<std::vector<model::VertexId>> others;
};

class JointHyperPlayEncoding {
 public:
  using Lemma = JointHyperLemma;
  // Why the two readings cannot be compared by this formula (checked before any work): another
  // document than 001, different universes, initial roots or operators, or rules carve explain relaxed.
  static std::optional<std::string> refusal(const model::Game& a, const model::Game& b);
  // The lemma of a legal path the reference semantics found under reading `side` in `state`.
  static Lemma lemma_of(int side, const model::State& state, const model::GraphView& view, const model::ViewPath& path);
  // `walk_length` > 0: the move's collapse walks have at most that many steps (exact only when it
  // reaches the proved joint bound); 0: the proved bound where its step literals fit
  // kWalkStepLiterals, else a shorter fallback (not exact).
  JointHyperPlayEncoding(const model::Game& a, const model::Game& b, Cnf& cnf, int turns, int walk_length, ScopeCut cut);

  static constexpr long kWalkStepLiterals = 400000;

  int turns() const { return static_cast<int>(turns_.size()); }
  void add_lemma(const Lemma& lemma);
  std::size_t lemmas() const { return lemmas_; }
  // The longest stated collapse path of 1-based turn `turn`, and whether every bound is proved.
  int path_length(int turn) const;
  bool exact() const { return exact_; }
  // The scope the formula is built over, and whether it is the whole universe (no symmetry argument).
  const HyperScope& scope() const { return scope_; }
  bool whole_universe() const { return whole_; }
  std::size_t whole_elements() const { return whole_elements_; }
  std::vector<model::Move> decode(SatBackend& model) const;
  int accepting(SatBackend& model) const;
  // Assumptions that every move's collapse path has at most `steps` steps (a shorter play to
  // report, where walks allow long ones; none where a path is that short anyway).
  std::vector<int> paths_at_most(int steps) const;
  // The fallback walk length of 1-based `turn`: 2(|E_Ω| + t) + 2 steps.
  int short_paths(int turn) const { return 2 * (static_cast<int>(scope_.inherent_count) + turn) + 2; }

 private:
  struct Frame {
    std::vector<int> present;  // per element
    std::vector<int> root;     // per vertex (the false literal where it can never be the root)
  };
  // A path from the root of a frame by positions: go[i] (step i exists, i = 1..L), pos[i][j] over
  // the scope's path vertices, sel[i][e] (step i runs along element e), used[e] (some step does).
  struct PathBlock {
    int length = 0;
    std::vector<int> go;
    std::vector<std::vector<int>> pos, sel;
    std::vector<int> tree_step;  // per step: its element is inherent (type T)
    std::vector<int> used;
    int reversed = 0;            // the move states the reverse of the positions (ending at the root)
  };
  struct Turn {
    std::vector<int> fresh;      // per element (the false literal for inherent ones)
    std::vector<int> g2;         // per element: in E'_t = E_t ∪ {e_new}
    int collapse = 0, named = 0;
    PathBlock path;
    std::vector<int> next_root;  // per vertex
  };

  int lit_or(std::vector<int> lits);
  int lit_and(std::vector<int> lits);
  int at_least_two(const std::vector<int>& xs);
  int walk_bound(int turn, bool last) const;
  int kind_bound(int side, int turn) const;
  int witness_length(int side, int turn) const;
  PathBlock path_block(const Frame& f, const std::vector<int>& in_g2, int start, int length);
  int kind_ok(int side, const PathBlock& p, const Frame& f);
  int dense(const model::DensityAutomaton& dfa, const PathBlock& p, bool backward);
  int path_ok(int side, const PathBlock& p, const Frame& f, int uses_new, bool as_move);
  int construction_ok(int side, const Frame& f, const Turn& tu);
  int has_role_edge(const Frame& after, model::VertexId v, bool by_conclusion);
  int succession_ok(int side, const Frame& f, const Frame& after, const Turn& tu);
  void closure(int side, const Frame& f, const Turn& tu, const std::vector<int>& in_g2, int guard);
  void eager_stability(int side, const Frame& f, const Turn& tu, int guard);
  void lemma_clause(const Lemma& l, std::size_t turn);
  void build();
  void last_turn(const Frame& f, Turn& tu, const std::vector<int>& in_g2, const int legal[3][2], int turn);

  const model::Game* games_[2];
  Cnf& cnf_;
  int turns_wanted_;
  int walk_override_;
  HyperScope scope_;
  bool whole_ = false;
  std::size_t whole_elements_ = 0;
  bool exact_ = true;
  std::size_t n_;
  std::vector<int> path_index_;  // vertex -> index in scope_.path_vertices, or -1
  std::vector<bool> allowed_[2]; // per element: the reading's construction rule allows it on S_0
  std::vector<Frame> frames_;
  std::vector<Turn> turns_;
  std::vector<int> lengths_;     // per turn: the move's path length
  long product_states_ = 0;      // pairs of states the two minimal automata reach together
  int rooted_states_[2] = {0, 0};  // each reading's minimal automaton read from the root
  int accept_ = 0;
  std::map<std::vector<int>, int> defined_;
  std::unordered_map<std::uint64_t, int> pairs_defined_;  // lit_or's definitions of two inputs
  std::size_t lemmas_ = 0;
};

}  // namespace carve::encoder
