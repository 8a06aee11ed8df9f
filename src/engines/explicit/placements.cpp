// ESU over the line graph of the present edges (edges adjacent when they share a vertex), then
// a size filter and one nauty comparison per connected edge set of the target's size.
#include "engines/explicit/placements.hpp"

#include <algorithm>

#include "rules/model/victory.hpp"

namespace carve::search {

using model::VertexId;

namespace {

struct Enumerator {
  const model::Game& game;
  const model::GraphView& view;
  std::size_t edge_count;
  const model::Target& target;
  std::vector<std::vector<std::uint32_t>> adjacent;  // line graph, restricted to usable edges
  std::vector<Placement> out;

  bool usable(std::uint32_t e) const {
    for (auto v : *view.edges()[e].vertices)
      if (game.universe.frontier[v]) return false;
    return true;
  }

  void consider(const std::vector<std::uint32_t>& edges) {
    std::vector<VertexId> w;
    for (auto e : edges)
      for (auto v : *view.edges()[e].vertices) w.push_back(v);
    std::sort(w.begin(), w.end());
    w.erase(std::unique(w.begin(), w.end()), w.end());
    std::vector<const std::vector<VertexId>*> vs;
    for (auto e : edges) vs.push_back(view.edges()[e].vertices);
    if (!model::has_target_shape(w, vs, target)) return;
    add(std::move(w), edges);
  }

  void add(std::vector<VertexId> w, std::vector<std::uint32_t> kept) {
    Placement p;
    std::sort(kept.begin(), kept.end());
    for (auto v : w)
      for (auto e : view.incident(v))
        if (e < edge_count && !std::binary_search(kept.begin(), kept.end(), e)) p.required.push_back(e);
    std::sort(p.required.begin(), p.required.end());
    p.required.erase(std::unique(p.required.begin(), p.required.end()), p.required.end());
    p.vertices = std::move(w);
    p.kept = std::move(kept);
    out.push_back(std::move(p));
  }

  // ESU: extend `sub` (whose least edge is `first`) by edges of `ext`, each connected set once.
  void esu(std::vector<std::uint32_t>& sub, std::vector<std::uint32_t> ext, std::uint32_t first) {
    if (sub.size() == target.edge_count()) {
      consider(sub);
      return;
    }
    while (!ext.empty()) {
      const auto w = ext.back();
      ext.pop_back();
      std::vector<std::uint32_t> next = ext;
      for (auto x : adjacent[w]) {
        if (x <= first || std::find(sub.begin(), sub.end(), x) != sub.end() || x == w) continue;
        bool exclusive = true;
        for (auto s : sub)
          if (std::binary_search(adjacent[s].begin(), adjacent[s].end(), x)) exclusive = false;
        if (exclusive && std::find(next.begin(), next.end(), x) == next.end()) next.push_back(x);
      }
      sub.push_back(w);
      esu(sub, std::move(next), first);
      sub.pop_back();
    }
  }

  void run() {
    const auto& u = game.universe;
    if (target.edge_count() == 0) {
      for (VertexId v = 0; v < u.size(); ++v)
        if (u.in_universe[v] && !u.frontier[v]) add({v}, {});
      return;
    }
    adjacent.assign(edge_count, {});
    for (std::uint32_t e = 0; e < edge_count; ++e) {
      if (!usable(e)) continue;
      for (auto v : *view.edges()[e].vertices)
        for (auto f : view.incident(v))
          if (f != e && f < edge_count && usable(f)) adjacent[e].push_back(f);
      std::sort(adjacent[e].begin(), adjacent[e].end());
      adjacent[e].erase(std::unique(adjacent[e].begin(), adjacent[e].end()), adjacent[e].end());
    }
    std::vector<std::uint32_t> sub;
    for (std::uint32_t e = 0; e < edge_count; ++e) {
      if (!usable(e)) continue;
      std::vector<std::uint32_t> ext;
      for (auto x : adjacent[e])
        if (x > e) ext.push_back(x);
      sub = {e};
      esu(sub, std::move(ext), e);
    }
  }
};

}  // namespace

std::vector<Placement> target_placements(const model::Game& game, const model::GraphView& view,
                                         std::size_t edge_count, const model::Target& target) {
  Enumerator en{game, view, edge_count, target, {}, {}};
  en.run();
  return std::move(en.out);
}

}  // namespace carve::search
