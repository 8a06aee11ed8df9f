// libFuzzer target for the graph-target reader (rules/model/target.cpp): every input is read in each
// syntax (named graph, edge list a-b,b-c, graph6, hyperedge list {a,b,c},{c,d}) and by
// parse_target_auto. A TargetError must point inside the text (offset <= its length); a Target
// that comes back must keep the invariants of rules/model/target.hpp (at least one vertex, connected,
// edges within its vertices, canon = canonical_form(shape), graphs from every syntax but the
// hyperedge list, edge colours T/V only and all T when untyped), its decoded edges must read back
// to the same target (rules/model/target_echo.hpp), and its name must name its untyped shape. Anything
// else (another exception, a crash, a sanitizer report) is a bug.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "rules/model/target.hpp"
#include "rules/model/target_echo.hpp"
#include "rules/model/union_find.hpp"

namespace {

using carve::model::Target;
using carve::model::TargetSyntax;

[[noreturn]] void bug(const std::string& what) {
  std::fprintf(stderr, "%s\n", what.c_str());
  std::abort();
}

void check(const Target& t, const std::string& text, bool graph_syntax) {
  const auto n = t.names.size();
  if (n == 0) bug("a target without vertices");
  if (t.text != text) bug("the target forgot its text");
  if (t.shape.vertex_colour.size() != n) bug("shape and names disagree on the vertex count");
  carve::model::UnionFind uf(n);
  for (const auto& e : t.shape.edges) {
    if (e.empty()) bug("an empty edge");
    for (int v : e)
      if (v < 0 || static_cast<std::size_t>(v) >= n) bug("an edge names a vertex that does not exist");
    if (graph_syntax && e.size() != 2) bug("a graph syntax produced a non-graph edge");
    uf.unite_all(e);
  }
  for (std::uint32_t v = 1; v < n; ++v)
    if (uf.find(v) != uf.find(0)) bug("a disconnected target was accepted");
  if (graph_syntax && !t.is_graph) bug("a graph syntax produced a non-graph");
  if (t.canon != carve::model::canonical_form(t.shape)) bug("canon is not the canonical form of the shape");
  for (int c : t.shape.edge_colour)
    if (c != 0 && (c != 1 || !t.typed)) bug("an edge colour that is no type, or a type on an untyped target");
  auto plain = t.shape;
  std::fill(plain.edge_colour.begin(), plain.edge_colour.end(), 0);
  if (!t.name.empty() &&
      carve::model::parse_target(TargetSyntax::Named, t.name).canon != carve::model::canonical_form(plain))
    bug("the target's name names another graph");
  if (t.edge_count() == 0) return;
  std::string echo;
  for (const auto& e : carve::model::edge_texts(t)) echo += (echo.empty() ? "" : ",") + e;
  try {
    const auto back = carve::model::parse_target(
        t.syntax == TargetSyntax::Hyperedges ? TargetSyntax::Hyperedges : TargetSyntax::Edges, echo);
    if (back.canon != t.canon || back.typed != t.typed) bug("the decoded edges read back as another target: " + echo);
  } catch (const carve::model::TargetError& e) {
    bug("the decoded edges do not read back: " + echo + ": " + e.what());
  }
}

void attempt(const std::string& text, const TargetSyntax* syntax) {
  try {
    Target t = syntax ? carve::model::parse_target(*syntax, text) : carve::model::parse_target_auto(text);
    check(t, text, t.syntax != TargetSyntax::Hyperedges);
  } catch (const carve::model::TargetError& e) {
    if (e.offset > text.size()) bug(std::string("TargetError offset past the text: ") + e.what());
  } catch (const std::exception& e) {
    bug(std::string("unexpected exception: ") + e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (auto s : {TargetSyntax::Named, TargetSyntax::Edges, TargetSyntax::Graph6, TargetSyntax::Hyperedges}) attempt(text, &s);
  attempt(text, nullptr);
  return 0;
}
