// questions/claims/value.hpp — runtime values of the claim interpreter: integers, dyadic numbers, booleans,
// outcome classes, strings, lists, and the engines' game objects (shared, immutable).
// Invariant: a value's dynamic kind matches the static type the elaborator gave its expression;
// size() is the family size order (stones, positions, edges, birthday) used to report the
// smallest counterexample first; equality and ordering are structural.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "questions/games/dyadic.hpp"
#include "questions/games/graph_canon.hpp"
#include "questions/games/kernel.hpp"
#include "questions/games/multi_dag.hpp"
#include "questions/games/takeaway.hpp"
#include "questions/games/tree_deletion.hpp"

namespace carve::claims {

// Outcome classes: P N L R as in questions/games/sg.hpp, plus D (a draw, only on cyclic digraphs).
enum class Cls : std::uint8_t { P, N, L, R, D };

// A position of one of the parametrised impartial families.
struct GamePos {
  enum class Family : std::uint8_t { Nim, Staircase, NimK, Lasker, Coins, TakeAway, RuleStairs, MultiSum } family = Family::Nim;
  int k = 0;                 // NimK: k; Coins: the rule's index in coin_rules(); TakeAway, RuleStairs,
                             // MultiSum: the rule's / multi-DAG's index in the run's Engines
  int n = 0;                 // Coins: number of coins
  std::vector<unsigned> h;   // heaps / stair positions; Coins: {mask}; MultiSum: the sorted components
  bool operator==(const GamePos&) const = default;
};

struct CoinRuleRef {
  int index = 0;
  bool operator==(const CoinRuleRef&) const = default;
};

// A cycle of a grounded graph: its vertices in order and its edges (indices into the graph).
struct CycleRef {
  std::vector<int> vertices;
  std::vector<std::size_t> edges;
  bool operator==(const CycleRef&) const = default;
};

struct Value;
using List = std::vector<Value>;

struct Value {
  std::variant<long long, games::Dyadic, bool, Cls, std::string, std::shared_ptr<const List>,
               std::shared_ptr<const games::Digraph>, std::shared_ptr<const games::RootedTree>,
               std::shared_ptr<const games::GroundedGraph>, GamePos, CoinRuleRef, CycleRef,
               std::shared_ptr<const games::TakeRule>, std::shared_ptr<const games::MultiDag>>
      v;

  long long as_int() const { return std::get<long long>(v); }
  games::Dyadic as_num() const;  // ints convert
  bool as_bool() const { return std::get<bool>(v); }
  const List& as_list() const { return *std::get<std::shared_ptr<const List>>(v); }
  const games::Digraph& as_digraph() const { return *std::get<std::shared_ptr<const games::Digraph>>(v); }
  const games::RootedTree& as_tree() const { return *std::get<std::shared_ptr<const games::RootedTree>>(v); }
  const games::GroundedGraph& as_graph() const { return *std::get<std::shared_ptr<const games::GroundedGraph>>(v); }
  const games::TakeRule& as_rule() const { return *std::get<std::shared_ptr<const games::TakeRule>>(v); }
  const games::MultiDag& as_multidag() const { return *std::get<std::shared_ptr<const games::MultiDag>>(v); }
  bool is_list() const { return std::holds_alternative<std::shared_ptr<const List>>(v); }
};

Value make_list(List l);
Value make_digraph(games::Digraph g);
Value make_tree(games::RootedTree t);
Value make_graph(games::GroundedGraph g);
Value make_rule(games::TakeRule r);
Value make_multidag(games::MultiDag g);

const char* cls_name(Cls c);
std::string show(const Value& x);
long long size_of(const Value& x);
bool equal(const Value& a, const Value& b);      // ints and numbers compare by value
bool less(const Value& a, const Value& b);       // a total order (for set(...))

}  // namespace carve::claims
