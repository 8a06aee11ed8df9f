// Edges are spelled with the target's own vertex names; types as the letters T and V the
// documents use (colour 0 and 1 of the shape).
#include "rules/model/target_echo.hpp"

#include <fmt/format.h>

namespace carve::model {

std::vector<std::string> edge_texts(const Target& t) {
  std::vector<std::string> out;
  const bool hyper = t.syntax == TargetSyntax::Hyperedges;
  for (std::size_t e = 0; e < t.shape.edges.size(); ++e) {
    std::vector<std::string> vs;
    for (int v : t.shape.edges[e]) vs.push_back(t.names[static_cast<std::size_t>(v)]);
    std::string s = hyper ? fmt::format("{{{}}}", fmt::join(vs, ",")) : fmt::format("{}", fmt::join(vs, "-"));
    if (t.typed) s += t.shape.edge_colour[e] == 0 ? ":T" : ":V";
    out.push_back(std::move(s));
  }
  return out;
}

std::string target_label(const Target& t) {
  std::string out = t.text;
  if (!t.name.empty() && t.name != t.text) out += " = " + t.name;
  if (t.typed) out += t.name.empty() ? " (typed)" : ", typed";
  return out;
}

std::string target_summary(const Target& t) {
  const bool hyper = t.syntax == TargetSyntax::Hyperedges;
  std::string what = !t.name.empty() ? fmt::format("{} ({})", t.name, t.description)
                     : t.is_graph    ? std::string("unnamed graph")
                                     : std::string("unnamed hypergraph");
  if (!t.aliases.empty()) what += fmt::format(", also {}", fmt::join(t.aliases, ", "));
  const auto n = t.vertex_count(), m = t.edge_count();
  const auto edges = edge_texts(t);
  return fmt::format("{}; {} vert{}, {} {}edge{}, {}: {}", what, n, n == 1 ? "ex" : "ices", m, hyper ? "hyper" : "",
                     m == 1 ? "" : "s", t.typed ? "typed (T inherent, V virtual)" : "untyped",
                     edges.empty() ? std::string("no edges") : fmt::format("{}", fmt::join(edges, ",")));
}

}  // namespace carve::model
