// questions/claims/engines.hpp — the builtins of rules/elaborate/claims_builtins.def, each implemented by calling
// the engines of games/ (enumerators, SG evaluators, Hackenbush, Cutcake, kernels): one member
// function a row of the table, Engines::builtin_<Enum>, and call() dispatches to it by the row's id.
// Invariant: no game theory lives here — only argument checks, conversions between runtime values
// and engine types, and the memo tables the engines keep across a whole `carve claims` run (one
// Engines per run, so every claim shares the evaluated positions; games over a generated take-away
// rule or multi-DAG keep the table of the latest one only, so that memory stays flat).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "questions/claims/value.hpp"
#include "rules/elaborate/claims_builtins.hpp"
#include "questions/games/blue_red_hackenbush.hpp"
#include "questions/games/coin_turning.hpp"
#include "questions/games/cutcake.hpp"
#include "questions/games/green_hackenbush.hpp"
#include "questions/games/multi_sg.hpp"
#include "questions/games/sg.hpp"
#include "questions/games/tree_deletion.hpp"
#include "text/parser/ast.hpp"

namespace carve::claims {

class Engines {
 public:
  Engines();
  ~Engines();
  // Calls builtin `fn`; a bad argument value (a bound too large, a heap size < 0, a malformed
  // graph string) throws elab::InputError at `loc`.
  Value call(elab::claims::Builtin fn, const std::vector<Value>& args, const parser::Location& loc);

 private:
  using Args = std::vector<Value>;
  // The builtins, one a row of claims_builtins.def: builtin_Abs, builtin_Heaps, ... Each gets
  // arguments of the types its row lists (the elaborator checked them).
#define BUILTIN(Enum, name, params, result, help) Value builtin_##Enum(const Args& a, const parser::Location& loc);
#define FAMILY BUILTIN
#include "rules/elaborate/claims_builtins.def"
#undef FAMILY
#undef BUILTIN

  using HeapEval = games::SgEvaluator<games::Heaps, games::VectorHash>;
  HeapEval& heap_eval(const GamePos& p);
  games::CoinTurning& coins(int rule, int n);
  // sg, outcome and misere of one impartial game, by the engine its kind has.
  Value sg_like(elab::claims::Builtin fn, const Value& g, const parser::Location& loc);
  // takeaway and stairs: a heap position under a generated rule, its heaps within the rule's reach.
  Value rule_game(GamePos::Family family, const Args& a, const parser::Location& loc);
  int cutcake_rec(int a, int b);
  int intern(const games::TakeRule& r);
  int intern(const games::MultiDag& g);

  std::map<std::string, Value> families_;  // FAMILY rows' values, by builtin and arguments
  std::map<std::pair<int, int>, std::unique_ptr<HeapEval>> heap_evals_;
  std::map<std::pair<int, int>, std::unique_ptr<games::CoinTurning>> coins_;
  games::MultiSg<unsigned> lasker_;
  std::vector<games::TakeRule> rules_;    // the rules and multi-DAGs the run's games name by index
  std::map<games::TakeRule, int> rule_index_;
  std::vector<games::MultiDag> multidags_;
  std::map<std::vector<std::vector<std::vector<int>>>, int> multidag_index_;
  std::map<int, std::unique_ptr<games::MultiSg<int>>> multi_sg_;
  games::TreeDeletionExhaustive tree_ex_;
  games::GreenExhaustive green_ex_;
  games::BlueRedExhaustive br_ex_;
  games::BlueRedOutcome br_out_;
  games::CutcakeExhaustive cut_ex_;
  games::CutcakeTable cut_rec_;
};

}  // namespace carve::claims
