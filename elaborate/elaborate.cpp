// Spec checking, profile resolution and universe construction.
#include "elaborate/elaborate.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "elaborate/overloaded.hpp"

#include "model/deduction.hpp"

namespace carve::elab {

namespace ast = parser::ast;
using model::Switch;

namespace {


// Every statement kind with the def it appears in; each construct a game needs must appear once.
struct Index {
  std::map<std::string, const ast::Def*> defs;
  std::map<std::string, const ast::Switch*> switches;
  std::map<std::string, const ast::Profile*> profiles;
  std::vector<std::pair<const ast::Profile*, int>> profile_order;
  std::multimap<std::string, std::pair<const ast::Statement*, const ast::Def*>> by_kind;

  template <class S>
  std::vector<std::pair<const S*, const ast::Def*>> all() const {
    std::vector<std::pair<const S*, const ast::Def*>> out;
    for (const auto& [k, v] : by_kind)
      if (auto* s = std::get_if<S>(v.first)) out.emplace_back(s, v.second);
    return out;
  }
  template <class S>
  std::pair<const S*, const ast::Def*> one(const ast::Spec& spec, const char* what) const {
    auto v = all<S>();
    if (v.empty()) fail(spec.loc, fmt::format("spec {} states no {}", spec.name, what));
    if (v.size() > 1) fail(v[1].first->loc, fmt::format("{} is stated twice (first in def \"{}\")", what, v[0].second->number));
    return v.front();
  }
  template <class S>
  std::optional<std::pair<const S*, const ast::Def*>> maybe(const char* what) const {
    auto v = all<S>();
    if (v.size() > 1) fail(v[1].first->loc, fmt::format("{} is stated twice (first in def \"{}\")", what, v[0].second->number));
    if (v.empty()) return std::nullopt;
    return v.front();
  }
};

Index index_spec(const ast::Spec& spec) {
  Index ix;
  int order = 0;
  for (const auto& d : spec.decls) {
    std::visit(overloaded{
                   [&](const ast::Switch& s) {
                     if (!ix.switches.emplace(s.name, &s).second) fail(s.loc, fmt::format("switch {} is declared twice", s.name));
                     auto known = model::find_switch(s.name);
                     if (!known) {
                       std::string names;
                       for (const auto& k : model::kSwitches) names += (names.empty() ? "" : ", ") + std::string(k.name);
                       fail(s.loc, fmt::format("carve's engines know no switch '{}' (known: {})", s.name, names));
                     }
                     auto vals = model::values_of(*known);
                     std::set<std::string> seen;
                     for (const auto& v : s.values) {
                       if (!seen.insert(v.name).second) fail(v.loc, fmt::format("value {} is listed twice", v.name));
                       if (std::find(vals.begin(), vals.end(), v.name) == vals.end())
                         fail(v.loc, fmt::format("switch {} has no value '{}' in carve's table ({})", s.name, v.name,
                                                 model::info(*known).values));
                     }
                   },
                   [&](const ast::Profile& p) {
                     if (!ix.profiles.emplace(p.name, &p).second) fail(p.loc, fmt::format("profile {} is declared twice", p.name));
                     ix.profile_order.emplace_back(&p, order++);
                   },
                   [&](const ast::Def& def) {
                     if (!ix.defs.emplace(def.number, &def).second)
                       fail(def.loc, fmt::format("definition \"{}\" appears twice", def.number));
                     for (const auto& st : def.body) ix.by_kind.emplace(std::to_string(st.index()), std::make_pair(&st, &def));
                   },
                   [](const auto&) {},  // bounds, defines and claims belong to `carve claims`
               },
               d);
  }
  return ix;
}

// Applies a profile (its ancestors first) to the interpretation.
void apply_profile(const Index& ix, const Located<std::string>& name, model::Interpretation& interp,
                   std::set<std::string>& seen) {
  auto it = ix.profiles.find(name.value);
  if (it == ix.profiles.end()) {
    std::string known;
    for (const auto& [p, _] : ix.profile_order) known += (known.empty() ? "" : ", ") + p->name;
    fail(name.loc, fmt::format("unknown profile '{}' (this spec declares: {})", name.value, known));
  }
  const ast::Profile& p = *it->second;
  if (!seen.insert(p.name).second) fail(p.loc, fmt::format("profile {} extends itself (a cycle)", p.name));
  if (p.extends) apply_profile(ix, Located<std::string>{*p.extends, p.loc}, interp, seen);
  for (const auto& a : p.assignments) {
    auto sw = ix.switches.find(a.switch_name);
    if (sw == ix.switches.end()) fail(a.loc, fmt::format("profile {} sets undeclared switch '{}'", p.name, a.switch_name));
    const auto& vals = sw->second->values;
    if (std::none_of(vals.begin(), vals.end(), [&](const auto& v) { return v.name == a.value; }))
      fail(a.loc, fmt::format("switch {} has no value '{}'", a.switch_name, a.value));
    interp.set(*model::find_switch(a.switch_name), a.value);
  }
}

model::EdgeType edge_type_of(const std::string& name, const parser::Location& loc) {
  if (name == "T") return model::EdgeType::T;
  if (name == "V") return model::EdgeType::V;
  fail(loc, fmt::format("unknown edge type '{}' (the documents have T and V)", name));
}

model::FormulaPattern pattern_of(const ast::Atom& a) {
  model::FormulaPattern p;
  p.pred = a.name;
  for (const auto& t : a.args) {
    if (t.is_atom()) fail(t.loc, "a formula's arguments are variables");
    p.vars.push_back(t.name);
  }
  return p;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> profiles_of(const ast::Spec& spec) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& d : spec.decls)
    if (auto* p = std::get_if<ast::Profile>(&d)) out.emplace_back(p->name, p->doc.value_or(""));
  return out;
}

model::Game elaborate(const ast::Spec& spec, const Settings& settings) {
  Index ix = index_spec(spec);
  model::Game g;
  g.spec_name = spec.name;
  g.document = spec.document.value_or("");
  g.title = spec.title.value_or("");
  for (const auto& d : spec.decls)
    if (auto* sw = std::get_if<ast::Switch>(&d)) g.declared.push_back(*model::find_switch(sw->name));
  if (!ix.profiles.count("literal")) fail(spec.loc, "a spec must declare the profile `literal` (the definitions read literally)");
  std::set<std::string> seen;
  apply_profile(ix, settings.profile, g.interp, seen);
  g.profile = settings.profile.value;
  for (const auto& [sw, val] : settings.sets) {
    auto known = ix.switches.find(sw.value);
    if (known == ix.switches.end()) {
      std::string names;
      for (const auto& [n, _] : ix.switches) names += (names.empty() ? "" : ", ") + n;
      fail(sw.loc, fmt::format("spec {} declares no switch '{}' (declared: {})", spec.name, sw.value, names));
    }
    const auto& vals = known->second->values;
    if (std::none_of(vals.begin(), vals.end(), [&value = val.value](const auto& v) { return v.name == value; })) {
      std::string names;
      for (const auto& v : vals) names += (names.empty() ? "" : ", ") + v.name;
      fail(val.loc, fmt::format("switch {} has no value '{}' (values: {})", sw.value, val.value, names));
    }
    g.interp.set(*model::find_switch(sw.value), val.value);
  }

  // Rule constructs, each stated once; remember the definition number stating it.
  auto [construct, construct_def] = ix.one<ast::ConstructStmt>(spec, "a construction rule (construct)");
  auto [collapse, collapse_def] = ix.one<ast::CollapseStmt>(spec, "a collapse rule (collapse)");
  auto [paths, paths_def] = ix.one<ast::PathsStmt>(spec, "the set of legal paths (paths)");
  auto [path, path_def] = ix.one<ast::PathStmt>(spec, "what a path is (path)");
  auto [succession, succession_def] = ix.one<ast::SuccessionStmt>(spec, "a succession rule (succession)");
  auto [victory, victory_def] = ix.one<ast::VictoryStmt>(spec, "a victory condition (victory)");
  auto [edges, edges_def] = ix.one<ast::EdgesStmt>(spec, "the edge types (edges)");
  auto [initial, initial_def] = ix.one<ast::InitialStmt>(spec, "the initial state (initial)");
  ix.one<ast::TargetStmt>(spec, "the target (target)");
  ix.one<ast::VirtualStmt>(spec, "the virtual-edge domain (virtual)");
  (void)edges_def;
  g.rules.label = {{"construct", construct_def->number}, {"collapse", collapse_def->number},
                   {"paths", paths_def->number},         {"path", path_def->number},
                   {"succession", succession_def->number}, {"victory", victory_def->number},
                   {"initial", initial_def->number}};
  for (const auto& t : edges->types) edge_type_of(t, edges->loc);

  // Paths: the kind comes from the named switch; the predicates must be defined.
  auto kind_switch = ix.switches.find(path->kind_switch);
  if (kind_switch == ix.switches.end() || path->kind_switch != "path")
    fail(path->loc, fmt::format("the path kind must be given by the switch `path` (declared: {})",
                                kind_switch == ix.switches.end() ? "no such switch" : path->kind_switch));
  g.rules.path = model::path_kind_from(g.interp.get(Switch::Path));
  std::map<std::string, const ast::PredicateStmt*> predicates;
  for (auto [p, d] : ix.all<ast::PredicateStmt>()) {
    if (!predicates.emplace(p->name, p).second) fail(p->loc, fmt::format("predicate {} is defined twice", p->name));
    g.rules.label["predicate " + p->name] = d->number;
  }
  if (collapse->paths != paths->name)
    fail(collapse->loc, fmt::format("collapse names the path set '{}', but the spec defines '{}'", collapse->paths, paths->name));
  std::set<ast::PredicateKind> kinds;
  for (const auto& name : paths->predicates) {
    auto it = predicates.find(name);
    if (it == predicates.end()) fail(paths->loc, fmt::format("unknown predicate '{}' in the path set", name));
    kinds.insert(it->second->body.kind);
    if (it->second->body.kind == ast::PredicateKind::Avoid) {
      const auto& body = it->second->body;
      auto sw = ix.switches.find(body.by_switch);
      if (sw == ix.switches.end() || body.by_switch != "density")
        fail(body.loc, fmt::format("the density reading must be given by the switch `density`, not '{}'", body.by_switch));
      std::vector<model::PatternItem> items;
      for (const auto& pi : body.pattern) {
        model::PatternItem item{edge_type_of(pi.edge_type, pi.loc), 1, 1};
        if (pi.repeat) {
          item.min = pi.repeat->min;
          item.max = pi.repeat->max ? *pi.repeat->max : -1;
          if (item.max >= 0 && item.max < item.min) fail(pi.repeat->loc, "a repetition's maximum is below its minimum");
        }
        items.push_back(item);
      }
      if (items.empty()) fail(body.loc, "an avoided pattern needs at least one edge type");
      g.rules.density = model::DensityAutomaton::avoid(items, g.interp.is(Switch::Density, "subsequence"));
    }
  }
  for (auto k : {ast::PredicateKind::Avoid, ast::PredicateKind::EndpointRoot, ast::PredicateKind::ContainsNew})
    if (!kinds.count(k))
      fail(paths->loc, "the path set must combine a density predicate, a root predicate and an inclusion predicate");

  // Succession: the two edge sets must be defined.
  std::map<std::string, const ast::EdgesetStmt*> edgesets;
  for (auto [e, d] : ix.all<ast::EdgesetStmt>())
    if (!edgesets.emplace(e->name, e).second) fail(e->loc, fmt::format("edge set {} is defined twice", e->name));
  // Init-capture: clang 14 (the fuzz builds) cannot capture a structured binding.
  auto side = [&, succession_stmt = succession](const std::string& name) {
    auto it = edgesets.find(name);
    if (it == edgesets.end()) fail(succession_stmt->loc, fmt::format("unknown edge set '{}'", name));
    return it->second->side == ast::EdgeSide::Conclusion;
  };
  g.rules.trigger_by_conclusion = side(succession->when_none);
  g.rules.eligible_by_conclusion = side(succession->where_none);

  // The universe.
  auto vertices = ix.maybe<ast::VerticesStmt>("the vertex set (vertices)");
  auto universe_lfp = ix.maybe<ast::UniverseStmt>("the universe (universe lfp)");
  if (vertices && universe_lfp) fail(universe_lfp->first->loc, "a spec has either a word universe or a deduction universe, not both");
  if (vertices) {
    auto [inh, inh_def] = ix.one<ast::InherentStmt>(spec, "the inherent edges (inherent)");
    (void)inh_def;
    if (vertices->first->alphabet != "01" || inh->alphabet != "01")
      fail(vertices->first->loc, "carve builds word universes over the alphabet \"01\" (the binary tree of 000)");
    if (construct->kind != ast::ConstructKind::Pair) fail(construct->loc, "a tree universe constructs pairs");
    if (!settings.depth) fail(spec.loc, "the binary tree is infinite: give a depth bound (case item `depth D` or --depth D)");
    const int d = settings.depth->value;
    if (d < 1 || d > kMaxDepth)
      fail(settings.depth->loc, fmt::format("depth {} is out of range: carve searches depths 1..{}", d, kMaxDepth));
    g.universe = model::binary_tree_universe(d);
    g.rules.construct = model::Rules::Construct::Pair;
    auto root = model::normalise_word(initial->root);
    if (root.empty() || !g.universe.by_name.count(root)) fail(initial->loc, fmt::format("unknown initial root '{}'", initial->root));
    g.initial_root = g.universe.by_name.at(root);
    for (auto sw : {Switch::VirtualScope})
      if (ix.switches.count(std::string(model::info(sw).name)))
        fail(ix.switches.at(std::string(model::info(sw).name))->loc, "this switch applies to deduction universes only");
    return g;
  }
  if (!universe_lfp) fail(spec.loc, "spec states no universe (vertices words ... or universe lfp)");
  if (construct->kind != ast::ConstructKind::Operator) fail(construct->loc, "a deduction universe constructs operator edges");
  g.rules.construct = model::Rules::Construct::Operator;

  model::DeductionSystem sys;
  std::set<std::string> relations;
  for (auto [r, d] : ix.all<ast::RelationStmt>()) {
    if (r->arity != 3) fail(r->loc, "the relations of 001 are ternary (arity 3)");
    if (!relations.insert(r->name).second) fail(r->loc, fmt::format("relation {} is declared twice", r->name));
  }
  for (auto [f, d] : ix.all<ast::FormulaStmt>()) {
    if (!relations.count(f->relation)) fail(f->loc, fmt::format("unknown relation '{}'", f->relation));
    for (const auto& w : f->when)
      if (std::find(f->params.begin(), f->params.end(), w) == f->params.end())
        fail(f->loc, fmt::format("'{}' is not a parameter of {}", w, f->name));
    if (f->when.size() != 3) fail(f->loc, "the type tuple of a formula has three places");
    for (const auto& other : sys.formulas)
      if (other.pred == f->name) fail(f->loc, fmt::format("formula {} is declared twice", f->name));
    sys.formulas.push_back(model::FormulaDecl{f->name, f->params, f->when, f->relation});
  }
  auto formula_decl = [&](const std::string& name, const parser::Location& loc) -> const model::FormulaDecl& {
    for (const auto& f : sys.formulas)
      if (f.pred == name) return f;
    fail(loc, fmt::format("unknown formula '{}'", name));
  };
  for (auto [o, d] : ix.all<ast::OperatorStmt>()) {
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
  auto check_atom = [&](const ast::Atom& a) {
    const auto& decl = formula_decl(a.name, a.loc);
    if (a.args.size() != decl.params.size())
      fail(a.loc, fmt::format("{} takes {} arguments, not {}", a.name, decl.params.size(), a.args.size()));
    return pattern_of(a);
  };
  for (auto [a, d] : ix.all<ast::AxiomStmt>()) sys.axioms.push_back(check_atom(a->atom));
  for (auto [r, d] : ix.all<ast::RuleStmt>()) {
    model::DeductionRule rule;
    rule.name = r->name;
    std::set<std::string> body_vars;
    for (const auto& b : r->body) {
      rule.body.push_back(check_atom(b));
      for (const auto& v : rule.body.back().vars) body_vars.insert(v);
    }
    const model::OperatorDecl* op = nullptr;
    for (const auto& o : sys.operators)
      if (o.name == r->head.name) op = &o;
    if (op) {
      rule.head_op = op->name;
      if (r->head.args.size() != op->slot_preds.size())
        fail(r->head.loc, fmt::format("{} takes {} formulas", op->name, op->slot_preds.size()));
      for (std::size_t i = 0; i < r->head.args.size(); ++i) {
        const auto& t = r->head.args[i];
        if (!t.is_atom()) fail(t.loc, "an operator's arguments are formulas");
        ast::Atom a;
        a.name = t.name;
        a.args = t.args;
        a.loc = t.loc;
        if (a.name != op->slot_preds[i])
          fail(t.loc, fmt::format("slot {} of {} takes a {} formula", i + 1, op->name, op->slot_preds[i]));
        rule.head.push_back(check_atom(a));
      }
    } else {
      rule.head.push_back(check_atom(r->head));
    }
    for (const auto& h : rule.head)
      for (const auto& v : h.vars)
        if (!body_vars.count(v)) fail(r->head.loc, fmt::format("variable {} of the head does not occur in the body", v));
    sys.rules.push_back(rule);
  }

  // The case's finite part of 𝕍, its types and relations.
  model::DeductionSettings ds;
  if (!settings.types) fail(spec.loc, "a deduction universe needs the case's types (case item `types ...`)");
  if (!settings.variables) fail(spec.loc, "a deduction universe needs the case's variables (case item `variables x: t, ...`)");
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
    fail(settings.variables->loc, fmt::format("{} variables are out of range: carve builds universes for 1..{}",
                                              var_names.size(), kMaxVariables));
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
  // Formulas outside F* are always known (so a move naming one is judged by IV.1, not refused as
  // unknown input); under virtual-scope=universe no move may use them.
  g.universe = model::build_deduction_universe(sys, ds, true);
  g.rules.operators = sys.operators;
  if (initial->root == "param") {
    if (!settings.root) fail(spec.loc, "the initial base point ρ_0 is a parameter: give it (case item `root Delta(x,x,x)`)");
    auto it = g.universe.by_name.find(settings.root->value);
    if (it == g.universe.by_name.end() || !g.universe.in_universe[it->second])
      fail(settings.root->loc, fmt::format("{} is not a vertex of F* for these settings", settings.root->value));
    // Def 2.1: ρ_0 ∈ 𝒜_Δ ∪ 𝒜_∇, i.e. an axiom instance P(x, x, x).
    const auto& name = settings.root->value;
    auto open = name.find('('), close = name.rfind(')');
    std::string args = name.substr(open + 1, close - open - 1);
    auto first = args.substr(0, args.find(','));
    if (args != first + "," + first + "," + first)
      fail(settings.root->loc, fmt::format("Def 2.1: ρ_0 must be an axiom P(x,x,x), not {}", name));
    g.initial_root = it->second;
  } else {
    fail(initial->loc, "a deduction universe takes its base point from the case (`initial all inherent root param`)");
  }
  return g;
}

}  // namespace carve::elab
