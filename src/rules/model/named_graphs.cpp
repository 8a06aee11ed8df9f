// The families are built from their definitions; the word names are written out edge by edge.
// A name is read strictly: a family letter, its number (a second one after ',' for Kn,m) and
// nothing else, so "P99" and "P3x" are errors of the name, at the character that is wrong.
#include "rules/model/named_graphs.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "rules/model/target.hpp"
#include "text/parser/near_names.hpp"

namespace carve::model {

namespace {

// "0-1-2-3", or "0-1-...-29" when long.
std::string chain(int first, int last) {
  if (last - first > 5) return fmt::format("{}-{}-...-{}", first, first + 1, last);
  std::string out = std::to_string(first);
  for (int i = first + 1; i <= last; ++i) out += "-" + std::to_string(i);
  return out;
}

std::string vertices(int n) { return n == 1 ? "1 vertex" : fmt::format("{} vertices", n); }

NamedGraph complete(int n) {
  NamedGraph g{fmt::format("K{}", n), fmt::format("complete graph on {}", vertices(n)), n, {}};
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) g.edges.emplace_back(i, j);
  return g;
}

NamedGraph path(int n) {
  NamedGraph g{fmt::format("P{}", n), fmt::format("path on {} {}", vertices(n), chain(0, n - 1)), n, {}};
  for (int i = 0; i + 1 < n; ++i) g.edges.emplace_back(i, i + 1);
  return g;
}

NamedGraph cycle(int n) {
  NamedGraph g{fmt::format("C{}", n), fmt::format("cycle on {} vertices {}-0", n, chain(0, n - 1)), n, {}};
  for (int i = 0; i < n; ++i) g.edges.emplace_back(std::min(i, (i + 1) % n), std::max(i, (i + 1) % n));
  return g;
}

// S_n = K_{1,n}: n counts the leaves (the common convention), so the star has n + 1 vertices.
NamedGraph star(int leaves, std::string name) {
  NamedGraph g{std::move(name), fmt::format("star with {} leaves: centre 0 joined to 1..{} (K1,{} = S{}, {} vertices)", leaves,
                                            leaves, leaves, leaves, leaves + 1),
               leaves + 1, {}};
  for (int i = 1; i <= leaves; ++i) g.edges.emplace_back(0, i);
  return g;
}

NamedGraph bipartite(int a, int b) {
  if (a == 1) return star(b, fmt::format("K1,{}", b));
  NamedGraph g{fmt::format("K{},{}", a, b),
               fmt::format("complete bipartite graph: every vertex of 0..{} joined to every vertex of {}..{}", a - 1, a, a + b - 1),
               a + b, {}};
  for (int i = 0; i < a; ++i)
    for (int j = a; j < a + b; ++j) g.edges.emplace_back(i, j);
  return g;
}

// W_n counts every vertex, hub included (W4 = K4): hub 0 and the rim cycle 1..n-1.
NamedGraph wheel(int n) {
  NamedGraph g{fmt::format("W{}", n),
               fmt::format("wheel on {} vertices: hub 0 joined to every vertex of the rim cycle {}-1 (Wn counts the hub)", n,
                           chain(1, n - 1)),
               n, {}};
  for (int i = 1; i < n; ++i) g.edges.emplace_back(0, i);
  for (int i = 1; i < n; ++i) g.edges.emplace_back(std::min(i, i % (n - 1) + 1), std::max(i, i % (n - 1) + 1));
  return g;
}

const std::vector<NamedGraph>& words() {
  static const std::vector<NamedGraph> w = {
      {"paw", "paw: triangle 0-1-2 with a pendant vertex 3 on 0", 4, {{0, 1}, {1, 2}, {0, 2}, {0, 3}}},
      {"bull", "bull: triangle 0-1-2 with pendant vertices 3 on 0 and 4 on 1", 5, {{0, 1}, {1, 2}, {0, 2}, {0, 3}, {1, 4}}},
      {"house", "house: square 0-1-2-3 with a roof vertex 4 joined to 0 and 1", 5,
       {{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 4}, {1, 4}}},
      {"diamond", "diamond: K4 minus the edge 2-3 (triangles 0-1-2 and 0-1-3 sharing 0-1)", 4,
       {{0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}}},
      {"claw", "claw: K1,3, centre 0 joined to 1, 2, 3", 4, {{0, 1}, {0, 2}, {0, 3}}},
  };
  return w;
}

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_family(char c) { return std::string_view("KPCSW").find(static_cast<char>(std::toupper(static_cast<unsigned char>(c)))) != std::string_view::npos; }

// English words a user may type for a graph carve names otherwise, and what to write instead.
struct Synonym {
  const char* word;
  const char* name;
};
constexpr Synonym kSynonyms[] = {{"triangle", "K3"}, {"square", "C4"}, {"edge", "K2"},  {"vertex", "K1"},  {"point", "K1"},
                                 {"path", "Pn"},     {"cycle", "Cn"},  {"star", "Sn"},  {"wheel", "Wn"},   {"complete", "Kn"},
                                 {"bipartite", "Kn,m"}, {"fork", "S3"}};

// " (did you mean 'house'?)": the word names, the family letters before the text's own number
// (Q4: K4, P4, C4, S4, W4), and the English words for graphs.
std::string suggestion(const std::string& text) {
  std::vector<std::string> names;
  for (const auto& w : words()) names.push_back(w.name);
  if (text.size() >= 2 && digit(text[1]))
    for (char f : std::string_view("KPCSW")) names.push_back(f + text.substr(1));
  std::string out = parser::did_you_mean(text, names);
  for (const auto& syn : kSynonyms)
    if (parser::edit_distance(text, syn.word) <= std::max<std::size_t>(1, std::string_view(syn.word).size() / 4))
      out += fmt::format(" (for a {}, write {})", syn.word, syn.name);
  return out;
}

std::string lowered(const std::string& s) {
  std::string out = s;
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A run of digits in a name: its text (for messages) and value; more than three digits is
// beyond every bound, so the value saturates there instead of overflowing.
struct Number {
  std::string digits;
  int value = 0;
  std::size_t at = 0;  // offset of the first digit
};

Number read_number(const std::string& text, std::size_t& i) {
  Number n;
  n.at = i;
  while (i < text.size() && digit(text[i])) n.digits += text[i++];
  n.value = n.digits.size() > 3 ? 1000 : n.digits.empty() ? 0 : std::stoi(n.digits);
  return n;
}

void bound(const Number& n, int lo, int hi, const std::string& what) {
  if (n.value < lo || n.value > hi) throw TargetError(fmt::format("{}, got {}", what, n.digits), n.at);
}

NamedGraph family(const std::string& text, char f, const Number& n) {
  switch (f) {
    case 'K': {
      // K13 ... K19, K120 ...: a star written without the comma (K10..K12 are complete graphs).
      if (n.digits.size() >= 2 && n.digits[0] == '1' && (n.value < 10 || n.value > 12)) {
        std::size_t i = n.at + 1;
        Number leaves = read_number(text, i);
        bound(leaves, 1, kMaxNamedVertices - 1, fmt::format("K1n (a star, as K1,n) needs 1 <= n <= {}", kMaxNamedVertices - 1));
        return star(leaves.value, fmt::format("K1,{}", leaves.value));
      }
      bound(n, 1, kMaxCompleteVertices, fmt::format("Kn needs 1 <= n <= {}", kMaxCompleteVertices));
      return complete(n.value);
    }
    case 'P':
      bound(n, 1, kMaxNamedVertices, fmt::format("Pn needs 1 <= n <= {} (n counts vertices)", kMaxNamedVertices));
      return path(n.value);
    case 'C':
      bound(n, 3, kMaxNamedVertices, fmt::format("Cn needs 3 <= n <= {} (a simple cycle on n vertices)", kMaxNamedVertices));
      return cycle(n.value);
    case 'S':
      bound(n, 1, kMaxNamedVertices - 1,
            fmt::format("Sn needs 1 <= n <= {} (n counts leaves: Sn = K1,n has n + 1 vertices)", kMaxNamedVertices - 1));
      return star(n.value, fmt::format("S{}", n.value));
    default:
      bound(n, 4, kMaxNamedVertices,
            fmt::format("Wn needs 4 <= n <= {} (n counts every vertex, hub included: W4 = K4)", kMaxNamedVertices));
      return wheel(n.value);
  }
}

}  // namespace

std::string named_targets_help() {
  return fmt::format(
      "Kn (complete, 1 <= n <= {0}), Pn (path on n vertices), Cn (cycle on n vertices, n >= 3), Kn,m (complete "
      "bipartite), Sn (star with n leaves: Sn = K1,n, n + 1 vertices; also written K1n, e.g. K13), Wn (wheel on n "
      "vertices counting the hub: W5 is a hub joined to a 4-cycle, W4 = K4), paw, bull, house, diamond, claw (= K1,3); "
      "at most {1} vertices",
      kMaxCompleteVertices, kMaxNamedVertices);
}

bool looks_like_name(const std::string& text) {
  const auto low = lowered(text);
  for (const auto& w : words())
    if (low == w.name) return true;
  if (text.size() < 2 || !is_family(text[0]) || !digit(text[1])) return false;
  std::size_t i = 1;
  while (i < text.size() && digit(text[i])) ++i;
  if ((text[0] == 'K' || text[0] == 'k') && i < text.size() && text[i] == ',') {
    ++i;
    while (i < text.size() && digit(text[i])) ++i;
  }
  return i == text.size();
}

NamedGraph named_graph(const std::string& text) {
  if (auto colon = text.find(':'); colon != std::string::npos)
    throw TargetError("a named graph has no edge types: write a typed edge list such as 0-1:T,1-2:V", colon);
  const auto low = lowered(text);
  for (const auto& w : words())
    if (low == w.name) return w;
  if (text.empty() || !is_family(text[0]))
    throw unknown_target_name(text);
  const char f = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  std::size_t i = 1;
  const Number n = read_number(text, i);
  if (n.digits.empty()) throw TargetError(fmt::format("{0}n needs a number n after '{0}' (known: {1})", f, named_targets_help()), 1);
  if (f == 'K' && i < text.size() && text[i] == ',') {
    ++i;
    const Number m = read_number(text, i);
    if (m.digits.empty()) throw TargetError("Kn,m needs a number m after ','", i);
    if (i < text.size()) throw TargetError(fmt::format("unexpected '{}' after {}", text[i], text.substr(0, i)), i);
    bound(n, 1, kMaxNamedVertices - 1, fmt::format("Kn,m needs n, m >= 1 and n + m <= {}", kMaxNamedVertices));
    bound(m, 1, kMaxNamedVertices - n.value, fmt::format("Kn,m needs n, m >= 1 and n + m <= {}", kMaxNamedVertices));
    return bipartite(n.value, m.value);
  }
  if (i < text.size()) throw TargetError(fmt::format("unexpected '{}' after {}", text[i], text.substr(0, i)), i);
  return family(text, f, n);
}

TargetError unknown_target_name(const std::string& text, const std::string& also) {
  return TargetError(fmt::format("unknown target name '{}'{}{} (known: {})", text, suggestion(text), also, named_targets_help()), 0);
}

std::vector<NamedGraph> named_graphs_with(int n, int m) {
  std::vector<NamedGraph> out;
  if (n < 1 || n > kMaxNamedVertices) return out;
  if (n <= kMaxCompleteVertices && m == n * (n - 1) / 2) out.push_back(complete(n));
  if (m == n - 1) out.push_back(path(n));
  if (n >= 3 && m == n) out.push_back(cycle(n));
  if (n >= 2 && m == n - 1) {
    out.push_back(star(n - 1, fmt::format("K1,{}", n - 1)));
    out.push_back(star(n - 1, fmt::format("S{}", n - 1)));
  }
  for (int a = 2; a <= n - a; ++a)
    if (m == a * (n - a)) out.push_back(bipartite(a, n - a));
  if (n >= 4 && m == 2 * (n - 1)) out.push_back(wheel(n));
  for (const auto& w : words())
    if (w.vertices == n && static_cast<int>(w.edges.size()) == m) out.push_back(w);
  return out;
}

}  // namespace carve::model
