// Victory targets G* / H*: named graphs, edge lists, graph6 strings and hyperedge lists.
// Invariant: a Target is finite and connected (Def 1.3 / 2.3), its `shape` has uniform colours,
// and `canon` is canonical_form(shape), so a component wins exactly when its own canonical
// form (uniform colours) equals `canon`.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "model/canonical.hpp"

namespace carve::model {

enum class TargetSyntax { Named, Edges, Graph6, Hyperedges };

struct Target {
  std::string text;                  // as the user wrote it
  TargetSyntax syntax = TargetSyntax::Named;
  std::vector<std::string> names;    // vertex names
  ColouredHypergraph shape;
  std::string canon;
  bool is_graph = true;              // every edge has two distinct vertices and none repeats
  // Typed targets give each edge a type (shape.edge_colour: 0 = T, 1 = V; canon keeps it);
  // untyped ones have colour 0 throughout. Victory by typed isomorphism needs a typed target.
  bool typed = false;

  std::size_t vertex_count() const { return names.size(); }
  std::size_t edge_count() const { return shape.edges.size(); }
};

// A malformed target; `offset` is the 0-based character position in the target text.
struct TargetError : std::runtime_error {
  std::size_t offset;
  TargetError(const std::string& msg, std::size_t off) : std::runtime_error(msg), offset(off) {}
};

Target parse_target(TargetSyntax syntax, const std::string& text);
// Named if it matches a name, graph6 if it starts with a printable graph6 byte and is not a
// name, an edge list if it contains '-', a hyperedge list if it starts with '{'.
Target parse_target_auto(const std::string& text);
// The named graphs carve knows, for help texts.
std::string named_targets_help();

}  // namespace carve::model
