// Pass 1: indexing the spec's declarations, and the checks of switches against carve's table.
#include "rules/elaborate/passes/spec_index.hpp"

#include <algorithm>
#include <set>

#include "rules/elaborate/overloaded.hpp"
#include "rules/model/switches.hpp"
#include "text/parser/near_names.hpp"

namespace carve::elab {

namespace ast = parser::ast;

namespace {

void check_switch(const ast::Switch& s) {
  auto known = model::find_switch(s.name);
  if (!known) {
    std::vector<std::string> names;
    for (const auto& k : model::kSwitches) names.emplace_back(k.name);
    fail(s.loc, fmt::format("carve's engines know no switch '{}'{} (known: {})", s.name, parser::did_you_mean(s.name, names),
                            fmt::join(names, ", ")));
  }
  std::set<std::string> seen;
  for (const auto& v : s.values) {
    if (!seen.insert(v.name).second) fail(v.loc, fmt::format("value {} is listed twice", v.name));
    if (!model::value_index(*known, v.name))
      fail(v.loc, fmt::format("switch {} has no value '{}'{} in carve's table ({})", s.name, v.name,
                              parser::did_you_mean(v.name, model::values_of(*known)), fmt::join(model::info(*known).values, ", ")));
  }
}

}  // namespace

const ast::Switch& SpecIndex::named_switch(const std::string& name, const char* expected, const parser::Location& loc,
                                           const char* rule) const {
  if (name != expected)
    fail(loc, fmt::format("{} is read by the switch `{}`, not '{}'", rule, expected, name));
  auto it = switches.find(name);
  if (it == switches.end())
    fail(loc, fmt::format("{} names the switch `{}`, which this spec does not declare", rule, expected));
  return *it->second;
}

SpecIndex index_spec(const ast::Spec& spec) {
  SpecIndex ix;
  ix.spec = &spec;
  for (const auto& d : spec.decls) {
    std::visit(overloaded{
                   [&](const ast::Switch& s) {
                     if (!ix.switches.emplace(s.name, &s).second) fail(s.loc, fmt::format("switch {} is declared twice", s.name));
                     check_switch(s);
                   },
                   [&](const ast::Profile& p) {
                     if (!ix.profiles.emplace(p.name, &p).second) fail(p.loc, fmt::format("profile {} is declared twice", p.name));
                     ix.profile_order.push_back(&p);
                   },
                   [&](const ast::Def& def) {
                     for (const auto& st : def.body) ix.statements.emplace_back(&st, &def);
                   },
                   [](const auto&) {},  // bounds, defines and claims belong to `carve claims`
               },
               d);
  }
  std::set<std::string> numbers;
  for (const auto& d : spec.decls)
    if (auto* def = std::get_if<ast::Def>(&d))
      if (!numbers.insert(def->number).second) fail(def->loc, fmt::format("definition \"{}\" appears twice", def->number));
  return ix;
}

}  // namespace carve::elab
