// Victory targets G* / H*: named graphs, edge lists, graph6 strings and hyperedge lists, each
// edge optionally typed (a-b:T, {a,b}:V).
// Invariant: a Target is finite and connected (Def 1.3 / 2.3); `typed` says whether its edges
// carry types, and then shape.edge_colour holds them (0 = T, 1 = V, as model::EdgeType), else
// every colour is 0; `canon` is canonical_form(shape) with those colours, so a component wins
// exactly when its own canonical form (coloured alike) equals `canon`. `name` is the named graph
// the untyped shape is, if any.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/model/canonical.hpp"
#include "rules/model/named_graphs.hpp"

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
  // The named graph the shape is when types are ignored (carve's preferred name, e.g. "K1,3"
  // for S3 or claw), what that name means, and the other names of the same graph; empty when
  // the shape is none of named_graphs_with(n, m).
  std::string name;
  std::string description;
  std::vector<std::string> aliases;

  std::size_t vertex_count() const { return names.size(); }
  std::size_t edge_count() const { return shape.edges.size(); }
};

// A malformed target; `offset` is the 0-based character position in the target text.
struct TargetError : std::runtime_error {
  std::size_t offset;
  TargetError(const std::string& msg, std::size_t off) : std::runtime_error(msg), offset(off) {}
};

Target parse_target(TargetSyntax syntax, const std::string& text);
// A hyperedge list if it starts with '{', an edge list if it contains '-', graph6 if every byte
// lies in graph6's range 63..126 and it is no word name (paw, ...), else a name: graph6 has no
// digits and no ',', so "P99" or "K2,3" can only be names and get their family's errors.
Target parse_target_auto(const std::string& text);

}  // namespace carve::model
