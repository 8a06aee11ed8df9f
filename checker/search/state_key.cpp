// The state as a coloured hypergraph, canonicalised by nauty.
#include "checker/search/state_key.hpp"

#include <map>

#include "model/canonical.hpp"

namespace carve::search {

std::string state_key(const model::Game& game, const model::State& state) {
  const auto& u = game.universe;
  model::ColouredHypergraph h;
  for (model::VertexId v = 0; v < u.size(); ++v) {
    int colour = u.sorts[v] * 8 + (u.frontier[v] ? 1 : 0) + (u.in_universe[v] ? 2 : 0) + (v == state.root ? 4 : 0);
    h.add_vertex(colour);
  }
  // Edge colours: operator (inherent ops first, then virtual ops), present/removed/virtual.
  std::map<std::string, int> op_code;
  auto code = [&](const std::string& op) { return op_code.emplace(op, static_cast<int>(op_code.size())).first->second; };
  // In the binary tree the tree's shape already fixes every edge's conclusion (the child is
  // the end farther from the unique vertex of degree 2), so marks are only needed in 001.
  const bool marks = u.kind != model::Universe::Kind::BinaryTree;
  for (std::size_t i = 0; i < u.inherent.size(); ++i) {
    const auto& ie = u.inherent[i];
    std::vector<int> vs(ie.vertices.begin(), ie.vertices.end());
    h.add_edge(vs, code(ie.op) * 3 + (state.inherent.test(i) ? 0 : 1));
    if (marks) h.marks.emplace_back(static_cast<int>(h.edges.size()) - 1, static_cast<int>(ie.conclusion));
  }
  for (const auto& e : state.virtuals) {
    std::vector<int> vs(e.vertices.begin(), e.vertices.end());
    h.add_edge(vs, code(e.op) * 3 + 2);
  }
  return model::canonical_form(h);
}

}  // namespace carve::search
