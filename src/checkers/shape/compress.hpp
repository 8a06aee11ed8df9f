// compress(play) -> play': the shape theorem of docs/infinite-tree.md, executed. A legal play of
// document 000 (on any 000 universe: the truncated tree or a shape, both the infinite tree by
// Lemma 0) becomes a play on a shape of at most m(k, n) nodes (Lemma 4): collapse paths lose
// their excursions out of the support St (Lemma A, Lemma 1), runs of St shrink to at most one
// interior node (Lemma 2), and the contracted tree is written out as binary words (Lemma 3).
// Invariant: when the input play is legal, the output play is legal in the output game (the same
// rules on the shape), stable on the same turns, with succession on the same turns, and maps the
// kept nodes W onto a component with the same edges and types; compress() itself only transforms
// -- the tests replay what it returns through the reference semantics.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "rules/model/game.hpp"
#include "rules/model/state.hpp"
#include "rules/model/target.hpp"

namespace carve::shape {

// Lemma 4's count for a play of `turns` turns keeping `kept` nodes that form `components` finite
// components of its final state: 13k + n + 3q - 1 when collapse paths never repeat a vertex or an
// edge (trail, simple, simple-or-cycle: a pendant per collapse at most), 14k + 2n + 4q + 1 for
// walks; at least 1. It is PlayCount's bound with every turn a collapse with a succession and
// every kept component a tree of tree edges.
std::size_t shape_bound(std::size_t turns, std::size_t kept, std::size_t components, model::PathKind path);

// What Lemma 4 reads of a play besides k: nu turns before the last after which the root is
// another node (so |R| <= 1 + nu for the roots a succession reads; the engine counts the turns
// whose succession falls due, at least as many), whether the root moves at the last turn (a
// child of the root before it is chosen again: one node at most), kappa collapse turns (a pendant
// each at most, without walks), and how many of the q kept components have no virtual edge (q_t:
// only such a component can hold no end of any e_new).
struct PlayCount {
  std::size_t turns = 0, successions = 0, collapses = 0;
  std::size_t kept = 0, components = 0, tree_components = 0;
  bool last_succession = false;
};
// m = 8k + 4 nu + kappa + n - 1 + 3 q_t - [q_t < q] + [last] (trail, simple, simple-or-cycle),
//     8k + 6 nu + 2n + 1 + 4 q_t + [last] (walks); at least 1 (docs/infinite-tree.md, Lemma 4).
std::size_t shape_bound(const PlayCount& count, model::PathKind path);

// The engine's m(k, n): one kept component, the target's copy, of n >= 1 nodes -- a tree of tree
// edges only if the target has n - 1 edges (a component of tree edges alone is a subtree of Ω);
// nu, the last turn's succession and kappa at their largest, k - 1, yes and k (13k + n - 1 and
// 14k + 2n for trees, 4 less otherwise).
std::size_t shape_bound(std::size_t turns, const model::Target& target, model::PathKind path);
// The same with the play's own counts.
std::size_t shape_bound(std::size_t turns, std::size_t successions_before_last, bool last_succession, std::size_t collapses,
                        const model::Target& target, model::PathKind path);

struct Compressed {
  std::vector<std::string> words;   // the shape U
  model::Game game;                 // the input game's rules on the universe U
  std::vector<model::Move> play;    // the compressed play, in `game`'s vertex ids
  std::vector<int> image;           // per input vertex: its node in U (φ), -1 outside the support
  std::size_t bound = 0;            // shape_bound of the play's PlayCount (nu: turns whose root moves)
  // What the compression did (for the tests' coverage checks): nodes of the support St before
  // runs were shortened, excursions out of St deleted from collapse paths, and pendants (Lemma 4
  // counts at most one per collapse when paths repeat no vertex or no edge).
  std::size_t support_nodes = 0, excursions = 0, pendants = 0;
};

// Throws std::invalid_argument when the play is not legal in `game` or the universe is not a
// binary word tree; `keep` (W) should be a finite component of the play's final state.
Compressed compress(const model::Game& game, const std::vector<model::Move>& play, const std::vector<model::VertexId>& keep);

}  // namespace carve::shape
