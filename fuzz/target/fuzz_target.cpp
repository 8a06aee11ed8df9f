// libFuzzer target for the graph-target reader (model/target.cpp): every input is read in each
// syntax (named graph, edge list a-b,b-c, graph6, hyperedge list {a,b,c},{c,d}) and by
// parse_target_auto. A TargetError must point inside the text (offset <= its length); a Target
// that comes back must keep the invariants of model/target.hpp (at least one vertex, connected,
// edges within its vertices, canon = canonical_form(shape), graphs from every syntax but the
// hyperedge list). Anything else (another exception, a crash, a sanitizer report) is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "model/target.hpp"
#include "model/union_find.hpp"

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
