// rules/elaborate/claims_builtins.cpp — the builtin table (see claims_builtins.hpp).
#include "rules/elaborate/claims_builtins.hpp"

namespace carve::elab::claims {

const std::vector<Signature>& builtin_table() {
  using B = Builtin;
  static const std::vector<Signature> table = {
      {"abs", B::Abs, {"num"}, "same", "absolute value"},
      {"floor", B::Floor, {"num"}, "int", "greatest integer <= x"},
      {"ceil", B::Ceil, {"num"}, "int", "least integer >= x"},
      {"bit", B::Bit, {"int", "int"}, "int", "bit j of x (0 or 1)"},
      {"popcount", B::Popcount, {"int"}, "int", "number of 1 bits"},
      {"odd", B::Odd, {"int"}, "bool", "x is odd"},
      {"even", B::Even, {"int"}, "bool", "x is even"},
      {"pow2", B::Pow2, {"int"}, "int", "2^i"},
      {"len", B::Len, {"list"}, "int", "length of a list"},
      {"mex", B::Mex, {"list<int>"}, "int", "least non-negative integer not in the list"},
      {"contains", B::Contains, {"list", "any"}, "bool", "x is an element of the list"},
      {"subset", B::Subset, {"list", "list"}, "bool", "every element of the first list is in the second"},
      {"heaps", B::Heaps, {"int", "int", "int", "int"}, "list<list<int>>",
       "heaps(cmin, cmax, smin, smax): heap vectors of cmin..cmax heaps of smin..smax stones, by total"},
      {"dags", B::Dags, {"int"}, "list<digraph>", "impartial games as DAGs rooted at 0, up to n positions"},
      {"digraphs", B::Digraphs, {"int"}, "list<digraph>", "all loopless digraphs up to n vertices (cycles allowed)"},
      {"trees", B::Trees, {"int"}, "list<tree>", "rooted trees up to n edges"},
      {"graphs", B::Graphs, {"int"}, "list<graph>", "connected simple graphs rooted at the ground, up to n edges"},
      {"multigraphs", B::Multigraphs, {"int"}, "list<graph>", "the same with loops and parallel edges"},
      {"bigraphs", B::Bigraphs, {"int"}, "list<graph>", "blue/red connected grounded simple graphs up to n edges"},
      {"bitrees", B::Bitrees, {"int"}, "list<graph>", "blue/red trees rooted at the ground up to n edges"},
      {"stalks", B::Stalks, {"int"}, "list<graph>", "blue/red stalks (paths from the ground) up to n edges"},
      {"dyadics", B::Dyadics, {"int", "num", "num"}, "list<num>", "dyadics(d, lo, hi): k/2^d in [lo, hi], by birthday"},
      {"multisets", B::Multisets, {"list", "int"}, "list<same>", "multisets(F, n): n-element multisets of F, by total size"},
      {"coin_rules", B::CoinRules, {}, "list<coinrule>", "the coin-turning move rules carve knows"},
      {"take_rules", B::TakeRules, {"int"}, "list<takerule>",
       "every take-away rule on heaps up to n stones (a heap of m may lose any chosen subset of 1..m), by number of moves"},
      {"multidags", B::MultiDags, {"int", "int"}, "list<multidag>",
       "multidags(n, p): Multi-SG games up to n positions, each option a multiset of at most p lower positions"},
      {"vertices", B::Vertices, {"digraph"}, "list<int>", "vertices 0..n-1"},
      {"kernels", B::Kernels, {"digraph"}, "list<list<int>>", "every kernel (independent and absorbing set)"},
      {"succ", B::Succ, {"digraph", "int"}, "list<int>", "successors of a vertex"},
      {"children", B::Children, {"tree", "int"}, "list<int>", "children of a vertex"},
      {"cycles", B::Cycles, {"graph"}, "list<cycle>", "for each edge on a cycle, a shortest cycle through it"},
      {"nim", B::Nim, {"list<int>"}, "game", "Nim position"},
      {"staircase", B::Staircase, {"list<int>"}, "game", "staircase Nim: a[0..n], move stones from i to i-1"},
      {"nimk", B::NimK, {"int", "list<int>"}, "game", "Nim-k (Moore): take from 1..k heaps"},
      {"lasker", B::Lasker, {"list<int>"}, "game", "Lasker's Nim: take, or split a heap in two"},
      {"takeaway", B::TakeAway, {"takerule", "list<int>"}, "game", "takeaway(r, h): a sum of heaps played under rule r"},
      {"stairs", B::Stairs, {"takerule", "list<int>"}, "game",
       "stairs(r, a): staircase, a heap under rule r on every stair; the stones taken drop one stair"},
      {"multisum", B::MultiSum, {"multidag", "list<int>"}, "game", "multisum(g, s): the sum of components at positions s of g"},
      {"heaps_of", B::HeapsOf, {"game"}, "list<int>", "the heaps (stair positions, coin mask) of a position"},
      {"heap_dag", B::HeapDag, {"int"}, "digraph", "a Nim heap of n as a DAG game (i -> every j < i, root n)"},
      {"coins", B::Coins, {"coinrule", "int", "int"}, "game", "coins(rule, n, mask): a coin-turning position"},
      {"at", B::At, {"digraph", "int"}, "digraph", "the game started at vertex v"},
      {"subtree", B::Subtree, {"tree", "int"}, "tree", "the subtree rooted at v"},
      {"cycle", B::Cycle, {"int"}, "graph", "a cycle of n edges through the ground (n = 1: a loop)"},
      {"graph", B::GraphOf, {"str"}, "graph", "grounded graph from \"0-1b,1-2r,2-0\" (ground 0; b/r/green)"},
      {"stalk", B::StalkOf, {"str"}, "graph", "stalk from the ground, colours as a word such as \"BR\""},
      {"union", B::Union, {"graph", "graph"}, "graph", "both graphs side by side on one ground"},
      {"swap", B::Swap, {"graph"}, "graph", "blue and red exchanged (the negative)"},
      {"fuse", B::Fuse, {"graph", "cycle"}, "graph", "document 003's fusion of one cycle"},
      {"sg", B::Sg, {"imp"}, "int", "SG value by exhaustive play"},
      {"sg", B::SgAt, {"digraph", "int"}, "int", "SG value of a vertex"},
      {"outcome", B::Outcome, {"imp"}, "outcome", "outcome class by exhaustive play (P N L R)"},
      {"outcome", B::OutcomeAt, {"digraph", "int"}, "outcome", "outcome of a vertex, by retrograde analysis (P N D)"},
      {"misere", B::Misere, {"imp"}, "outcome", "misère outcome (the player unable to move wins)"},
      {"misere_sj", B::MisereSj, {"list<digraph>"}, "outcome", "misère, game over once every component has SG 0"},
      {"moves", B::Moves, {"imp"}, "list<same>", "the positions one move away"},
      {"lmoves", B::LMoves, {"graph"}, "list<graph>", "Blue's (Left's) options"},
      {"rmoves", B::RMoves, {"graph"}, "list<graph>", "Red's (Right's) options"},
      {"value", B::Value, {"graph"}, "num", "Blue-Red value by exhaustive {L|R} and the simplest-number rule"},
      {"value_fast", B::ValueFast, {"graph"}, "num", "Blue-Red value by the stalk / tree fast path"},
      {"sg_fusion", B::SgFusion, {"graph"}, "int", "Green Hackenbush SG by fusion + colon principle"},
      {"lasker_sg", B::LaskerSg, {"int"}, "int", "Multi-SG value of one Lasker heap (mex of xors of parts)"},
      {"msg", B::MultiSgOf, {"multidag", "int"}, "int", "Multi-SG value of a position: mex over options of the parts' xor"},
      {"subtraction", B::IsSubtraction, {"takerule"}, "bool", "the rule depends only on the amount taken (a subtraction set)"},
      {"positions", B::Positions, {"multidag"}, "list<int>", "positions 0..n-1 of a multi-DAG"},
      {"blue", B::Blue, {"graph"}, "int", "number of blue edges"},
      {"red", B::Red, {"graph"}, "int", "number of red edges"},
      {"edges", B::Edges, {"graph"}, "int", "number of edges"},
      {"independent", B::Independent, {"digraph", "list<int>"}, "bool", "no arc inside S (内固集)"},
      {"absorbing", B::Absorbing, {"digraph", "list<int>"}, "bool", "every vertex outside S has an arc into S (外固集)"},
      {"is_kernel", B::IsKernel, {"digraph", "list<int>"}, "bool", "independent and absorbing"},
      {"acyclic", B::Acyclic, {"digraph"}, "bool", "no directed cycle"},
      {"dag_kernel", B::DagKernel, {"digraph"}, "list<int>", "the kernel built bottom-up (DAGs only)"},
      {"cutcake", B::Cutcake, {"int", "int"}, "num", "Cutcake A×B by exhaustive play"},
      {"cutcake_sum", B::CutcakeSum, {"list<list<int>>"}, "num", "a sum of Cutcake pieces [[A,B],...] by exhaustive play"},
      {"cutcake_rec", B::CutcakeRec, {"int", "int"}, "int", "Cutcake by document 004's O(n^3) recurrence"},
      {"cutcake_closed", B::CutcakeClosed, {"int", "int"}, "int", "Cutcake by the closed form"},
  };
  return table;
}

std::vector<const Signature*> builtins_named(const std::string& name) {
  std::vector<const Signature*> out;
  for (const auto& s : builtin_table())
    if (name == s.name) out.push_back(&s);
  return out;
}

}  // namespace carve::elab::claims
