// Special nodes, Σ, pendants, key nodes and runs, straight from the definitions of
// docs/infinite-tree.md.
#include "checkers/shape/support.hpp"

#include <algorithm>

namespace carve::shape {

using model::VertexId;

int tree_parent(const model::Universe& u, VertexId v) {
  for (auto id : u.inherent_at[v])
    if (u.inherent[id].conclusion == v) return static_cast<int>(u.inherent[id].vertices[0] == v ? u.inherent[id].vertices[1] : u.inherent[id].vertices[0]);
  return kNone;
}

namespace {

std::vector<VertexId> tree_children(const model::Universe& u, VertexId v) {
  std::vector<VertexId> out;
  for (auto id : u.inherent_at[v])
    if (u.inherent[id].conclusion != v) out.push_back(u.inherent[id].conclusion);
  return out;
}

// Whether the tree edge between x and its child c is absent in some state of the play.
bool ever_absent(const model::Universe& u, const std::vector<model::State>& states, VertexId x, VertexId c) {
  const auto id = u.inherent_by_slots.at({std::min(x, c), std::max(x, c)});
  return std::any_of(states.begin(), states.end(), [&](const model::State& s) { return !s.inherent.test(id); });
}

}  // namespace

Support play_support(const model::Game& game, const std::vector<model::Move>& play,
                     const std::vector<model::State>& states, const std::vector<VertexId>& keep) {
  const auto& u = game.universe;
  const std::size_t n = u.size();
  Support s;
  s.special.assign(n, false);
  std::vector<bool> rooted_or_kept(n, false);
  auto mark = [&](VertexId v, bool pendant_parent) {
    s.special[v] = true;
    if (pendant_parent) rooted_or_kept[v] = true;
  };
  mark(game.initial_root, true);
  // Pendants hang from the roots a succession reads (those of S_0 .. S_{k-1}) and from W; the last
  // root's child edges are never read within the play.
  for (std::size_t t = 0; t < states.size(); ++t) mark(states[t].root, t + 1 < states.size());
  for (const auto& m : play)
    for (auto v : m.added.vertices) mark(v, false);
  for (auto v : keep) mark(v, true);
  // Σ: every special node with its ancestors.
  std::vector<bool> sigma(n, false);
  for (VertexId v = 0; v < n; ++v)
    for (int w = s.special[v] ? static_cast<int>(v) : kNone; w != kNone && !sigma[static_cast<std::size_t>(w)];
         w = tree_parent(u, static_cast<VertexId>(w)))
      sigma[static_cast<std::size_t>(w)] = true;
  s.in_st = sigma;
  auto& pendant = s.pendant;
  pendant.assign(n, false);
  for (VertexId x = 0; x < n; ++x)
    if (rooted_or_kept[x])
      for (auto c : tree_children(u, x))
        if (!sigma[c] && ever_absent(u, states, x, c)) pendant[c] = s.in_st[c] = true;
  s.key.assign(n, false);
  for (VertexId v = 0; v < n; ++v) {
    if (!s.in_st[v]) continue;
    std::size_t kids = 0;
    for (auto c : tree_children(u, v)) kids += sigma[c];
    s.key[v] = s.special[v] || pendant[v] || (sigma[v] && kids == 2);
  }
  s.interior.assign(n, false);
  for (VertexId v = 0; v < n; ++v) s.interior[v] = s.in_st[v] && !s.key[v];
  // Runs: from each key node up through interior nodes to the next key node.
  s.contracted.assign(n, kNone);
  s.contracted_parent.assign(n, kNone);
  for (VertexId b = 0; b < n; ++b) {
    if (!s.key[b]) continue;
    s.contracted[b] = static_cast<int>(b);
    std::vector<VertexId> run;  // interior nodes from b upwards
    int a = tree_parent(u, b);
    for (; a != kNone && s.interior[static_cast<std::size_t>(a)]; a = tree_parent(u, static_cast<VertexId>(a)))
      run.push_back(static_cast<VertexId>(a));
    if (run.empty()) {
      s.contracted_parent[b] = a;
      continue;
    }
    const VertexId first = run.back();  // the interior node next to a
    for (auto z : run) s.contracted[z] = static_cast<int>(first);
    s.contracted_parent[first] = a;
    s.contracted_parent[b] = static_cast<int>(first);
  }
  for (VertexId v = 0; v < n; ++v)
    if (s.contracted[v] == static_cast<int>(v)) s.order.push_back(v);
  // Universe ids grow with depth (parents first), so this order has parents first.
  return s;
}

}  // namespace carve::shape
