// Target parsing and validation.
#include "model/target.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include <fmt/format.h>

#include "model/union_find.hpp"

namespace carve::model {

namespace {

Target finish(std::string text, std::vector<std::string> names, std::vector<std::vector<int>> edges,
              bool require_graph) {
  Target t;
  t.text = std::move(text);
  t.names = std::move(names);
  if (t.names.empty()) throw TargetError("a target needs at least one vertex", 0);
  std::set<std::vector<int>> seen;
  for (auto& e : edges) {
    std::vector<int> vs = e;
    std::sort(vs.begin(), vs.end());
    const bool loop = std::adjacent_find(vs.begin(), vs.end()) != vs.end();
    vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
    if (require_graph && (loop || vs.size() != 2))
      throw TargetError("Def 1.3 asks for a simple graph: an edge joins two distinct vertices", 0);
    if (!seen.insert(vs).second) {
      if (require_graph) throw TargetError("Def 1.3 asks for a simple graph: an edge is listed twice", 0);
      t.is_graph = false;
    }
    if (vs.size() != 2) t.is_graph = false;
    t.shape.add_edge(vs, 0);
  }
  for (std::size_t i = 0; i < t.names.size(); ++i) t.shape.add_vertex(0);
  // Connected (Def 1.3 / 2.3): union-find over the edges.
  UnionFind uf(t.names.size());
  for (const auto& e : t.shape.edges) uf.unite_all(e);
  for (std::uint32_t v = 1; v < t.names.size(); ++v)
    if (uf.find(v) != uf.find(0)) throw TargetError("the target must be connected", 0);
  t.canon = canonical_form(t.shape);
  return t;
}

std::vector<std::string> numbered(int n) {
  std::vector<std::string> v;
  for (int i = 0; i < n; ++i) v.push_back(std::to_string(i));
  return v;
}

std::size_t skip_ws(const std::string& s, std::size_t i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

// Reads a vertex name at text[i...] (after blanks), numbering new names in order of appearance.
struct NameReader {
  const std::string& text;
  std::vector<std::string> names;
  std::map<std::string, int> id;
  int read(std::size_t& i) {
    i = skip_ws(text, i);
    std::size_t start = i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
    if (start == i) throw TargetError("expected a vertex name", start);
    auto s = text.substr(start, i - start);
    auto [it, fresh] = id.emplace(s, static_cast<int>(names.size()));
    if (fresh) names.push_back(s);
    return it->second;
  }
};

}  // namespace

std::string named_targets_help() {
  return "Kn (complete, n<=12), Pn (path on n vertices), Cn (cycle, n>=3), K1,n or K1n (star), Sn (star with n leaves)";
}

namespace {
Target parse_target_as(TargetSyntax syntax, const std::string& text);
}

Target parse_target(TargetSyntax syntax, const std::string& text) {
  Target t = parse_target_as(syntax, text);
  t.syntax = syntax;
  return t;
}

namespace {
Target parse_target_as(TargetSyntax syntax, const std::string& text) {
  switch (syntax) {
    case TargetSyntax::Named: {
      auto num = [&](std::size_t from, std::size_t to) -> int {
        if (from >= to || to - from > 2) throw TargetError(fmt::format("unknown target name '{}'", text), 0);
        for (std::size_t i = from; i < to; ++i)
          if (!std::isdigit(static_cast<unsigned char>(text[i])))
            throw TargetError(fmt::format("unknown target name '{}'", text), i);
        return std::stoi(text.substr(from, to - from));
      };
      if (text.size() < 2) throw TargetError(fmt::format("unknown target name '{}'", text), 0);
      std::vector<std::vector<int>> edges;
      const char c = text[0];
      auto star = [&](int leaves) {
        if (leaves < 1 || leaves > 30) throw TargetError("a star needs 1..30 leaves", 0);
        for (int i = 1; i <= leaves; ++i) edges.push_back({0, i});
        return finish(text, numbered(leaves + 1), edges, true);
      };
      if (c == 'K' && text.rfind("K1,", 0) == 0) return star(num(3, text.size()));
      if (c == 'K' && text.size() >= 3 && text[1] == '1' && text != "K10" && text != "K11" && text != "K12")
        return star(num(2, text.size()));
      int n = num(1, text.size());
      if (c == 'K') {
        if (n < 1 || n > 12) throw TargetError("Kn needs 1 <= n <= 12", 1);
        for (int i = 0; i < n; ++i)
          for (int j = i + 1; j < n; ++j) edges.push_back({i, j});
      } else if (c == 'P') {
        if (n < 1 || n > 30) throw TargetError("Pn needs 1 <= n <= 30", 1);
        for (int i = 0; i + 1 < n; ++i) edges.push_back({i, i + 1});
      } else if (c == 'C') {
        if (n < 3 || n > 30) throw TargetError("Cn needs 3 <= n <= 30 (a simple cycle)", 1);
        for (int i = 0; i < n; ++i) edges.push_back({i, (i + 1) % n});
      } else if (c == 'S') {
        return star(n);
      } else {
        throw TargetError(fmt::format("unknown target name '{}' (known: {})", text, named_targets_help()), 0);
      }
      return finish(text, numbered(n), edges, true);
    }
    case TargetSyntax::Edges: {
      NameReader reader{text, {}, {}};
      std::vector<std::vector<int>> edges;
      std::size_t i = 0;
      auto name = [&]() { return reader.read(i); };
      while (true) {
        int a = name();
        i = skip_ws(text, i);
        if (i >= text.size() || text[i] != '-') throw TargetError("expected '-' between two vertex names", i);
        ++i;
        int b = name();
        edges.push_back({a, b});
        i = skip_ws(text, i);
        if (i == text.size()) break;
        if (text[i] != ',') throw TargetError("expected ',' between edges", i);
        ++i;
      }
      return finish(text, reader.names, edges, true);
    }
    case TargetSyntax::Graph6: {
      std::string s = text;
      if (s.rfind(">>graph6<<", 0) == 0) s = s.substr(10);
      if (s.empty()) throw TargetError("empty graph6 string", 0);
      for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] < 63 || s[i] > 126) throw TargetError("graph6 bytes must lie in 63..126", i);
      if (s[0] == 126) throw TargetError("graph6 targets larger than 62 vertices are not supported", 0);
      const int n = s[0] - 63;
      const std::size_t bits = static_cast<std::size_t>(n) * static_cast<std::size_t>(n - 1) / 2;
      const std::size_t need = (bits + 5) / 6;
      if (s.size() != need + 1)
        throw TargetError(fmt::format("graph6 for {} vertices needs {} data bytes, found {}", n, need, s.size() - 1),
                          std::min(s.size(), need + 1));
      std::vector<std::vector<int>> edges;
      std::size_t k = 0;
      for (int j = 1; j < n; ++j)
        for (int i2 = 0; i2 < j; ++i2, ++k) {
          int byte = s[1 + k / 6] - 63;
          if (byte >> (5 - static_cast<int>(k % 6)) & 1) edges.push_back({i2, j});
        }
      // Padding bits must be zero.
      for (; k < need * 6; ++k)
        if ((s[1 + k / 6] - 63) >> (5 - static_cast<int>(k % 6)) & 1)
          throw TargetError("graph6 padding bits must be zero", 1 + k / 6);
      return finish(text, numbered(n), edges, true);
    }
    case TargetSyntax::Hyperedges: {
      NameReader reader{text, {}, {}};
      std::vector<std::vector<int>> edges;
      std::size_t i = skip_ws(text, 0);
      while (true) {
        if (i >= text.size() || text[i] != '{') throw TargetError("expected '{' to open a hyperedge", i);
        ++i;
        std::vector<int> e;
        while (true) {
          e.push_back(reader.read(i));
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
        edges.push_back(e);
        i = skip_ws(text, i);
        if (i == text.size()) break;
        if (text[i] != ',') throw TargetError("expected ',' between hyperedges", i);
        i = skip_ws(text, i + 1);
      }
      return finish(text, reader.names, edges, false);
    }
  }
  throw TargetError("unknown target syntax", 0);
}
}  // namespace

Target parse_target_auto(const std::string& text) {
  if (!text.empty() && text.front() == '{') return parse_target(TargetSyntax::Hyperedges, text);
  if (text.find('-') != std::string::npos) return parse_target(TargetSyntax::Edges, text);
  if (!text.empty() && std::string("KPCS").find(text[0]) != std::string::npos) {
    try {
      return parse_target(TargetSyntax::Named, text);
    } catch (const TargetError&) {
      // Fall through: maybe graph6 (e.g. "Ch" is K1,3 in graph6? then it is graph6).
    }
  }
  return parse_target(TargetSyntax::Graph6, text);
}

}  // namespace carve::model
