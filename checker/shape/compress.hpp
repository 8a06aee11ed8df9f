// compress(play) -> play': the shape theorem of docs/infinite-tree.md, executed. A legal play of
// document 000 (on any 000 universe: the truncated tree or a shape, both the infinite tree by
// Lemma 0) becomes a play on a shape of at most m(k, n) = 14k + 6n + 1 nodes: collapse paths lose
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

#include "model/game.hpp"
#include "model/state.hpp"

namespace carve::shape {

// m(k, n) = 14k + 6n + 1 (Lemma 4).
std::size_t shape_bound(std::size_t turns, std::size_t kept);

struct Compressed {
  std::vector<std::string> words;   // the shape U
  model::Game game;                 // the input game's rules on the universe U
  std::vector<model::Move> play;    // the compressed play, in `game`'s vertex ids
  std::vector<int> image;           // per input vertex: its node in U (φ), -1 outside the support
  std::size_t bound = 0;            // m(k, |keep|)
  // What the compression did (for the tests' coverage checks): nodes of the support St before
  // runs were shortened, and excursions out of St deleted from collapse paths.
  std::size_t support_nodes = 0, excursions = 0;
};

// Throws std::invalid_argument when the play is not legal in `game` or the universe is not a
// binary word tree; `keep` (W) should be a finite component of the play's final state.
Compressed compress(const model::Game& game, const std::vector<model::Move>& play, const std::vector<model::VertexId>& keep);

}  // namespace carve::shape
