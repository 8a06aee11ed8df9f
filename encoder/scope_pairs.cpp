// Pairs of the scope and the tree paths between them (breadth-first from every vertex).
#include "encoder/scope_pairs.hpp"

#include <deque>
#include <stdexcept>

namespace carve::encoder {

using model::VertexId;

ScopePairs::ScopePairs(const model::Game& game) : n_(game.universe.size()) {
  const auto& u = game.universe;
  if (u.kind != model::Universe::Kind::WordTree)
    throw std::invalid_argument("the SAT encoder handles document 000 (the word tree) only");
  const bool loops = game.rules.reading.loop == model::sw::Loop::Allow;
  const bool readd = game.rules.reading.readd == model::sw::Readd::Allow;
  index_.assign(n_, std::vector<int>(n_, -1));
  at_.assign(n_, {});
  for (VertexId a = 0; a < n_; ++a)
    for (VertexId b = a; b < n_; ++b) {
      if (a == b && !loops) continue;
      ScopePair p{a, b};
      if (a != b)
        if (auto it = u.inherent_by_slots.find({a, b}); it != u.inherent_by_slots.end()) p.tree = static_cast<int>(it->second);
      p.can_virtual = p.tree < 0 || readd;
      const int id = static_cast<int>(pairs_.size());
      index_[a][b] = index_[b][a] = id;
      at_[a].push_back(id);
      if (b != a) at_[b].push_back(id);
      pairs_.push_back(p);
    }
  child_pairs_.assign(n_, {});
  parent_pair_.assign(n_, -1);
  for (const auto& ie : u.inherent) {
    const VertexId child = ie.conclusion;
    const VertexId parent = ie.slots[0] == child ? ie.slots[1] : ie.slots[0];
    parent_pair_[child] = of(parent, child);
    child_pairs_[parent].push_back(of(parent, child));
  }
  below_.assign(pairs_.size(), std::vector<bool>(n_, false));
  for (VertexId v = 0; v < n_; ++v)
    for (VertexId w = v; parent_pair_[w] >= 0; w = other(static_cast<std::size_t>(parent_pair_[w]), w))
      below_[static_cast<std::size_t>(parent_pair_[w])][v] = true;
  // toward_[r][p]: breadth-first from r over tree pairs; via[v] is the tree pair by which v was
  // reached (the first pair on v's way to r). For a tree pair {x, y} with y farther from r, the
  // next pair towards r is via[x] (none when x = r).
  toward_.assign(n_, std::vector<int>(pairs_.size(), -1));
  for (VertexId r = 0; r < n_; ++r) {
    std::vector<int> dist(n_, -1), via(n_, -1);
    std::deque<VertexId> q{r};
    dist[r] = 0;
    while (!q.empty()) {
      const VertexId v = q.front();
      q.pop_front();
      for (int p : at_[v]) {
        if (pairs_[static_cast<std::size_t>(p)].tree < 0) continue;
        const VertexId w = other(static_cast<std::size_t>(p), v);
        if (dist[w] >= 0) continue;
        dist[w] = dist[v] + 1;
        via[w] = p;
        q.push_back(w);
      }
    }
    for (std::size_t p = 0; p < pairs_.size(); ++p) {
      if (pairs_[p].tree < 0) continue;
      const VertexId x = dist[pairs_[p].a] < dist[pairs_[p].b] ? pairs_[p].a : pairs_[p].b;
      toward_[r][p] = x == r ? -1 : via[x];
    }
  }
}

}  // namespace carve::encoder
