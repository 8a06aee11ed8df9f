// The walk collapse by edge sets over a solver-chosen shape (see shape_walk.hpp and, for why the
// decomposition is exact, walk_collapse.cpp).
#include "engines/sat/shape/shape_walk.hpp"

#include <map>
#include <set>
#include <stdexcept>

namespace carve::encoder {

namespace {

struct Edge {
  int u, w;
  bool tree;
};

// A walk from `start` over exactly `edges` (connected and touching start, or empty), ending at
// `end`: depth-first, every edge there and back, then a shortest way to end. steps[i] is the edge
// taken from walk[i] to walk[i + 1].
struct Cover {
  std::vector<int> walk, steps;
};
Cover cover(const std::vector<Edge>& edges, int start, int end) {
  Cover c{{start}, {}};
  if (edges.empty()) {
    if (start != end) throw std::logic_error("shape walk: an empty part joins two different nodes");
    return c;
  }
  std::map<int, std::vector<int>> adj;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    adj[edges[i].u].push_back(static_cast<int>(i));
    if (edges[i].w != edges[i].u) adj[edges[i].w].push_back(static_cast<int>(i));
  }
  std::set<int> used, visited;
  auto dfs = [&](auto&& self, int v) -> void {
    visited.insert(v);
    for (int e : adj[v]) {
      if (!used.insert(e).second) continue;
      const int w = edges[static_cast<std::size_t>(e)].u == v ? edges[static_cast<std::size_t>(e)].w : edges[static_cast<std::size_t>(e)].u;
      c.walk.push_back(w);
      c.steps.push_back(e);
      if (w != v) {
        if (!visited.count(w)) self(self, w);
        c.walk.push_back(v);
        c.steps.push_back(e);
      }
    }
  };
  dfs(dfs, start);
  if (used.size() != edges.size()) throw std::logic_error("shape walk: a part is not connected");
  std::vector<std::pair<int, int>> pairs;
  for (const auto& e : edges) pairs.emplace_back(e.u, e.w);
  const auto way = shape_path_within(pairs, start, end);
  for (std::size_t i = 1; i < way.size(); ++i) {
    for (std::size_t e = 0; e < edges.size(); ++e)
      if ((edges[e].u == way[i - 1] && edges[e].w == way[i]) || (edges[e].w == way[i - 1] && edges[e].u == way[i])) {
        c.steps.push_back(static_cast<int>(e));
        break;
      }
    c.walk.push_back(way[i]);
  }
  return c;
}

void append(std::vector<int>& walk, const std::vector<int>& more) {
  if (walk.back() != more.front()) throw std::logic_error("shape walk: parts do not meet");
  walk.insert(walk.end(), more.begin() + 1, more.end());
}

}  // namespace

void ShapeWalk::anchored(const std::vector<int>& set, const std::vector<int>& top, const std::vector<std::vector<int>>& musts,
                         int guard) {
  const std::size_t m = shape_.nodes();
  for (std::size_t v = 0; v < m; ++v) {
    for (const auto& must : musts) {
      std::vector<int> c{-guard, -must[v], top[v]};
      if (set[v]) c.push_back(set[v]);
      cnf_.clause(c);
    }
    if (set[v]) cnf_.clause({-top[v], -set[v]});
  }
  for (std::size_t j = 1; j < m; ++j)
    for (std::size_t i = 0; i < j; ++i) {
      std::vector<int> c{-set[j], -shape_.parent(j, i), top[i]};
      if (set[i]) c.push_back(set[i]);
      cnf_.clause(c);
    }
}

std::vector<int> ShapeWalk::touching(const Sets& s, const std::vector<int>& chosen) {
  const std::size_t m = shape_.nodes();
  std::vector<int> on(m);
  for (std::size_t v = 0; v < m; ++v) {
    on[v] = cnf_.var();
    std::vector<int> why{-on[v]};
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      const auto& sl = s.in.slots[i].slot;
      cnf_.clause({-chosen[i], -sl.a[v], on[v]});
      cnf_.clause({-chosen[i], -sl.b[v], on[v]});
      const int z = cnf_.var();
      cnf_.clause({-z, chosen[i]});
      cnf_.clause({-z, sl.a[v], sl.b[v]});
      why.push_back(z);
    }
    cnf_.clause(why);
  }
  return on;
}

// A node is reached at level l + 1 if it was at level l, or a chosen tree edge joins it to a
// reached node (its parent, or a child), or it is an end of a chosen slot with a reached end.
void ShapeWalk::reachable(const Sets& s, const std::vector<int>& source, const std::vector<int>& tree,
                          const std::vector<int>& slot, const std::vector<int>& must, int levels) {
  const std::size_t m = shape_.nodes();
  std::vector<int> cur = source;
  for (int l = 1; l <= levels; ++l) {
    std::vector<int> hit(slot.size(), 0);
    for (std::size_t i = 0; i < slot.size(); ++i) {
      const auto& sl = s.in.slots[i].slot;
      const int ra = cnf_.var(), rb = cnf_.var();
      implies_at_end(cnf_, {ra}, sl.a, cur);
      implies_at_end(cnf_, {rb}, sl.b, cur);
      hit[i] = cnf_.var();
      cnf_.clause({-hit[i], slot[i]});
      cnf_.clause({-hit[i], ra, rb});
    }
    std::vector<int> nx(m);
    for (auto& x : nx) x = cnf_.var();
    for (std::size_t v = 0; v < m; ++v) {
      std::vector<int> why{-nx[v], cur[v]};
      if (!tree.empty() && tree[v]) {  // from the parent
        const int z = cnf_.var();
        cnf_.clause({-z, tree[v]});
        for (std::size_t h = 0; h < v; ++h) cnf_.clause({-z, -shape_.parent(v, h), cur[h]});
        why.push_back(z);
      }
      for (std::size_t c = v + 1; !tree.empty() && c < m; ++c) {  // from a child
        const int z = cnf_.var();
        cnf_.clause({-z, tree[c]});
        cnf_.clause({-z, shape_.parent(c, v)});
        cnf_.clause({-z, cur[c]});
        why.push_back(z);
      }
      for (std::size_t i = 0; i < slot.size(); ++i) {
        const auto& sl = s.in.slots[i].slot;
        const int z = cnf_.var();
        cnf_.clause({-z, hit[i]});
        cnf_.clause({-z, sl.a[v], sl.b[v]});
        why.push_back(z);
      }
      cnf_.clause(why);
    }
    cur = std::move(nx);
  }
  for (std::size_t v = 0; v < m; ++v) cnf_.clause({-must[v], cur[v]});
}

// The parts of walk_collapse.cpp's decomposition, in the order their variables are made.
ShapeRemoval ShapeWalk::encode(const ShapeTurnLiterals& in) {
  const std::size_t m = shape_.nodes();
  const int c = in.collapse;
  sets_.emplace_back();
  Sets& s = sets_.back();
  s.in = in;
  s.a = cnf_.one_if(c, m);
  s.b = cnf_.one_if(c, m);
  s.top_a = cnf_.one_if(c, m);
  s.top_b = cnf_.one_if(c, m);
  s.pre = tree_vars(s);
  s.post = tree_vars(s);
  anchored(s.pre, s.top_a, {in.root, s.a}, c);
  anchored(s.post, s.top_b, {s.b}, c);
  s.mid_v = slot_vars(s);
  s.mid_t = tree_vars(s);
  s.mid_v2.assign(in.slots.size(), 0);
  if (density_ == WalkCollapse::Density::Factor)
    encode_factor_middle(s);
  else
    encode_subsequence_middle(s);
  ShapeRemoval r;
  r.tree.assign(m, 0);
  for (std::size_t j = 1; j < m; ++j) r.tree[j] = cnf_.define_or({s.pre[j], s.post[j], s.mid_t[j]});
  for (std::size_t i = 0; i < in.slots.size(); ++i)
    r.slot.push_back(s.mid_v2[i] ? cnf_.define_or({s.mid_v[i], s.mid_v2[i]}) : s.mid_v[i]);
  return r;
}

// Per node but the root, a literal for its parent edge that implies the edge is present and the
// turn collapses.
std::vector<int> ShapeWalk::tree_vars(const Sets& s) {
  std::vector<int> row(shape_.nodes(), 0);
  for (std::size_t j = 1; j < row.size(); ++j) {
    row[j] = cnf_.var();
    cnf_.clause({-row[j], s.in.te[j]});
    cnf_.clause({-row[j], s.in.collapse});
  }
  return row;
}

// Per slot, a literal that implies the slot is present and the turn collapses.
std::vector<int> ShapeWalk::slot_vars(const Sets& s) {
  std::vector<int> row(s.in.slots.size());
  for (std::size_t i = 0; i < row.size(); ++i) {
    row[i] = cnf_.var();
    cnf_.clause({-row[i], s.in.slots[i].present});
    cnf_.clause({-row[i], s.in.collapse});
  }
  return row;
}

// Both ends of a middle tree edge touch its V edges (`on`).
void ShapeWalk::tree_edges_touch(const Sets& s, const std::vector<int>& on) {
  for (std::size_t j = 1; j < shape_.nodes(); ++j) {
    cnf_.clause({-s.mid_t[j], on[j]});
    for (std::size_t i = 0; i < j; ++i) cnf_.clause({-s.mid_t[j], -shape_.parent(j, i), on[i]});
  }
}

// The middle, factor reading: it holds e_new, a and b and its T edges' ends touch its V edges,
// and it is connected (reachable from a).
void ShapeWalk::encode_factor_middle(Sets& s) {
  const std::size_t m = shape_.nodes();
  const std::vector<int> on_v = touching(s, s.mid_v);
  tree_edges_touch(s, on_v);
  for (std::size_t i = 0; i < s.in.slots.size(); ++i) cnf_.clause({-s.in.collapse, -s.in.slots[i].is_new, s.mid_v[i]});
  for (std::size_t v = 0; v < m; ++v) {
    cnf_.clause({-s.a[v], on_v[v]});
    cnf_.clause({-s.b[v], on_v[v]});
  }
  reachable(s, s.a, s.mid_t, s.mid_v, on_v, 2 * s.in.virtual_bound - 1);
}

// The middle, subsequence reading: V edges before and after at most one T step x -> y (x the
// upper or lower end, y the other), each part connected.
void ShapeWalk::encode_subsequence_middle(Sets& s) {
  const std::size_t m = shape_.nodes(), S = s.in.slots.size();
  const int c = s.in.collapse;
  const int levels = 2 * s.in.virtual_bound - 1;
  s.mid_v2 = slot_vars(s);
  std::vector<int> ts(s.mid_t.begin() + 1, s.mid_t.end());
  cnf_.at_most_one(ts);
  const int tstep = ts.empty() ? cnf_.false_lit() : cnf_.define_or(ts);
  s.x = cnf_.one_if(tstep, m);
  s.y = cnf_.one_if(tstep, m);
  for (std::size_t j = 1; j < m; ++j) {
    cnf_.clause({-s.mid_t[j], s.x[j], s.y[j]});
    for (std::size_t i = 0; i < j; ++i) {
      cnf_.clause({-s.mid_t[j], -s.x[j], -shape_.parent(j, i), s.y[i]});
      cnf_.clause({-s.mid_t[j], -s.y[j], -shape_.parent(j, i), s.x[i]});
    }
  }
  for (std::size_t i = 0; i < S; ++i) {
    cnf_.clause({-s.mid_v2[i], tstep});
    cnf_.clause({-c, -s.in.slots[i].is_new, s.mid_v[i], s.mid_v2[i]});
  }
  const std::vector<int> on1 = touching(s, s.mid_v), on2 = touching(s, s.mid_v2);
  for (std::size_t v = 0; v < m; ++v) {
    cnf_.clause({-s.a[v], on1[v]});
    cnf_.clause({-s.x[v], on1[v]});
    cnf_.clause({-s.y[v], on2[v]});
    cnf_.clause({-s.b[v], tstep, on1[v]});
    cnf_.clause({-s.b[v], -tstep, on2[v]});
  }
  reachable(s, s.a, {}, s.mid_v, on1, levels);
  reachable(s, s.y, {}, s.mid_v2, on2, levels);
}

std::vector<int> ShapeWalk::decode(std::size_t which, SatBackend& m, const std::vector<int>& parent) const {
  const Sets& s = sets_[which];
  const std::size_t n = shape_.nodes();
  auto node = [&](const std::vector<int>& row) {
    for (std::size_t v = 0; v < n; ++v)
      if (row[v] && m.value(row[v])) return static_cast<int>(v);
    return -1;
  };
  auto tree_edges = [&](const std::vector<int>& row) {
    std::vector<Edge> out;
    for (std::size_t j = 1; j < n; ++j)
      if (m.value(row[j])) out.push_back({parent[j], static_cast<int>(j), true});
    return out;
  };
  auto slot_edges = [&](const std::vector<int>& row) {
    std::vector<Edge> out;
    for (std::size_t i = 0; i < row.size(); ++i)
      if (row[i] && m.value(row[i])) out.push_back({node(s.in.slots[i].slot.a), node(s.in.slots[i].slot.b), false});
    return out;
  };
  const int root = node(s.in.root), a = node(s.a), b = node(s.b);
  if (root < 0 || a < 0 || b < 0) throw std::logic_error("shape walk: the model names no root, middle start or middle end");
  std::vector<int> walk = cover(tree_edges(s.pre), root, a).walk;
  const auto mid_v = slot_edges(s.mid_v);
  if (density_ == WalkCollapse::Density::Factor) {
    std::vector<Edge> h = mid_v;
    for (const auto& e : tree_edges(s.mid_t)) h.push_back(e);
    const Cover raw = cover(h, a, b);
    // Wherever two T steps meet, or the middle starts or ends with one, bounce along a V edge.
    auto bounce = [&](std::vector<int>& out) {
      const int x = out.back();
      for (const auto& e : mid_v)
        if (e.u == x || e.w == x) {
          out.push_back(e.u == x ? e.w : e.u);
          out.push_back(x);
          return;
        }
      throw std::logic_error("shape walk: a T step of the middle at a node without a virtual edge");
    };
    std::vector<int> mid{raw.walk.front()};
    bool last_t = true;
    for (std::size_t i = 0; i < raw.steps.size(); ++i) {
      const bool t = h[static_cast<std::size_t>(raw.steps[i])].tree;
      if (t && last_t) bounce(mid);
      mid.push_back(raw.walk[i + 1]);
      last_t = t;
    }
    if (last_t) bounce(mid);
    append(walk, mid);
  } else if (const int x = node(s.x); x >= 0) {
    const int y = node(s.y);
    append(walk, cover(mid_v, a, x).walk);
    walk.push_back(y);
    append(walk, cover(slot_edges(s.mid_v2), y, b).walk);
  } else {
    append(walk, cover(mid_v, a, b).walk);
  }
  append(walk, cover(tree_edges(s.post), b, b).walk);
  return walk;
}

}  // namespace carve::encoder
