// questions/claims/evaluator.hpp — the claim interpreter: evaluates the typed IR over the engines.
// Invariant: quantifiers visit their families in size order — one family by its elements' sizes,
// several independent families by the sum of the sizes (ties: the first family's smaller sizes
// first) — so the first failing tuple is a smallest counterexample; the failure records every
// binding down to the innermost failing quantifier and the values of the failing comparison,
// computed both ways.
#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "questions/claims/engines.hpp"
#include "questions/claims/value.hpp"
#include "rules/elaborate/claims_ir.hpp"

namespace carve::claims {

struct TimeLimit : std::runtime_error {
  TimeLimit() : std::runtime_error("time limit") {}
};

struct Counterexample {
  std::vector<std::pair<std::string, std::string>> bindings;  // name, value
  std::vector<std::string> why;                               // "lhs = value", ...
};

// The value of `a op b` for an operator whose two operands are evaluated first (every binary
// operator but the short-circuiting implies/or/and and the range `..`): the one statement of
// their arithmetic and comparisons, shared with the symbolic route's constant folding.
Value binary_value(elab::claims::BinOp op, const Value& a, const Value& b, const parser::Location& loc);

class Evaluator {
 public:
  using Clock = std::chrono::steady_clock;
  Evaluator(Engines& engines, std::optional<Clock::time_point> deadline) : engines_(engines), deadline_(deadline) {}

  // Evaluates a claim; false comes with a counterexample. `cases` counts innermost tuples checked.
  bool check(const elab::claims::Claim& claim, std::optional<Counterexample>& cex, long long& cases);
  Value eval(const elab::claims::Node& n);

 private:
  bool quant(const elab::claims::Node& n);
  Value agg(const elab::claims::Node& n);
  Value binary(const elab::claims::Node& n);  // a binary operator, `..` included
  Value index(const elab::claims::Node& n);   // l[i], located when out of range
  Value form(const elab::claims::Node& n);    // {L | R}: the simplest number between the best options
  // Calls f for every tuple of the binders of n (size order when independent); f returns false to stop.
  template <class F>
  bool for_each_tuple(const elab::claims::Node& n, bool size_order, F&& f);
  std::vector<std::string> explain(const elab::claims::Node& n);
  void tick();

  Engines& engines_;
  std::optional<Clock::time_point> deadline_;
  std::vector<Value> frame_;
  std::optional<Counterexample> failure_;
  long long cases_ = 0;
  bool counting_ = true;
  unsigned ticks_ = 0;
};

}  // namespace carve::claims
