// Case syntax out of IR values.
#include "rules/elaborate/witness_writer.hpp"

#include <fmt/format.h>

namespace carve::elab {

// A case file's string: graph6 bytes include '\\', which the case syntax escapes.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string target_text(const model::Target& t) {
  switch (t.syntax) {
    case model::TargetSyntax::Named: return t.text;
    case model::TargetSyntax::Edges: return "edges " + quoted(t.text);
    case model::TargetSyntax::Graph6: return "graph6 " + quoted(t.text);
    case model::TargetSyntax::Hyperedges: return "hyperedges " + quoted(t.text);
  }
  return t.text;
}

std::string game_items(const std::string& spec_ref, const parser::ast::Spec& spec, const Settings& st, const model::Game& g,
                       const std::string& spec_sha256) {
  std::string s = fmt::format("  spec {}{};\n", quoted(spec_ref), spec_sha256.empty() ? "" : " sha256 " + quoted(spec_sha256));
  s += fmt::format("  profile {};\n", g.profile);
  for (const auto& d : spec.decls)
    if (auto* sw = std::get_if<parser::ast::Switch>(&d)) s += fmt::format("  set {} = {};\n", sw->name, g.rules.reading.text(*model::find_switch(sw->name)));
  if (g.universe.kind == model::Universe::Kind::WordTree) {
    s += st.depth_any ? std::string("  depth any;\n") : fmt::format("  depth {};\n", g.universe.depth);
  } else {
    if (st.types) s += fmt::format("  types {};\n", fmt::join(st.types->value, ", "));
    if (st.variables) {
      std::vector<std::string> vs;
      for (const auto& [v, t] : st.variables->value) vs.push_back(v + ": " + t);
      s += fmt::format("  variables {};\n", fmt::join(vs, ", "));
    }
    for (const auto& r : st.relations) {
      std::vector<std::string> ts;
      for (const auto& t : r.value.second) ts.push_back("(" + fmt::format("{}", fmt::join(t, ", ")) + ")");
      s += fmt::format("  relation {} = {};\n", r.value.first, fmt::join(ts, ", "));
    }
    s += fmt::format("  root {};\n", model::vertex_name(g, g.initial_root));
  }
  return s;
}

std::string witness_text(const WitnessInput& w) {
  const auto& g = *w.game;
  std::string s = "// Witness written by carve: replay it with `carve replay FILE` or `carve check FILE`.\n";
  if (!w.spec_given.empty()) s += fmt::format("// Written from the spec {}; the item below names it from this file's folder.\n", w.spec_given);
  s += fmt::format("case {} {{\n", quoted(w.title));
  s += game_items(w.spec_ref, *w.spec, *w.settings, g, w.spec_sha256);
  s += fmt::format("  target {};\n", target_text(*w.target));
  s += fmt::format("  turns {};\n", w.play.size());
  s += "  play {\n";
  for (const auto& m : w.play) s += "    " + model::move_text(g, m) + "\n";
  s += "  }\n";
  std::vector<std::string> names;
  for (auto v : w.component) names.push_back(model::vertex_name(g, v));
  s += fmt::format("  claim component {{{}}};\n", fmt::join(names, ", "));
  s += fmt::format("  expect win at {};\n", w.play.size());
  s += "}\n";
  return s;
}

}  // namespace carve::elab
