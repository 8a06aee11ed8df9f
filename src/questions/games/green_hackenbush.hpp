// questions/games/green_hackenbush.hpp — undirected-graph edge deletion rooted at the ground (Green
// Hackenbush): a move deletes one edge and everything no longer connected to the ground.
// Invariant: GreenExhaustive plays the game on nauty-canonical pruned graphs (memo key =
// canonical_key), so it is independent of the fast path; green_sg_fusion uses the Fusion
// Principle (every 2-edge-connected piece fuses to one vertex whose edges become loops; a loop is
// worth *1, so a piece with e edges is worth *(e mod 2) at its vertex) and then the colon principle
// on the bridge tree: sg(c) = (loops(c) mod 2) xor  xor_{children d} (sg(d) + 1). Linear time.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "questions/games/graph_canon.hpp"

namespace carve::games {

class GreenExhaustive {
 public:
  unsigned sg(const GroundedGraph& g);  // g need not be pruned
  std::size_t memo_size() const { return memo_.size(); }

 private:
  unsigned solve(const GroundedGraph& pruned);
  std::unordered_map<std::string, unsigned> memo_;
};

unsigned green_sg_fusion(const GroundedGraph& g);

// Document 003's literal fusion step: contract the vertices of one cycle (given as its vertex
// list) to a new vertex, every edge touching the cycle re-attached to it; the cycle's own edges are
// replaced by nothing (even cycle) or one pendant edge (odd cycle). Chords become loops.
GroundedGraph fuse_cycle_doc003(const GroundedGraph& g, const std::vector<int>& cycle_vertices,
                                const std::vector<std::size_t>& cycle_edges);

// For every edge on a cycle, one shortest cycle through it (its vertices in order starting at the
// edge's first endpoint, and its edges): the cycles fuse_cycle_doc003 is checked on.
std::vector<std::pair<std::vector<int>, std::vector<std::size_t>>> shortest_cycles(const GroundedGraph& g);

// A cycle of n edges through the ground vertex 0 (n = 1: a loop at the ground).
GroundedGraph cycle_on_ground(int n);

}  // namespace carve::games
