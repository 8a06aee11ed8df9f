// rules/elaborate/claims_builtins.hpp — the functions a claim may call: their names, signatures and
// one-line meaning. Types are strings: int num bool outcome str coinrule cycle digraph tree graph
// takerule multidag game and list<T>; in a signature `num` also accepts int, `imp` is any impartial game (game,
// digraph, list<digraph> = a sum, tree, graph), `list` any list and `any` anything.
// Invariant: the table is the single source of names and arities; the evaluator (claims/eval_*)
// implements exactly these ids, each by calling the engines in games/.
#pragma once

#include <string>
#include <vector>

namespace carve::elab::claims {

using Type = std::string;

enum class Builtin {
  // numbers and lists
  Abs, Floor, Ceil, Bit, Popcount, Odd, Even, Pow2, Len, Mex, Contains, Subset,
  // bounded families, each in its size order
  Heaps, Dags, Digraphs, Trees, Graphs, Multigraphs, Bigraphs, Bitrees, Stalks, Dyadics, Multisets,
  CoinRules, TakeRules, MultiDags, Vertices, Kernels, Succ, Children, Cycles,
  // constructors
  Nim, Staircase, NimK, Lasker, Coins, TakeAway, Stairs, MultiSum, HeapsOf, HeapDag, At, Subtree, Cycle, GraphOf, StalkOf, Union, Swap, Fuse,
  // engine values
  Sg, SgAt, Outcome, OutcomeAt, Misere, MisereSj, Moves, LMoves, RMoves, Value, ValueFast, SgFusion,
  LaskerSg, MultiSgOf, IsSubtraction, Positions, Blue, Red, Edges, Independent, Absorbing, IsKernel, Acyclic, DagKernel,
  Cutcake, CutcakeSum, CutcakeRec, CutcakeClosed
};

struct Signature {
  const char* name;
  Builtin id;
  std::vector<Type> params;
  Type result;  // a type, or "same" (= the first argument's type), "list<same>", "elem0" (its element)
  const char* doc;
};

const std::vector<Signature>& builtin_table();
// Every signature with this name (overloads differ in arity or argument types).
std::vector<const Signature*> builtins_named(const std::string& name);

}  // namespace carve::elab::claims
