// questions/games/tree_deletion.cpp — tree edge deletion (see tree_deletion.hpp).
#include "questions/games/tree_deletion.hpp"

#include <algorithm>

#include "questions/games/sg.hpp"

namespace carve::games {

std::vector<std::vector<int>> children_of(const RootedTree& t) {
  std::vector<std::vector<int>> ch(static_cast<std::size_t>(t.size()));
  for (int v = 1; v < t.size(); ++v) ch[static_cast<std::size_t>(t.parent[static_cast<std::size_t>(v)])].push_back(v);
  return ch;
}

namespace {
std::vector<int> bfs_order(const std::vector<std::vector<int>>& ch) {
  std::vector<int> order{0};
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int c : ch[static_cast<std::size_t>(order[i])]) order.push_back(c);
  return order;
}
}  // namespace

std::string ahu_canonical(const RootedTree& t) {
  auto ch = children_of(t);
  auto order = bfs_order(ch);
  std::vector<std::string> code(static_cast<std::size_t>(t.size()));
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    std::vector<std::string> parts;
    for (int c : ch[static_cast<std::size_t>(*it)]) parts.push_back(std::move(code[static_cast<std::size_t>(c)]));
    std::sort(parts.begin(), parts.end());
    std::string s = "(";
    for (auto& p : parts) s += p;
    code[static_cast<std::size_t>(*it)] = s + ")";
  }
  return code[0];
}

RootedTree subtree_at(const RootedTree& t, int v) {
  auto ch = children_of(t);
  RootedTree out;
  std::vector<std::pair<int, int>> stack{{v, 0}};  // (vertex in t, its label in out)
  while (!stack.empty()) {
    auto [u, lu] = stack.back();
    stack.pop_back();
    for (int c : ch[static_cast<std::size_t>(u)]) stack.push_back({c, out.add_child(lu)});
  }
  return out;
}

unsigned tree_sg_formula(const RootedTree& t) {
  auto ch = children_of(t);
  auto order = bfs_order(ch);
  std::vector<unsigned> sg(static_cast<std::size_t>(t.size()), 0);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    unsigned x = 0;
    for (int c : ch[static_cast<std::size_t>(*it)]) x ^= sg[static_cast<std::size_t>(c)] + 1;
    sg[static_cast<std::size_t>(*it)] = x;
  }
  return sg[0];
}

RootedTree subtree_without(const RootedTree& t, int v) {
  auto ch = children_of(t);
  std::vector<bool> dead(static_cast<std::size_t>(t.size()), false);
  std::vector<int> st{v};
  while (!st.empty()) {
    int u = st.back();
    st.pop_back();
    dead[static_cast<std::size_t>(u)] = true;
    for (int c : ch[static_cast<std::size_t>(u)]) st.push_back(c);
  }
  std::vector<int> id(static_cast<std::size_t>(t.size()), -1);
  RootedTree out;
  id[0] = 0;
  for (int u : bfs_order(ch)) {
    if (u == 0 || dead[static_cast<std::size_t>(u)]) continue;
    id[static_cast<std::size_t>(u)] = out.add_child(id[static_cast<std::size_t>(t.parent[static_cast<std::size_t>(u)])]);
  }
  return out;
}

GroundedGraph to_grounded(const RootedTree& t, const std::vector<EdgeColour>& colour) {
  GroundedGraph g;
  g.num_vertices = t.size();
  for (int v = 1; v < t.size(); ++v)
    g.add_edge(t.parent[static_cast<std::size_t>(v)], v,
               colour.empty() ? EdgeColour::Green : colour[static_cast<std::size_t>(v - 1)]);
  return g;
}

unsigned TreeDeletionExhaustive::sg(const RootedTree& t) {
  std::string key = ahu_canonical(t);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  interrupt_point();
  std::vector<unsigned> vals;
  for (int v = 1; v < t.size(); ++v) vals.push_back(sg(subtree_without(t, v)));
  unsigned r = mex(std::move(vals));
  memo_.emplace(std::move(key), r);
  return r;
}

}  // namespace carve::games
