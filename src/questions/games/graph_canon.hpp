// questions/games/graph_canon.hpp — grounded (multi)graphs for Hackenbush and their nauty canonical keys.
// Invariant: two grounded graphs get the same canonical_key iff they are isomorphic by a vertex
// bijection that fixes the ground and preserves edge multiplicities, loops and edge colours.
// (Edges are encoded as subdivision vertices so multi-edges and loops survive; colours are cells
// of the initial partition.)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace carve::games {

enum class EdgeColour : std::uint8_t { Green = 0, Blue = 1, Red = 2 };

struct Edge {
  int u = 0;
  int v = 0;
  EdgeColour colour = EdgeColour::Green;
};

struct GroundedGraph {
  int num_vertices = 1;
  int ground = 0;
  std::vector<Edge> edges;

  int add_vertex() { return num_vertices++; }
  void add_edge(int u, int v, EdgeColour c = EdgeColour::Green) { edges.push_back({u, v, c}); }
};

// Drops every edge and vertex not connected to the ground and relabels so ground = 0 and the
// remaining vertices are 0..n-1 in first-seen order.
GroundedGraph prune_to_ground(const GroundedGraph& g);
// Deletes edge `e` and then prunes (one Hackenbush move).
GroundedGraph delete_edge(const GroundedGraph& g, std::size_t e);
// nauty canonical form of g (g should be pruned; isolated vertices would be part of the key).
std::string canonical_key(const GroundedGraph& g);
// Canonical key of a digraph with a distinguished root vertex (root = -1: none); used for
// DAG-game and kernel enumeration.
std::string canonical_digraph_key(const std::vector<std::vector<int>>& succ, int root);

std::string to_string(const GroundedGraph& g);  // "V=3 g=0 [0-1 1-2b 2-0r]"
// "0-1b,1-2r,2-0" (vertex 0 is the ground; suffix b = blue, r = red, none = green). Throws
// std::invalid_argument on malformed text.
GroundedGraph parse_grounded(const std::string& text);
// Both graphs on one ground (a disjoint sum of Hackenbush positions).
GroundedGraph ground_union(const GroundedGraph& a, const GroundedGraph& b);
// Blue and red exchanged (the negative of a Blue-Red position).
GroundedGraph swap_colours(const GroundedGraph& g);
bool is_tree(const GroundedGraph& g);            // connected, no cycles, no loops (after prune)

}  // namespace carve::games
