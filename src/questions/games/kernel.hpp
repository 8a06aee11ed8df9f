// questions/games/kernel.hpp — kernels of finite digraphs (document 002's 核 = 内固集 ∩ 外固集).
// Invariant: a vertex set S is a kernel iff it is independent (no arc inside S, 内固集) and
// absorbing (every vertex outside S has an arc into S, 外固集). On a finite DAG the kernel exists,
// is unique, and equals the set of P-positions of the game "move along an arc; who cannot move loses".
#pragma once

#include <optional>
#include <vector>

namespace carve::games {

struct Digraph {
  std::vector<std::vector<int>> succ;  // succ[u] = heads of arcs u -> v
  int size() const { return static_cast<int>(succ.size()); }
};

using VertexSet = std::vector<bool>;

bool is_independent(const Digraph& g, const VertexSet& s);
bool is_absorbing(const Digraph& g, const VertexSet& s);
bool is_kernel(const Digraph& g, const VertexSet& s);
bool is_acyclic(const Digraph& g);
// The unique kernel of a DAG, built bottom-up (sinks are in it; u is in it iff no successor is).
// nullopt if g has a cycle.
std::optional<VertexSet> dag_kernel(const Digraph& g);
// Every kernel, by exhaustive search over subsets (n <= 24).
std::vector<VertexSet> all_kernels(const Digraph& g);

// Retrograde analysis of "move along an arc; who cannot move loses" on any finite digraph.
enum class Result : unsigned char { Win, Lose, Draw };
std::vector<Result> retrograde(const Digraph& g);

}  // namespace carve::games
