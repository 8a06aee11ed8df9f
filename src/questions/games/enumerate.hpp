// questions/games/enumerate.hpp — enumerators of bounded game families, each returned in the family's size
// order (smaller first), so the first failing item of a claim is a smallest counterexample.
// Invariant: every list is free of duplicates up to isomorphism (AHU forms for rooted trees, nauty
// canonical keys for graphs and digraphs) and complete for its bound.
#pragma once

#include <vector>

#include "questions/games/graph_canon.hpp"
#include "questions/games/kernel.hpp"
#include "questions/games/nim.hpp"
#include "questions/games/tree_deletion.hpp"

namespace carve::games {

// Heap vectors with min_count..max_count heaps, each of size < size_bound, ordered by
// (total stones, number of heaps, lexicographic).
std::vector<Heaps> heap_vectors(int max_count, unsigned size_bound, int min_count = 1);
// Non-isomorphic rooted trees with 0..max_edges edges, by edge count.
std::vector<RootedTree> rooted_trees(int max_edges);
// Non-isomorphic connected graphs containing the ground with 0..max_edges edges, by edge count.
// multigraph = true also allows parallel edges and loops.
std::vector<GroundedGraph> grounded_graphs(int max_edges, bool multigraph = false);
// Blue/red colour sequences of stalks with 0..max_edges edges (by length, then blue-first lex).
std::vector<std::vector<EdgeColour>> bicoloured_stalks(int max_edges);
// Non-isomorphic blue/red trees rooted at the ground with 0..max_edges edges.
std::vector<GroundedGraph> bicoloured_trees(int max_edges);
// Non-isomorphic blue/red connected grounded graphs (simple) with 0..max_edges edges.
std::vector<GroundedGraph> bicoloured_graphs(int max_edges);
// Impartial games as DAGs: positions 0..n-1, root 0, every position reachable from the root,
// 1..max_positions positions, non-isomorphic, by number of positions then arcs.
std::vector<Digraph> dag_games(int max_positions);
// All loopless digraphs on 1..max_vertices vertices up to isomorphism (cycles allowed).
std::vector<Digraph> digraphs(int max_vertices);

}  // namespace carve::games
