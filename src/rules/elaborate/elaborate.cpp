// The elaboration driver: the passes of elaborate/passes/ in order, then the check that every
// statement of the spec was compiled by one of them.
#include "rules/elaborate/elaborate.hpp"

#include <fstream>

#include "rules/elaborate/overloaded.hpp"
#include "rules/elaborate/passes/passes.hpp"

namespace carve::elab {

namespace ast = parser::ast;

namespace {

// The statement's keyword, for the error that names a statement no pass compiled.
const char* keyword_of(const ast::Statement& st) {
  static constexpr const char* names[] = {"vertices", "inherent", "types",    "variables", "relation", "formula",
                                          "operator", "axiom",    "rule",     "universe",  "edges",    "virtual",
                                          "initial",  "edgeset",  "target",   "path",      "predicate", "paths",
                                          "construct", "collapse", "succession", "components", "isomorphism", "victory"};
  static_assert(std::variant_size_v<ast::Statement> == std::size(names));
  return names[st.index()];
}

void reject_uncompiled(const Elaboration& e) {
  for (const auto& [st, def] : e.ix.statements) {
    const void* address = std::visit([](const auto& s) -> const void* { return &s; }, *st);
    if (e.compiled.count(address)) continue;
    const auto& loc = std::visit([](const auto& s) -> const parser::Location& { return s.loc; }, *st);
    fail(loc, fmt::format("`{}` (def \"{}\") has no meaning in this game: carve compiles no such statement here",
                          keyword_of(*st), def->number));
  }
}

// Every def of the spec with its statements' source lines (read back from the spec file, when it
// can be read: a spec parsed from a string keeps numbers, titles and locations only).
std::vector<model::Definition> definitions_of(const ast::Spec& spec) {
  std::vector<std::string> lines;
  if (std::ifstream in(spec.loc.file); in)
    for (std::string l; std::getline(in, l);) lines.push_back(l);
  auto line_at = [&](int n) {
    if (n < 1 || static_cast<std::size_t>(n) > lines.size()) return std::string();
    const std::string& l = lines[static_cast<std::size_t>(n - 1)];
    const auto b = l.find_first_not_of(" \t"), e = l.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : l.substr(b, e - b + 1);
  };
  std::vector<model::Definition> out;
  for (const auto& decl : spec.decls) {
    const auto* d = std::get_if<ast::Def>(&decl);
    if (!d) continue;
    model::Definition def{d->number, d->title.value_or(""), d->loc.file, d->loc.line, d->loc.column, {}};
    for (const auto& st : d->body)
      def.statements.push_back(line_at(std::visit([](const auto& s) { return s.loc.line; }, st)));
    out.push_back(std::move(def));
  }
  return out;
}

}  // namespace

void universe_pass(Elaboration& e) {
  auto vertices = e.ix.maybe<ast::VerticesStmt>("the vertex set (vertices)");
  auto lfp = e.ix.maybe<ast::UniverseStmt>("the universe (universe lfp)");
  if (vertices && lfp) fail(lfp->first->loc, "a spec has either a word universe or a deduction universe, not both");
  if (vertices) return tree_universe_pass(e, *e.take(vertices->first));
  if (!lfp) fail(e.ix.spec->loc, "spec states no universe (vertices words ... or universe lfp)");
  e.take(lfp->first);
  deduction_universe_pass(e);
}

std::vector<std::pair<std::string, std::string>> profiles_of(const ast::Spec& spec) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& d : spec.decls)
    if (auto* p = std::get_if<ast::Profile>(&d)) out.emplace_back(p->name, p->doc.value_or(""));
  return out;
}

model::Game elaborate(const ast::Spec& spec, const Settings& settings, limits::Budget* budget) {
  const SpecIndex ix = index_spec(spec);
  model::Game g;
  g.spec_name = spec.name;
  g.document = spec.document.value_or("");
  g.title = spec.title.value_or("");
  Elaboration e{ix, settings, g, {}, budget};
  reading_pass(e);
  frame_pass(e);
  paths_pass(e);
  succession_pass(e);
  victory_pass(e);
  universe_pass(e);
  reject_uncompiled(e);
  g.definitions = definitions_of(spec);
  return g;
}

}  // namespace carve::elab
