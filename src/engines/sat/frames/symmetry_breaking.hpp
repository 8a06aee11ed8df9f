// Lex-leader symmetry breaking (Crawford, Ginsberg, Luks and Roy, KR 1996) for the 000 encoding:
// the child swaps of the word tree act on the whole unrolled play, the target's automorphisms
// on the victory map. Each generator g gets one chain of clauses saying "the model's vector of
// play literals, read in order, is lexicographically >= its image under g" (true > false).
// Invariant: the clauses only remove models; for every model of the formula without them there
// is one with them whose play is the image of the first under a tree automorphism (and whose
// victory map is the image under a target automorphism) -- the argument is in
// symmetry_breaking.cpp. They are not implied by the rules: a no-win that a proof certifies must
// come from a formula without them (SatOptions::symmetry_breaking = false).
#pragma once
#include <cstddef>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/scope_pairs.hpp"
#include "rules/model/target.hpp"

namespace carve::encoder {

// A child swap: the images of vertices and of pairs.
struct ChildSwap {
  std::vector<model::VertexId> vertex;
  std::vector<int> pair;
};
// Per non-frontier node with children c_0..c_{k-1}, the k - 1 swaps of adjacent children c_i and
// c_{i+1} with their subtrees (they generate S_k at the node, and together every automorphism of
// the rooted tree, which are exactly the automorphisms of the scope that fix λ: λ is the scope's
// centre, every frontier node lying at depth D) -- in deep scopes only those of the nodes
// nearest λ (a subset of the generators: the chains stay sound, symmetry_breaking.cpp).
std::vector<ChildSwap> child_swaps(const ScopePairs& pairs);

// One generator's chain, extended block by block: x[i] are literals of the play in order, y[i]
// the literals that the generator maps onto them.
class LexChain {
 public:
  explicit LexChain(const Cnf& cnf) : equal_(-cnf.false_lit()) {}
  void extend(Cnf& cnf, const std::vector<int>& x, const std::vector<int>& y);

 private:
  int equal_;  // holds when the vector read so far equals its image
};

// The lex-leader chains of the child swaps.
class TreeSymmetry {
 public:
  TreeSymmetry(const ScopePairs& pairs, const Cnf& cnf);
  // Appends turn t's block to every chain: e_new's endpoints per vertex, then S_{t+1}'s root per
  // vertex and tree edge per pair (0 off the tree). The virtual edges present after the turn are
  // the slots' (fixed by the endpoints already read) and whether each is alive, which no swap
  // changes, so they add nothing to the chain.
  void add_turn(Cnf& cnf, const std::vector<int>& touch, const std::vector<int>& root, const std::vector<int>& tree);
  std::size_t generators() const { return gens_.size(); }

 private:
  struct Generator {
    ChildSwap swap;
    LexChain chain;
  };
  std::vector<Generator> gens_;
};

// The victory map x[i][v] (target vertex i onto scope vertex v, 0 where impossible): one chain per
// generator of Aut(target) (nauty), read vertex by vertex; `typed`: only the automorphisms that
// keep every edge's type (iso=typed).
void break_target_symmetry(Cnf& cnf, const model::Target& target, const std::vector<std::vector<int>>& x, bool typed);

}  // namespace carve::encoder
