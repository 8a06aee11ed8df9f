// Target parsing and validation: each syntax is read into edges as listed (with their offsets
// and types), then one finish() checks what every target must be and computes its canon and
// name. Errors point at the character that is wrong.
#include "rules/model/target.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "rules/model/density_automaton.hpp"
#include "rules/model/graph6_reader.hpp"
#include "rules/model/union_find.hpp"

namespace carve::model {

namespace {

constexpr int kT = static_cast<int>(EdgeType::T);
constexpr int kV = static_cast<int>(EdgeType::V);

// An edge as the text lists it.
struct Listed {
  std::vector<int> vertices;
  std::size_t at = 0;             // offset of its first character
  std::optional<int> colour;      // its type, when the text gives one
};

void check_types_uniform(const std::vector<Listed>& edges) {
  for (const auto& e : edges)
    if (e.colour.has_value() != edges.front().colour.has_value())
      throw TargetError(e.colour ? "this edge has a type but the first edge has none: give every edge a type (:T or :V) or none"
                                 : "this edge has no type but the first edge has one: give every edge a type (:T or :V) or none",
                        e.at);
}

// The named graph the shape is when types are ignored; the first of named_graphs_with's
// preference order names it, the others are aliases.
void identify(Target& t) {
  if (!t.is_graph) return;
  ColouredHypergraph plain = t.shape;
  std::fill(plain.edge_colour.begin(), plain.edge_colour.end(), 0);
  const auto canon = t.typed ? canonical_form(plain) : t.canon;
  for (const auto& g : named_graphs_with(static_cast<int>(t.vertex_count()), static_cast<int>(t.edge_count()))) {
    ColouredHypergraph h;
    for (int v = 0; v < g.vertices; ++v) h.add_vertex(0);
    for (auto [a, b] : g.edges) h.add_edge({a, b}, 0);
    if (canonical_form(h) != canon) continue;
    if (t.name.empty()) {
      t.name = g.name;
      t.description = g.description;
    } else {
      t.aliases.push_back(g.name);
    }
  }
}

Target finish(std::string text, std::vector<std::string> names, const std::vector<Listed>& edges, bool require_graph) {
  Target t;
  t.text = std::move(text);
  t.names = std::move(names);
  if (t.names.empty()) throw TargetError("a target needs at least one vertex", 0);
  if (!edges.empty()) {
    check_types_uniform(edges);
    t.typed = edges.front().colour.has_value();
  }
  std::set<std::vector<int>> seen;
  for (const auto& e : edges) {
    std::vector<int> vs = e.vertices;
    std::sort(vs.begin(), vs.end());
    const int colour = e.colour.value_or(kT);
    if (!seen.insert(vs).second) {
      if (require_graph) throw TargetError("Def 1.3 asks for a simple graph: this edge is listed twice", e.at);
      t.is_graph = false;
    }
    if (vs.size() != 2) t.is_graph = false;
    t.shape.add_edge(vs, colour);
  }
  for (std::size_t i = 0; i < t.names.size(); ++i) t.shape.add_vertex(0);
  // Connected (Def 1.3 / 2.3): union-find over the edges.
  UnionFind uf(t.names.size());
  for (const auto& e : t.shape.edges) uf.unite_all(e);
  for (std::uint32_t v = 1; v < t.names.size(); ++v)
    if (uf.find(v) != uf.find(0))
      throw TargetError(fmt::format("the target must be connected: {} is not joined to {}", t.names[v], t.names[0]), 0);
  t.canon = canonical_form(t.shape);
  identify(t);
  return t;
}

std::vector<std::string> numbered(int n) {
  std::vector<std::string> v;
  for (int i = 0; i < n; ++i) v.push_back(std::to_string(i));
  return v;
}

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::size_t skip_ws(const std::string& s, std::size_t i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

// Reads a vertex name at text[i...] (after blanks), numbering new names in order of appearance.
struct NameReader {
  const std::string& text;
  std::vector<std::string> names;
  std::map<std::string, int> id;
  std::size_t last_at = 0;  // where the name just read starts
  int read(std::size_t& i) {
    i = skip_ws(text, i);
    last_at = i;
    while (i < text.size() && name_char(text[i])) ++i;
    if (last_at == i) throw TargetError("expected a vertex name", last_at);
    auto s = text.substr(last_at, i - last_at);
    auto [it, fresh] = id.emplace(s, static_cast<int>(names.size()));
    if (fresh) names.push_back(s);
    return it->second;
  }
};

// An edge's optional type after the edge: ':T' (inherent: a tree edge, an Ω edge) or ':V'.
std::optional<int> read_type(const std::string& text, std::size_t& i) {
  i = skip_ws(text, i);
  if (i >= text.size() || text[i] != ':') return std::nullopt;
  i = skip_ws(text, i + 1);
  if (i < text.size() && (text[i] == 'T' || text[i] == 'V') && (i + 1 == text.size() || !name_char(text[i + 1])))
    return text[i++] == 'T' ? kT : kV;
  throw TargetError("an edge's type is T (inherent: a tree edge of 000, an edge of E_Ω in 001) or V (virtual)", i);
}

Target parse_named(const std::string& text) {
  const NamedGraph g = named_graph(text);
  std::vector<Listed> edges;
  for (auto [a, b] : g.edges) edges.push_back({{a, b}, 0, std::nullopt});
  return finish(text, numbered(g.vertices), edges, true);
}

Target parse_edges(const std::string& text) {
  NameReader reader{text, {}, {}};
  std::vector<Listed> edges;
  std::size_t i = 0;
  while (true) {
    Listed e;
    e.at = skip_ws(text, i);
    const int a = reader.read(i);
    i = skip_ws(text, i);
    if (i >= text.size() || text[i] != '-') throw TargetError("expected '-' between two vertex names", i);
    ++i;
    const int b = reader.read(i);
    if (a == b)
      throw TargetError("an edge joins two distinct vertices: a loop is not an edge of a simple graph (Def 1.3)", reader.last_at);
    e.vertices = {a, b};
    e.colour = read_type(text, i);
    edges.push_back(std::move(e));
    i = skip_ws(text, i);
    if (i == text.size()) break;
    if (text[i] != ',') throw TargetError("expected ',' between edges, or a type :T / :V after an edge", i);
    ++i;
  }
  return finish(text, reader.names, edges, true);
}

Target parse_graph6(const std::string& text) {
  std::string s = text;
  std::size_t shift = 0;
  if (s.rfind(">>graph6<<", 0) == 0) {
    s = s.substr(10);
    shift = 10;
  }
  if (s.empty()) throw TargetError("empty graph6 string", shift);
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] < 63 || s[i] > 126) throw TargetError("graph6 bytes must lie in 63..126", shift + i);
  if (s[0] == 126) throw TargetError("graph6 targets larger than 62 vertices are not supported", shift);
  const int n = s[0] - 63;
  const std::size_t bits = static_cast<std::size_t>(n) * static_cast<std::size_t>(n - 1) / 2;
  const std::size_t need = (bits + 5) / 6;
  if (s.size() != need + 1)
    throw TargetError(fmt::format("graph6 for {} vertices needs {} data bytes, found {}", n, need, s.size() - 1),
                      shift + std::min(s.size(), need + 1));
  for (std::size_t k = bits; k < need * 6; ++k)  // padding bits must be zero
    if ((s[1 + k / 6] - 63) >> (5 - static_cast<int>(k % 6)) & 1)
      throw TargetError("graph6 padding bits must be zero", shift + 1 + k / 6);
  // Checked: nauty's reader decodes it.
  std::vector<Listed> edges;
  for (const auto& [i, j] : graph6_edges(s, n)) edges.push_back({{i, j}, 0, std::nullopt});
  return finish(text, numbered(n), edges, true);
}

Target parse_hyperedges(const std::string& text) {
  NameReader reader{text, {}, {}};
  std::vector<Listed> edges;
  std::size_t i = skip_ws(text, 0);
  while (true) {
    if (i >= text.size() || text[i] != '{') throw TargetError("expected '{' to open a hyperedge", i);
    Listed e;
    e.at = i++;
    while (true) {
      const int v = reader.read(i);
      if (std::find(e.vertices.begin(), e.vertices.end(), v) != e.vertices.end())
        throw TargetError(fmt::format("'{}' is listed twice in one hyperedge: a hyperedge is a set of vertices (a loop is "
                                      "not simple)",
                                      reader.names[static_cast<std::size_t>(v)]),
                          reader.last_at);
      e.vertices.push_back(v);
      i = skip_ws(text, i);
      if (i < text.size() && text[i] == ',') {
        ++i;
        continue;
      }
      if (i < text.size() && text[i] == '}') {
        ++i;
        break;
      }
      throw TargetError("expected ',' or '}' in a hyperedge", i);
    }
    e.colour = read_type(text, i);
    edges.push_back(std::move(e));
    i = skip_ws(text, i);
    if (i == text.size()) break;
    if (text[i] != ',') throw TargetError("expected ',' between hyperedges, or a type :T / :V after a hyperedge", i);
    i = skip_ws(text, i + 1);
  }
  return finish(text, reader.names, edges, false);
}

}  // namespace

Target parse_target(TargetSyntax syntax, const std::string& text) {
  Target t;
  switch (syntax) {
    case TargetSyntax::Named: t = parse_named(text); break;
    case TargetSyntax::Edges: t = parse_edges(text); break;
    case TargetSyntax::Graph6: t = parse_graph6(text); break;
    case TargetSyntax::Hyperedges: t = parse_hyperedges(text); break;
  }
  t.syntax = syntax;
  return t;
}

Target parse_target_auto(const std::string& text) {
  const std::size_t first = skip_ws(text, 0);
  if (first < text.size() && text[first] == '{') return parse_target(TargetSyntax::Hyperedges, text);
  if (text.find('-') != std::string::npos) return parse_target(TargetSyntax::Edges, text);
  if (text.rfind(">>graph6<<", 0) == 0) return parse_target(TargetSyntax::Graph6, text);
  const bool graph6_bytes =
      !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= 63 && c <= 126; });
  if (graph6_bytes && !looks_like_name(text)) {
    try {
      return parse_target(TargetSyntax::Graph6, text);
    } catch (const TargetError& graph6) {
      // A word that does not decode as graph6 was meant as a name ("triangle"): say so first,
      // with the names near it, and why graph6 does not read it either.
      if (!std::all_of(text.begin(), text.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; })) throw;
      throw unknown_target_name(text, fmt::format("; nor is it graph6: {}", graph6.what()));
    }
  }
  return parse_target(TargetSyntax::Named, text);
}

}  // namespace carve::model
