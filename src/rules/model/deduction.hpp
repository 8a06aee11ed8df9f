// Document 001's deduction system (Def 1.1-1.4) as data, and its least fixed point.
// Invariant: build_deduction_universe computes exactly lfp(Γ) for the given finite variable set:
// round r fires every rule whose body holds in F_r with at least one body fact new in round r
// (semi-naive), so `rounds` is the number of applications of Γ that added something.
#pragma once
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "foundations/limits/budget.hpp"
#include "rules/model/universe.hpp"

namespace carve::model {

struct FormulaPattern {           // Delta(x, y, z) with rule variables
  std::string pred;
  std::vector<std::string> vars;
};

struct FormulaDecl {              // formula Delta(x, y, z) when (x, y, z) in R_delta
  std::string pred;
  std::vector<std::string> params;
  std::vector<std::string> typed;  // the variables whose types form the tuple
  std::string relation;
};

struct OperatorDecl {             // operator Theta(n: Nabla, ...) conclusion d_base
  std::string name;
  std::vector<std::string> slot_names;
  std::vector<std::string> slot_preds;
  std::size_t conclusion = 0;
};

struct DeductionRule {
  std::string name;
  std::string head_op;                  // empty: the head is a formula
  std::vector<FormulaPattern> head;     // one formula, or the operator's arguments
  std::vector<FormulaPattern> body;
};

struct DeductionSystem {
  std::vector<FormulaDecl> formulas;
  std::vector<OperatorDecl> operators;
  std::vector<FormulaPattern> axioms;
  std::vector<DeductionRule> rules;
};

struct DeductionSettings {
  std::vector<std::string> types;
  std::vector<std::pair<std::string, std::string>> variables;  // (name, type), in order
  std::map<std::string, std::set<std::vector<std::string>>> relations;
};

struct DeductionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// F* and E_Ω; with include_outside, every well-formed formula outside F* is added as a vertex
// with in_universe = false (the `virtual-scope = formulas` reading). The fixed point of a large
// variable set takes long: `budget` (may be null) is polled in every join, and a limit ends it
// with limits::LimitReached naming the round.
Universe build_deduction_universe(const DeductionSystem& sys, const DeductionSettings& settings,
                                  bool include_outside, limits::Budget* budget = nullptr);

// "Delta(x,y,z)" for a formula of predicate pred over the given variable names.
std::string formula_name(const std::string& pred, const std::vector<std::string>& args);

}  // namespace carve::model
