// Why a question has no win, in the spec's own definitions: a minimal set of definitions (the
// core) whose rules together already exclude every play within the scope, each member with its
// counterfactuals, and the core's own no-win certified (docs/explain.md).
//
// A definition is relaxed as questions/explain/relaxations.def says; "relaxing a set" relaxes each member.
// The core C is found by deletion: every relaxable definition starts as a candidate; a
// candidate whose relaxation, beside every definition already relaxed, still leaves no win is
// relaxed for good; passes repeat until one changes nothing (relaxing is not monotone -- a larger
// ℛ also obliges more collapses -- so a member found needed early is tested again). Every trial
// after the question's own runs within its share of the run's budget (the time and search nodes
// left, divided among the trials still planned); those a share cut short are asked once more with
// what is left at the end.
// Invariant (Status::Core): the game with every definition outside C relaxed has no win (by an
// engine; certified by a checked DRAT proof when asked); for every member m, that game with m
// relaxed too has a win whose witness replayed under those rules (`needed`), unless the member
// is `undecided` (its trial unknown or refused) -- then it is kept in C and says so. `alone` is
// the spec's rules with m alone relaxed: a replayed win, no win, or unknown.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "questions/explain/decide.hpp"
#include "questions/explain/relaxations.hpp"

namespace carve::explain {

// A question under the spec's rules with some definitions relaxed, and its answer.
struct Trial {
  std::vector<std::string> relaxed;  // definition numbers, in the spec's order
  Answer answer;
};

struct Member {
  const model::Definition* def = nullptr;
  std::vector<Relaxation> rows;
  Trial needed;  // every non-member and this one relaxed
  Trial alone;   // this one alone relaxed
  bool undecided() const { return !needed.answer.win(); }
};

struct RelaxedDefinition {
  const model::Definition* def = nullptr;
  std::vector<Relaxation> rows;
};

struct NoWinCore {
  enum class Status {
    Core,       // the question has no win; members and certificate as the invariant says
    NotNoWin,   // the question has a win (question.answer) -- nothing to explain
    Undecided,  // the question itself was not answered (a limit, a refusal)
  };
  Status status = Status::Undecided;
  Trial question;                                    // the spec's own rules
  std::vector<Member> members;                       // the core, in the spec's order
  std::vector<RelaxedDefinition> relaxed;            // the definitions outside the core, relaxed
  std::vector<const model::Definition*> fixed;       // definitions with no relaxation
  Trial core;                                        // every non-member relaxed (its no-win; its certificate)
  std::string uncertified;                           // why the core's no-win has no accepted certificate (asked for one)
  int trials = 0;                                    // questions answered by the engines
  double seconds = 0;
  bool minimal() const;                              // every member decided needed
};

// The question's engines and limits, as one trial takes them; `proof` certifies the core's no-win.
using ExplainOptions = DecideOptions;

NoWinCore explain_no_win(const model::Game& game, const model::Target& target, const ExplainOptions& options);

}  // namespace carve::explain
