// The split collapse path over a solver-chosen shape (see shape_split.hpp).
#include "engines/sat/shape/shape_split.hpp"

#include <stdexcept>

#include "engines/sat/paths/positional_step.hpp"
#include "engines/sat/paths/split_vertex_rule.hpp"

namespace carve::encoder {

void ShapeSplit::encode_steps(Sets& s, std::vector<std::vector<int>>& tree_steps, std::vector<std::vector<int>>& slot_steps,
                              std::vector<int>& is_virtual) {
  const std::size_t m = shape_.nodes(), S = s.in.slots.size();
  const int L = static_cast<int>(s.pos.size()) - 1;
  const auto& dfa = game_.rules.density;
  const auto dq = automaton_rows(cnf_, dfa, L);
  for (int i = 0; i < L; ++i) {
    const auto& here = s.pos[static_cast<std::size_t>(i)];
    const auto& there = s.pos[static_cast<std::size_t>(i) + 1];
    const int active = -s.stopped[static_cast<std::size_t>(i) + 1];
    const int isv = cnf_.var();
    is_virtual.push_back(isv);
    std::vector<int> some{-active};
    for (std::size_t j = 1; j < m; ++j) {  // along the edge between j and its parent
      const int st = cnf_.var();
      tree_steps[j].push_back(st);
      some.push_back(st);
      cnf_.clause({-st, active});
      cnf_.clause({-st, s.in.te[j]});
      cnf_.clause({-st, -isv});
      cnf_.clause({-st, here[j], there[j]});
      for (std::size_t v = 0; v < m; ++v) {
        if (v == j) continue;
        const int p = shape_.parent(j, v);
        cnf_.clause(p ? std::vector<int>{-st, -here[v], p} : std::vector<int>{-st, -here[v]});
        if (p) {
          cnf_.clause({-st, -here[j], -p, there[v]});
          cnf_.clause({-st, -here[v], -p, there[j]});
        }
      }
    }
    for (std::size_t k = 0; k < S; ++k) {
      const int st = slot_step(cnf_, s.in.slots[k], active, isv, here, there);
      slot_steps[k].push_back(st);
      some.push_back(st);
    }
    cnf_.clause(some);
    automaton_step(cnf_, dfa, dq[static_cast<std::size_t>(i)], dq[static_cast<std::size_t>(i) + 1], active, isv);
  }
}

// Simple kinds: the split path's vertex rule (engines/sat/paths/split_vertex_rule.hpp); here a node's
// prefix and suffix occurrences read the shape's parent literals.
void ShapeSplit::encode_vertex_rule(const Sets& s) {
  const std::size_t m = shape_.nodes();
  const bool cycle = game_.rules.path() == model::PathKind::SimpleOrCycle;
  for (std::size_t v = 0; v < m; ++v) {
    const int in_pre = cnf_.var(), in_suf = cnf_.var(), b_inner = cnf_.var();
    auto at_v = [&](const std::vector<int>& set, std::vector<int> tail) {  // set's edges with an end at v
      std::vector<int> c{-set[v]};
      if (set[v]) {
        c.insert(c.end(), tail.begin(), tail.end());
        cnf_.clause(c);
      }
      for (std::size_t ch = v + 1; ch < m; ++ch) {
        std::vector<int> d{-set[ch], -shape_.parent(ch, v)};
        d.insert(d.end(), tail.begin(), tail.end());
        cnf_.clause(d);
      }
    };
    at_v(s.pre, {in_pre, s.pos[0][v]});
    at_v(s.suf, {in_suf, s.b[v], s.z[v]});
    split_vertex_rule(cnf_, s, v, {in_pre, in_suf}, b_inner, cycle);
  }
}

ShapeRemoval ShapeSplit::encode(const ShapeTurnLiterals& in, int turn) {
  const std::size_t m = shape_.nodes(), S = in.slots.size();
  const int L = middle_length(turn);
  const int c = in.collapse;
  sets_.emplace_back();
  Sets& s = sets_.back();
  s.in = in;
  s.pos.assign(static_cast<std::size_t>(L) + 1, {});
  s.stopped.assign(static_cast<std::size_t>(L) + 1, cnf_.false_lit());
  s.pos[0] = cnf_.one_if(c, m);
  s.b = cnf_.one_if(c, m);
  s.z = cnf_.one_if(c, m);
  s.pre = shape_tree_path(cnf_, shape_, c, in.root, s.pos[0], in.te);
  s.suf = shape_tree_path(cnf_, shape_, c, s.b, s.z, in.te);
  for (int i = 1; i <= L; ++i) {
    auto& row = s.pos[static_cast<std::size_t>(i)];
    row.resize(m);
    for (auto& x : row) x = cnf_.var();
    s.stopped[static_cast<std::size_t>(i)] = cnf_.var();
    std::vector<int> one = row;
    one.push_back(s.stopped[static_cast<std::size_t>(i)]);
    cnf_.exactly_one(one);
    if (i > 1) cnf_.clause({-s.stopped[static_cast<std::size_t>(i) - 1], s.stopped[static_cast<std::size_t>(i)]});
  }
  cnf_.clause({c, s.stopped[1]});
  cnf_.clause({-c, -s.stopped[1]});
  std::vector<std::vector<int>> tree_steps(m), slot_steps(S);
  std::vector<int> is_virtual;
  encode_steps(s, tree_steps, slot_steps, is_virtual);
  // Φ_inc: the middle steps along e_new; it starts and ends with a V step, b its last node.
  for (std::size_t k = 0; k < S; ++k) {
    std::vector<int> cl{-c, -in.slots[k].is_new};
    cl.insert(cl.end(), slot_steps[k].begin(), slot_steps[k].end());
    cnf_.clause(cl);
  }
  cnf_.clause({-c, is_virtual[0]});
  for (int i = 0; i < L; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const int next_stopped = i + 1 < L ? s.stopped[u + 2] : -cnf_.false_lit();
    cnf_.clause({s.stopped[u + 1], -next_stopped, is_virtual[u]});
    for (std::size_t v = 0; v < m; ++v) cnf_.clause({-s.pos[u + 1][v], -next_stopped, s.b[v]});
  }
  for (std::size_t j = 1; j < m; ++j) {
    tree_steps[j].push_back(s.pre[j]);
    tree_steps[j].push_back(s.suf[j]);
  }
  const auto kind = game_.rules.path();
  const bool once = kind == model::PathKind::Trail || kind == model::PathKind::SimpleOrCycle;
  ShapeRemoval r;
  r.tree.assign(m, 0);
  for (std::size_t j = 1; j < m; ++j) {
    r.tree[j] = cnf_.define_or(tree_steps[j]);
    if (once) cnf_.at_most_one(tree_steps[j]);
  }
  for (std::size_t k = 0; k < S; ++k) {
    r.slot.push_back(cnf_.define_or(slot_steps[k]));
    if (once) cnf_.at_most_one(slot_steps[k]);
  }
  if (kind != model::PathKind::Trail) encode_vertex_rule(s);
  return r;
}

std::vector<int> ShapeSplit::decode(std::size_t which, SatBackend& m, const std::vector<int>& parent) const {
  const Sets& s = sets_[which];
  const std::size_t n = shape_.nodes();
  auto node = [&](const std::vector<int>& row) {
    for (std::size_t v = 0; v < n; ++v)
      if (m.value(row[v])) return static_cast<int>(v);
    throw std::logic_error("shape split: the model names no node");
  };
  auto edges = [&](const std::vector<int>& row) {
    std::vector<std::pair<int, int>> out;
    for (std::size_t j = 1; j < n; ++j)
      if (m.value(row[j])) out.emplace_back(parent[j], static_cast<int>(j));
    return out;
  };
  std::vector<int> path = shape_path_within(edges(s.pre), node(s.in.root), node(s.pos[0]));
  for (std::size_t i = 1; i < s.pos.size() && !m.value(s.stopped[i]); ++i) path.push_back(node(s.pos[i]));
  const auto suffix = shape_path_within(edges(s.suf), node(s.b), node(s.z));
  if (suffix.front() != path.back()) throw std::logic_error("shape split: the suffix does not start at the middle's end");
  path.insert(path.end(), suffix.begin() + 1, suffix.end());
  return path;
}

}  // namespace carve::encoder
