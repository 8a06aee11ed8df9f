// Pass: the reading in force -- the profile named by the question (its ancestors first), then
// each `set` / --set override -- into the typed rules.reading.
#include <algorithm>

#include "rules/elaborate/passes/passes.hpp"
#include "text/parser/near_names.hpp"

namespace carve::elab {

namespace ast = parser::ast;

namespace {

const ast::Switch& declared_switch(const SpecIndex& ix, const std::string& name, const parser::Location& loc,
                                   const std::string& who) {
  auto it = ix.switches.find(name);
  if (it == ix.switches.end()) {
    std::vector<std::string> names;
    for (const auto& [n, _] : ix.switches) names.push_back(n);
    fail(loc, fmt::format("{} sets undeclared switch '{}'{} (declared: {})", who, name, parser::did_you_mean(name, names),
                          fmt::join(names, ", ")));
  }
  return *it->second;
}

void set_value(model::Reading& r, const ast::Switch& sw, const std::string& value, const parser::Location& loc) {
  if (std::none_of(sw.values.begin(), sw.values.end(), [&](const auto& v) { return v.name == value; })) {
    std::vector<std::string> names;
    for (const auto& v : sw.values) names.push_back(v.name);
    fail(loc, fmt::format("switch {} has no value '{}'{} (values: {})", sw.name, value, parser::did_you_mean(value, names),
                          fmt::join(names, ", ")));
  }
  r.set(*model::find_switch(sw.name), value);
}

void apply_profile(const SpecIndex& ix, const std::string& name, const parser::Location& loc, model::Reading& r,
                   std::set<std::string>& seen) {
  auto it = ix.profiles.find(name);
  if (it == ix.profiles.end()) {
    std::vector<std::string> known;
    for (const auto* p : ix.profile_order) known.push_back(p->name);
    fail(loc, fmt::format("unknown profile '{}'{} (this spec declares: {})", name, parser::did_you_mean(name, known),
                          fmt::join(known, ", ")));
  }
  const ast::Profile& p = *it->second;
  if (!seen.insert(p.name).second) fail(p.loc, fmt::format("profile {} extends itself (a cycle)", p.name));
  if (p.extends) apply_profile(ix, *p.extends, p.loc, r, seen);
  for (const auto& a : p.assignments)
    set_value(r, declared_switch(ix, a.switch_name, a.loc, "profile " + p.name), a.value, a.loc);
}

}  // namespace

void reading_pass(Elaboration& e) {
  auto& g = e.game;
  for (const auto& d : e.ix.spec->decls)
    if (auto* sw = std::get_if<ast::Switch>(&d)) g.declared.push_back(*model::find_switch(sw->name));
  if (!e.ix.profiles.count("literal"))
    fail(e.ix.spec->loc, "a spec must declare the profile `literal` (the definitions read literally)");
  std::set<std::string> seen;
  apply_profile(e.ix, e.settings.profile.value, e.settings.profile.loc, g.rules.reading, seen);
  g.profile = e.settings.profile.value;
  for (const auto& [sw, val] : e.settings.sets) {
    auto known = e.ix.switches.find(sw.value);
    if (known == e.ix.switches.end()) {
      std::vector<std::string> names;
      for (const auto& [n, _] : e.ix.switches) names.push_back(n);
      fail(sw.loc, fmt::format("spec {} declares no switch '{}'{} (declared: {})", e.ix.spec->name, sw.value,
                               parser::did_you_mean(sw.value, names), fmt::join(names, ", ")));
    }
    set_value(g.rules.reading, *known->second, val.value, val.loc);
  }
}

}  // namespace carve::elab
