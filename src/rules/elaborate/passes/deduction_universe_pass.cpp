// Pass (001): the deduction system -- relations, formulas, operators, axioms, rules, `universe
// lfp` -- with the case's types, variables and relations, its least fixed point as the universe,
// and the base point ρ_0 the case gives.
#include <algorithm>
#include <set>

#include "rules/elaborate/passes/passes.hpp"
#include "rules/model/deduction.hpp"

namespace carve::elab {

namespace ast = parser::ast;

namespace {

model::FormulaPattern pattern_of(const ast::Atom& a) {
  model::FormulaPattern p;
  p.pred = a.name;
  for (const auto& t : a.args) {
    if (t.is_atom()) fail(t.loc, "a formula's arguments are variables");
    p.vars.push_back(t.name);
  }
  return p;
}

struct SystemBuilder {
  Elaboration& e;
  model::DeductionSystem sys;
  std::set<std::string> relations;

  const model::FormulaDecl& formula_decl(const std::string& name, const parser::Location& loc) const {
    for (const auto& f : sys.formulas)
      if (f.pred == name) return f;
    fail(loc, fmt::format("unknown formula '{}'", name));
  }
  model::FormulaPattern check_atom(const ast::Atom& a) const {
    const auto& decl = formula_decl(a.name, a.loc);
    if (a.args.size() != decl.params.size())
      fail(a.loc, fmt::format("{} takes {} arguments, not {}", a.name, decl.params.size(), a.args.size()));
    return pattern_of(a);
  }

  void declare_relations() {
    for (auto [r, d] : e.ix.all<ast::RelationStmt>()) {
      e.take(r);
      if (r->arity != 3) fail(r->loc, "the relations of 001 are ternary (arity 3)");
      if (!relations.insert(r->name).second) fail(r->loc, fmt::format("relation {} is declared twice", r->name));
    }
  }
  void declare_formulas() {
    for (auto [f, d] : e.ix.all<ast::FormulaStmt>()) {
      e.take(f);
      if (!relations.count(f->relation)) fail(f->loc, fmt::format("unknown relation '{}'", f->relation));
      for (const auto& w : f->when)
        if (std::find(f->params.begin(), f->params.end(), w) == f->params.end())
          fail(f->loc, fmt::format("'{}' is not a parameter of {}", w, f->name));
      if (f->when.size() != 3) fail(f->loc, "the type tuple of a formula has three places");
      for (const auto& other : sys.formulas)
        if (other.pred == f->name) fail(f->loc, fmt::format("formula {} is declared twice", f->name));
      sys.formulas.push_back(model::FormulaDecl{f->name, f->params, f->when, f->relation});
    }
  }
  void declare_operators() {
    for (auto [o, d] : e.ix.all<ast::OperatorStmt>()) {
      e.take(o);
      model::OperatorDecl op;
      op.name = o->name;
      bool found = false;
      for (std::size_t i = 0; i < o->slots.size(); ++i) {
        formula_decl(o->slots[i].formula, o->slots[i].loc);
        op.slot_names.push_back(o->slots[i].name);
        op.slot_preds.push_back(o->slots[i].formula);
        if (o->slots[i].name == o->conclusion) {
          op.conclusion = i;
          found = true;
        }
      }
      if (!found) fail(o->loc, fmt::format("the conclusion '{}' is not a slot of {}", o->conclusion, o->name));
      sys.operators.push_back(op);
    }
  }
  std::vector<model::FormulaPattern> operator_head(const model::OperatorDecl& op, const ast::Atom& head) const {
    if (head.args.size() != op.slot_preds.size()) fail(head.loc, fmt::format("{} takes {} formulas", op.name, op.slot_preds.size()));
    std::vector<model::FormulaPattern> out;
    for (std::size_t i = 0; i < head.args.size(); ++i) {
      const auto& t = head.args[i];
      if (!t.is_atom()) fail(t.loc, "an operator's arguments are formulas");
      ast::Atom a;
      a.name = t.name;
      a.args = t.args;
      a.loc = t.loc;
      if (a.name != op.slot_preds[i]) fail(t.loc, fmt::format("slot {} of {} takes a {} formula", i + 1, op.name, op.slot_preds[i]));
      out.push_back(check_atom(a));
    }
    return out;
  }
  void declare_rules() {
    for (auto [a, d] : e.ix.all<ast::AxiomStmt>()) sys.axioms.push_back(check_atom(e.take(a)->atom));
    for (auto [r, d] : e.ix.all<ast::RuleStmt>()) {
      e.take(r);
      model::DeductionRule rule;
      rule.name = r->name;
      std::set<std::string> body_vars;
      for (const auto& b : r->body) {
        rule.body.push_back(check_atom(b));
        for (const auto& v : rule.body.back().vars) body_vars.insert(v);
      }
      auto op = std::find_if(sys.operators.begin(), sys.operators.end(), [&head = r->head](const auto& o) { return o.name == head.name; });
      if (op != sys.operators.end()) {
        rule.head_op = op->name;
        rule.head = operator_head(*op, r->head);
      } else {
        rule.head.push_back(check_atom(r->head));
      }
      for (const auto& h : rule.head)
        for (const auto& v : h.vars)
          if (!body_vars.count(v)) fail(r->head.loc, fmt::format("variable {} of the head does not occur in the body", v));
      sys.rules.push_back(rule);
    }
  }
};

// The case's finite part of 𝕍, its types and relations.
model::DeductionSettings case_settings(const Elaboration& e, const std::set<std::string>& relations) {
  const auto& settings = e.settings;
  model::DeductionSettings ds;
  if (!settings.types) fail(e.ix.spec->loc, "a deduction universe needs types and variables: in a case, the items `types ...` and "
                                           "`variables x: t, ...`; on the command line, --vars N (N variables x1..xN of one type t, "
                                           "both relations holding (t,t,t))");
  if (!settings.variables) fail(e.ix.spec->loc, "a deduction universe needs the case's variables (case item `variables x: t, ...`)");
  ds.types = settings.types->value;
  if (ds.types.empty()) fail(settings.types->loc, "Def 1.1: 𝕋 is non-empty");
  std::set<std::string> type_set(ds.types.begin(), ds.types.end());
  if (type_set.size() != ds.types.size()) fail(settings.types->loc, "a type is listed twice");
  std::set<std::string> var_names;
  for (const auto& [v, t] : settings.variables->value) {
    if (!type_set.count(t)) fail(settings.variables->loc, fmt::format("variable {} has undeclared type {}", v, t));
    if (!var_names.insert(v).second) fail(settings.variables->loc, fmt::format("variable {} is listed twice", v));
  }
  if (var_names.empty()) fail(settings.variables->loc, "at least one variable is needed");
  if (var_names.size() > static_cast<std::size_t>(kMaxVariables))
    fail(settings.variables->loc,
         fmt::format("{} variables are out of range: carve builds universes for 1..{}", var_names.size(), kMaxVariables));
  ds.variables = settings.variables->value;
  for (const auto& rel : settings.relations) {
    if (!relations.count(rel.value.first)) fail(rel.loc, fmt::format("the spec declares no relation '{}'", rel.value.first));
    auto& tuples = ds.relations[rel.value.first];
    for (const auto& t : rel.value.second) {
      if (t.size() != 3) fail(rel.loc, fmt::format("{} is ternary: every tuple has three types", rel.value.first));
      for (const auto& ty : t)
        if (!type_set.count(ty)) fail(rel.loc, fmt::format("undeclared type '{}' in {}", ty, rel.value.first));
      tuples.insert(t);
    }
  }
  return ds;
}

// Def 2.1: ρ_0 ∈ 𝒜_Δ ∪ 𝒜_∇, an axiom instance P(x, x, x) of F*.
model::VertexId base_point(const Elaboration& e) {
  const auto& initial = *e.ix.one<ast::InitialStmt>("the initial state (initial)").first;
  if (initial.root != "param")
    fail(initial.loc, "a deduction universe takes its base point from the case (`initial all inherent root param`)");
  const auto& settings = e.settings;
  const auto& u = e.game.universe;
  if (!settings.root) fail(e.ix.spec->loc, "the initial base point ρ_0 is a parameter: give it (case item `root Delta(x,x,x)`)");
  auto it = u.by_name.find(settings.root->value);
  if (it == u.by_name.end() || !u.in_universe[it->second])
    fail(settings.root->loc, fmt::format("{} is not a vertex of F* for these settings", settings.root->value));
  const auto& name = settings.root->value;
  auto open = name.find('('), close = name.rfind(')');
  std::string args = name.substr(open + 1, close - open - 1);
  auto first = args.substr(0, args.find(','));
  if (args != first + "," + first + "," + first)
    fail(settings.root->loc, fmt::format("Def 2.1: ρ_0 must be an axiom P(x,x,x), not {}", name));
  return it->second;
}

}  // namespace

void deduction_universe_pass(Elaboration& e) {
  auto& g = e.game;
  if (g.rules.construct != model::Rules::Construct::Operator)
    fail(e.ix.spec->loc, "a deduction universe constructs operator edges (`construct NAME operator`)");
  e.take_one<ast::TypesStmt>("the types (types param)");
  e.take_one<ast::VariablesStmt>("the variables (variables param)");
  SystemBuilder b{e, {}, {}};
  b.declare_relations();
  b.declare_formulas();
  b.declare_operators();
  b.declare_rules();
  // Formulas outside F* are always known (so a move naming one is judged by IV.1, not refused as
  // unknown input); under virtual-scope=universe no move may use them.
  g.universe = model::build_deduction_universe(b.sys, case_settings(e, b.relations), true, e.budget);
  g.rules.operators = b.sys.operators;
  e.take_one<ast::InitialStmt>("the initial state (initial)", "initial");
  g.initial_root = base_point(e);
}

}  // namespace carve::elab
