// What every engine answers to a bounded question "can the target be carved within k turns?":
// the verdict, the witness play of a win, and how much of the question was covered. It sits
// below the engines (explicit, sat, shape, smt) that produce it and the questions that report it.
// Invariant: `Win` carries a witness of `turns` moves and the component it carves; `NoWin` means
// every play of at most k turns in scope was covered; `Unknown` says why in `reason`.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/model/state.hpp"
#include "rules/model/victory.hpp"

namespace carve::answer {

enum class Verdict { Win, NoWin, Unknown };
// "win", "no-win", "unknown": the words of the text and JSON reports.
std::string verdict_name(Verdict v);

struct Result {
  Verdict verdict = Verdict::Unknown;
  std::optional<int> turns;            // length of the witness (win) or null
  std::vector<model::Move> witness;
  std::optional<model::Component> component;
  std::uint64_t states = 0;            // states expanded
  std::uint64_t successors = 0;        // successor states generated
  std::size_t table_entries = 0;
  int completed_depth = -1;            // every play of this many turns was covered
  std::string reason;                  // for unknown
  bool limit_reached = false;          // unknown because the run's budget (time, memory) ran out
  double seconds = 0;
};

}  // namespace carve::answer
