// Pass 1 of elaboration: the spec's declarations indexed by kind, with the checks that need no
// rules yet (a switch carve knows, with values from its table; a profile, a def, a switch each
// declared once). Every later pass reads the spec through this index.
// Invariant: every statement of every def is in `statements` exactly once, with its def; the
// later passes consume them by kind, and elaborate() rejects a statement kind no pass consumed.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "rules/elaborate/diagnostics.hpp"
#include "text/parser/ast.hpp"

namespace carve::elab {

struct SpecIndex {
  const parser::ast::Spec* spec = nullptr;
  std::map<std::string, const parser::ast::Switch*> switches;
  std::map<std::string, const parser::ast::Profile*> profiles;
  std::vector<const parser::ast::Profile*> profile_order;
  std::vector<std::pair<const parser::ast::Statement*, const parser::ast::Def*>> statements;

  template <class S>
  std::vector<std::pair<const S*, const parser::ast::Def*>> all() const {
    std::vector<std::pair<const S*, const parser::ast::Def*>> out;
    for (const auto& [st, def] : statements)
      if (auto* s = std::get_if<S>(st)) out.emplace_back(s, def);
    return out;
  }
  // The one statement of a kind a game needs (an error naming `what` if it is missing or repeated).
  template <class S>
  std::pair<const S*, const parser::ast::Def*> one(const char* what) const {
    auto v = all<S>();
    if (v.empty()) fail(spec->loc, fmt::format("spec {} states no {}", spec->name, what));
    if (v.size() > 1) fail(v[1].first->loc, fmt::format("{} is stated twice (first in def \"{}\")", what, v[0].second->number));
    return v.front();
  }
  template <class S>
  std::optional<std::pair<const S*, const parser::ast::Def*>> maybe(const char* what) const {
    auto v = all<S>();
    if (v.size() > 1) fail(v[1].first->loc, fmt::format("{} is stated twice (first in def \"{}\")", what, v[0].second->number));
    if (v.empty()) return std::nullopt;
    return v.front();
  }
  // The switch a statement names (`kind path`, `by density`, `by reroot`): declared by the spec,
  // and the one carve reads for that rule.
  const parser::ast::Switch& named_switch(const std::string& name, const char* expected, const parser::Location& loc,
                                          const char* rule) const;
};

SpecIndex index_spec(const parser::ast::Spec& spec);

}  // namespace carve::elab
