// Tree pairs from the inherent edges; subtrees by depth-first enter/leave numbers, so "the next
// pair towards r" and "separates" are answered by walking up at most D parents instead of from
// tables over every pair.
#include "engines/sat/frames/scope_pairs.hpp"

#include <algorithm>
#include <stdexcept>

namespace carve::encoder {

using model::VertexId;

ScopePairs::ScopePairs(const model::Game& game) : n_(game.universe.size()) {
  const auto& u = game.universe;
  if (u.kind != model::Universe::Kind::WordTree)
    throw std::invalid_argument("the SAT encoder handles document 000 (the word tree) only");
  loops_ = game.rules.reading.loop == model::sw::Loop::Allow;
  readd_ = game.rules.reading.readd == model::sw::Readd::Allow;
  std::vector<std::size_t> order(u.inherent.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto ends = [&](std::size_t i) { return std::minmax(u.inherent[i].slots[0], u.inherent[i].slots[1]); };
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return ends(x) < ends(y); });
  child_pairs_.assign(n_, {});
  parent_pair_.assign(n_, -1);
  parent_.resize(n_);
  for (VertexId v = 0; v < n_; ++v) parent_[v] = v;
  at_.assign(n_, {});
  for (auto i : order) {
    const auto& ie = u.inherent[i];
    const auto [a, b] = ends(i);
    const int id = static_cast<int>(tree_pairs_.size());
    tree_pairs_.push_back(ScopePair{a, b, static_cast<int>(i), readd_});
    const VertexId child = ie.conclusion;
    const VertexId parent = child == a ? b : a;
    conclusion_.push_back(child);
    parent_pair_[child] = id;
    parent_[child] = parent;
    child_pairs_[parent].push_back(id);
    at_[a].push_back(id);
    at_[b].push_back(id);
  }
  // Depth-first numbering from every vertex without a parent.
  enter_.assign(n_, 0);
  leave_.assign(n_, 0);
  std::size_t clock = 0;
  std::vector<std::pair<VertexId, std::size_t>> stack;  // (vertex, next child pair to visit)
  for (VertexId r = 0; r < n_; ++r) {
    if (parent_pair_[r] >= 0) continue;
    stack.emplace_back(r, 0);
    enter_[r] = clock++;
    preorder_.push_back(r);
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      if (next == child_pairs_[v].size()) {
        leave_[v] = clock;
        stack.pop_back();
        continue;
      }
      const VertexId c = conclusion_[static_cast<std::size_t>(child_pairs_[v][next++])];
      enter_[c] = clock++;
      preorder_.push_back(c);
      stack.emplace_back(c, 0);
    }
  }
}

int ScopePairs::of(VertexId a, VertexId b) const {
  if (!exists(a, b)) return -1;
  if (a > b) std::swap(a, b);
  if (a != b) {
    if (parent_pair_[b] >= 0 && parent_[b] == a) return parent_pair_[b];
    if (parent_pair_[a] >= 0 && parent_[a] == b) return parent_pair_[a];
  }
  const std::uint64_t key = (std::uint64_t{a} << 32) | b;
  auto [it, fresh] = other_ids_.emplace(key, static_cast<int>(size() + other_pairs_.size()));
  if (fresh) other_pairs_.push_back(ScopePair{a, b, -1, true});
  return it->second;
}

bool ScopePairs::can_virtual(VertexId a, VertexId b) const {
  if (!exists(a, b)) return false;
  const bool tree = a != b && ((parent_pair_[b] >= 0 && parent_[b] == a) || (parent_pair_[a] >= 0 && parent_[a] == b));
  return !tree || readd_;
}

std::size_t ScopePairs::free_pairs() const { return n_ * (n_ - 1) / 2 + (loops_ ? n_ : 0) - size(); }

VertexId ScopePairs::child_towards(VertexId u, VertexId v) const {
  while (parent_[v] != u) v = parent_[v];
  return v;
}

int ScopePairs::toward(VertexId r, std::size_t p) const {
  const VertexId y = conclusion_[p], x = parent_[y];
  if (below(r, y)) return r == y ? -1 : parent_pair_[child_towards(y, r)];
  if (r == x) return -1;
  return below(r, x) ? parent_pair_[child_towards(x, r)] : parent_pair_[x];
}

}  // namespace carve::encoder
