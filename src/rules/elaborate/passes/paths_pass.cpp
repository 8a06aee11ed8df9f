// Pass: what a path is (its kind, read by the switch `path`) and which paths a collapse may
// take: the path set's predicates -- Φ_dense compiled to an automaton under the switch
// `density`, Φ_root, Φ_inc -- and the collapse rule naming that set.
#include <algorithm>
#include <map>

#include "rules/elaborate/passes/passes.hpp"

namespace carve::elab {

namespace ast = parser::ast;

namespace {

model::EdgeType edge_type_of(const std::string& name, const parser::Location& loc) {
  if (name == "T") return model::EdgeType::T;
  if (name == "V") return model::EdgeType::V;
  fail(loc, fmt::format("unknown edge type '{}' (the documents have T and V)", name));
}

std::string pattern_text(const std::vector<ast::PatternItem>& pattern) {
  std::vector<std::string> parts;
  for (const auto& pi : pattern) {
    std::string s = pi.edge_type;
    if (pi.repeat) s += fmt::format("{{{},{}}}", pi.repeat->min, pi.repeat->max ? std::to_string(*pi.repeat->max) : "");
    parts.push_back(s);
  }
  return fmt::format("{}", fmt::join(parts, " "));
}

void compile_density(Elaboration& e, const ast::PredicateBody& body) {
  e.ix.named_switch(body.by_switch, "density", body.loc, "the density reading (factor or subsequence)");
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
  auto& rules = e.game.rules;
  rules.density = model::DensityAutomaton::avoid(items, rules.reading.density == model::sw::Density::Subsequence);
  rules.density_pattern = pattern_text(body.pattern);
  rules.density_items = std::move(items);
}

}  // namespace

void paths_pass(Elaboration& e) {
  const auto& path = e.take_one<ast::PathStmt>("what a path is (path)", "path");
  e.ix.named_switch(path.kind_switch, "path", path.loc, "the path kind");
  const auto& paths = e.take_one<ast::PathsStmt>("the set of legal paths (paths)", "paths");
  const auto& collapse = e.take_one<ast::CollapseStmt>("a collapse rule (collapse)", "collapse");
  if (collapse.paths != paths.name)
    fail(collapse.loc, fmt::format("collapse names the path set '{}', but the spec defines '{}'", collapse.paths, paths.name));

  std::map<std::string, const ast::PredicateStmt*> predicates;
  for (auto [p, d] : e.ix.all<ast::PredicateStmt>()) {
    if (!predicates.emplace(p->name, e.take(p)).second) fail(p->loc, fmt::format("predicate {} is defined twice", p->name));
    e.game.rules.label["predicate " + p->name] = d->number;
  }
  std::map<ast::PredicateKind, std::string> kinds;
  for (const auto& name : paths.predicates) {
    auto it = predicates.find(name);
    if (it == predicates.end()) fail(paths.loc, fmt::format("unknown predicate '{}' in the path set", name));
    const auto& body = it->second->body;
    if (!kinds.emplace(body.kind, name).second)
      fail(paths.loc, fmt::format("the path set uses two predicates of one kind ('{}' and '{}')", kinds[body.kind], name));
    if (body.kind == ast::PredicateKind::Avoid) compile_density(e, body);
    // Under the document's name of the predicate as well (rules/model/rule_aspects.def's keys).
    e.game.rules.label[body.kind == ast::PredicateKind::Avoid          ? "Φ_dense"
                       : body.kind == ast::PredicateKind::EndpointRoot ? "Φ_root"
                                                                       : "Φ_inc"] = e.game.rules.label["predicate " + name];
  }
  for (const auto& [name, p] : predicates)
    if (std::find(paths.predicates.begin(), paths.predicates.end(), name) == paths.predicates.end())
      fail(p->loc, fmt::format("predicate {} is defined but the path set '{}' does not use it", name, paths.name));
  if (kinds.size() != 3)
    fail(paths.loc, "the path set must combine a density predicate, a root predicate and an inclusion predicate");
}

}  // namespace carve::elab
