// Canonical forms of coloured hypergraphs through their incidence graphs (nauty).
// Invariant: canonical_form(a) == canonical_form(b) exactly when a and b are isomorphic by a
// bijection of vertices and of edges that keeps incidence, vertex colours, edge colours and
// the marked incidences (used for "this edge concludes that vertex").
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace carve::model {

struct ColouredHypergraph {
  std::vector<int> vertex_colour;               // one entry per vertex
  std::vector<std::vector<int>> edges;          // V(e) per edge (duplicates ignored)
  std::vector<int> edge_colour;                 // one entry per edge
  std::vector<std::pair<int, int>> marks;       // (edge, vertex): a distinguished incidence

  int add_vertex(int colour) {
    vertex_colour.push_back(colour);
    return static_cast<int>(vertex_colour.size()) - 1;
  }
  void add_edge(std::vector<int> vs, int colour) {
    edges.push_back(std::move(vs));
    edge_colour.push_back(colour);
  }
};

std::string canonical_form(const ColouredHypergraph& h);

}  // namespace carve::model
