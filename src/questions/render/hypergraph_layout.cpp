// 001's two rows: formulas below, edge-nodes above, the formulas ordered by barycentre sweeps.
#include <algorithm>
#include <numeric>

#include "questions/render/labels.hpp"
#include "questions/render/layout.hpp"

namespace carve::render {

namespace {

constexpr double kEdgeRowGap = 96;       // points between the formula row and the edge-node row
constexpr double kFormulaGap = 22;   // points between neighbouring formula boxes
constexpr double kEdgeNodeGap = 52;  // points between neighbouring edge-nodes' centres
constexpr int kSweeps = 8;

struct Hyperedge {
  std::string node;
  std::vector<model::VertexId> vertices;
};

std::vector<Hyperedge> hyperedges(const model::Game& game, const Scene& scene) {
  std::vector<Hyperedge> out;
  for (std::size_t i = 0; i < game.universe.inherent.size(); ++i) {
    const auto& vs = game.universe.inherent[i].vertices;
    if (std::all_of(vs.begin(), vs.end(), [&](model::VertexId v) { return scene.drawn[v]; }))
      out.push_back({inherent_node(i), vs});
  }
  for (std::size_t k = 0; k < scene.virtuals.size(); ++k) out.push_back({virtual_node(k), scene.virtuals[k].vertices});
  return out;
}

double mean_slot(const std::vector<model::VertexId>& vs, const std::vector<double>& slot) {
  double sum = 0;
  for (auto v : vs) sum += slot[v];
  return vs.empty() ? 0 : sum / static_cast<double>(vs.size());
}

// The formulas in an order that keeps each hyperedge's formulas close together: start from the
// universe's order, then repeatedly sort each formula by the mean position of its hyperedges.
std::vector<model::VertexId> formula_order(const Scene& scene, const std::vector<Hyperedge>& edges) {
  std::vector<model::VertexId> order;
  for (model::VertexId v = 0; v < scene.drawn.size(); ++v)
    if (scene.drawn[v]) order.push_back(v);
  std::vector<double> slot(scene.drawn.size(), 0);
  for (int sweep = 0; sweep < kSweeps; ++sweep) {
    for (std::size_t i = 0; i < order.size(); ++i) slot[order[i]] = static_cast<double>(i);
    std::vector<double> sum(scene.drawn.size(), 0), n(scene.drawn.size(), 0);
    for (const auto& e : edges) {
      const double at = mean_slot(e.vertices, slot);
      for (auto v : e.vertices) sum[v] += at, n[v] += 1;
    }
    std::vector<double> key(scene.drawn.size(), 0);
    for (auto v : order) key[v] = n[v] > 0 ? sum[v] / n[v] : slot[v];
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return key[a] < key[b]; });
  }
  return order;
}

}  // namespace

Placed hypergraph_layout(const model::Game& game, const Scene& scene) {
  Placed out;
  const auto edges = hyperedges(game, scene);
  const double dx = scene.node_width * 72 + kFormulaGap;
  std::vector<double> x(scene.drawn.size(), 0);
  const auto order = formula_order(scene, edges);
  for (std::size_t i = 0; i < order.size(); ++i) {
    x[order[i]] = static_cast<double>(i) * dx;
    out.at[vertex_node(order[i])] = {x[order[i]], 0};
  }
  // Edge-nodes: each wants the mean of its formulas; in that order, pushed apart to kEdgeNodeGap,
  // then the row shifted back so that on average they sit where they want to.
  std::vector<std::pair<double, std::size_t>> wanted;
  for (std::size_t i = 0; i < edges.size(); ++i) wanted.emplace_back(mean_slot(edges[i].vertices, x), i);
  std::stable_sort(wanted.begin(), wanted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<double> placed(wanted.size());
  double shift = 0;
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    placed[i] = i ? std::max(wanted[i].first, placed[i - 1] + kEdgeNodeGap) : wanted[i].first;
    shift += placed[i] - wanted[i].first;
  }
  if (!wanted.empty()) shift /= static_cast<double>(wanted.size());
  double lo = 0, hi = order.empty() ? 0 : x[order.back()];
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    placed[i] -= shift;
    lo = std::min(lo, placed[i]);
    hi = std::max(hi, placed[i]);
  }
  for (std::size_t i = 0; i < wanted.size(); ++i) out.at[edges[wanted[i].second].node] = {placed[i], kEdgeRowGap};
  for (auto& [id, p] : out.at) p.x -= lo;
  out.width = hi - lo;
  out.height = edges.empty() ? 0 : kEdgeRowGap;
  return out;
}

}  // namespace carve::render
