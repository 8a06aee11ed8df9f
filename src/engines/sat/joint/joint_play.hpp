// Two readings of document 000 judging one play, as one CNF (carve diff's play search by SAT,
// docs/diff.md): a play of t turns whose turns 1..t-1 both readings accept and whose turn t one
// reading accepts and the other rejects. The play is shared -- per turn e_new, the collapse path
// (or the stable claim) and the succession choice -- and so is the state it leads to (the state
// after a turn both readings accept depends on the move alone: model::apply_turn), while each
// reading's legality of a turn is a formula of its own rules record over those variables.
// Invariant: with the stability lemmas it was given (each implied by the rules of the reading it
// names, joint_play.cpp), the models of the formula are exactly the plays of `turns` turns inside
// the scope whose collapse paths (and the witness paths below) have at most path_length(turn)
// edges, legal under both readings up to turn t-1 and at turn t legal under accepting(model) and
// illegal under the other -- except that "stable is legal only if ℛ = ∅" for a reading that must
// accept is enforced lazily (add_lemma), as in the sat engine. exact() says whether those lengths
// are the proved ones: the kind bounds, and for walks the joint walk bound (joint_play.cpp), kept
// unless its step literals pass kWalkStepLiterals or a shorter walk_length is asked for.
#pragma once
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "rules/model/collapse_paths.hpp"
#include "rules/model/semantics.hpp"

namespace carve::encoder {

// "Under reading `side`, in a state with root `root` in which e_new lies on `fresh` and every
// pair of `others` carries an edge of the given type (true: virtual), a stable turn is illegal":
// a legal collapse path with exactly those edges exists (the path the reference semantics found).
struct JointLemma {
  int side = 0;
  model::VertexId root = 0;
  std::pair<model::VertexId, model::VertexId> fresh;
  std::vector<std::pair<std::pair<model::VertexId, model::VertexId>, bool>> others;
};

class JointPlayEncoding {
 public:
  using Lemma = JointLemma;
  // Why the two readings cannot be compared by this formula (checked before any work): another
  // document than 000, different universes or initial roots, or rules that carve explain relaxed.
  static std::optional<std::string> refusal(const model::Game& a, const model::Game& b);
  // The lemma of a legal path the reference semantics found under reading `side` in `state`.
  static JointLemma lemma_of(int side, const model::State& state, const model::GraphView& view, const model::ViewPath& path);
  // `walk_length` > 0: the move's collapse walks, and a walk reading's witness walks, have at most
  // that many edges (exact only when they reach their proved bounds); 0: the proved bound where its step literals fit
  // kWalkStepLiterals, else the trail bound (not exact). Trails, simple paths and simple-or-cycle
  // paths get their proved bounds.
  JointPlayEncoding(const model::Game& a, const model::Game& b, Cnf& cnf, int turns, int walk_length);

  static constexpr long kWalkStepLiterals = 400000;

  int turns() const { return static_cast<int>(turns_.size()); }
  // Every turn's clause of the lemma (for turn `turns` only while its reading is the accepting one).
  void add_lemma(const JointLemma& lemma);
  std::size_t lemmas() const { return lemmas_; }
  // The longest collapse path (and stable witness) of turn 1-based `turn`, and whether every bound is proved.
  int path_length(int turn) const;
  bool exact() const { return exact_; }
  // A model's play, each collapse path oriented as the move states it, and its accepting reading.
  std::vector<model::Move> decode(SatBackend& model) const;
  int accepting(SatBackend& model) const;
  // Assumptions that every move's collapse path has at most `edges` edges (a shorter play to
  // report, where walks allow long ones; none where a path is that short anyway).
  std::vector<int> paths_at_most(int edges) const;

 private:
  struct Pair {
    model::VertexId a, b;  // a <= b (a = b: a loop)
    int tree = -1;         // the inherent edge on the pair, or -1
    bool can_virtual = false;
  };
  struct Frame {
    std::vector<int> tree, virt;  // per pair: its tree edge / a virtual edge is present (0: never)
    std::vector<int> root;        // per vertex
  };
  // A path from the root of a frame, by positions: go[i] (step i exists, i = 1..L), pos[i][v],
  // step[i][p] (step i runs along pair p), used[p] (some step does).
  struct PathBlock {
    int length = 0;
    std::vector<int> go;
    std::vector<std::vector<int>> pos, step;
    std::vector<int> tree_step;  // per step: its edge is a tree edge (type T)
    std::vector<int> used;
    int reversed = 0;            // the move's path is the reverse of the positions (ends at the root)
  };
  struct Turn {
    std::vector<int> fresh;  // per pair: e_new lies on it
    int collapse = 0, named = 0;
    PathBlock path;
    std::vector<int> next_root;
  };

  int pair_id(model::VertexId a, model::VertexId b) const;
  int kind_bound(int side, int turn) const;
  int walk_bound(int turn, bool last) const;
  int witness_length(int side, int turn) const;
  int lit_or(std::vector<int> lits);
  int lit_and(std::vector<int> lits);
  PathBlock path_block(const Frame& f, const std::vector<int>& present, int start, int length);
  int at_least_two(const std::vector<int>& xs);
  int kind_ok(int side, const PathBlock& p, const Frame& f);
  int dense(const model::DensityAutomaton& dfa, const PathBlock& p, bool backward);
  int path_ok(int side, const PathBlock& p, const Frame& f, int uses_new, bool as_move);
  int construction_ok(int side, const Frame& f, const Turn& tu);
  int succession_ok(int side, const Frame& f, const Frame& after, const Turn& tu);
  int has_role_edge(const Frame& after, model::VertexId v, bool by_conclusion);
  void stability_by_tree_reach(const Frame& f, const Turn& tu, int guard_a, int guard_b);
  void lemma_clause(const JointLemma& l, std::size_t turn);
  void build();

  const model::Game* games_[2];
  Cnf& cnf_;
  int turns_wanted_;
  int walk_length_;
  std::size_t n_;
  bool exact_ = true;
  std::vector<int> lengths_;       // per turn: the move's path length
  long product_states_ = 0;        // pairs of states the two minimal automata reach together
  int rooted_states_[2] = {0, 0};  // each reading's minimal automaton read from the root
  std::vector<Pair> pairs_;
  std::vector<int> pair_of_;   // n*n -> pair id or -1
  std::vector<Frame> frames_;
  std::vector<Turn> turns_;
  int accept_ = 0;             // at the last turn: reading A accepts (else B)
  std::map<std::vector<int>, int> defined_;  // lit_or's definitions by their sorted inputs
  std::size_t lemmas_ = 0;
};

}  // namespace carve::encoder
