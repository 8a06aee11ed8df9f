// Canonical state keys: 000 by an AHU tree encoding, 001 as a coloured hypergraph through nauty.
#include "engines/explicit/state_key.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

#include "rules/model/canonical.hpp"

namespace carve::search {

namespace {

// 000: the configuration is the word tree (k = 2..4 children per node) with each edge present or
// removed, the root marked, and a few virtual edges. The scope's automorphisms fix λ (the tree's
// centre: every frontier node lies at depth D, so λ alone has eccentricity D) and are exactly the
// permutations of each node's children, S_k at every node. The AHU encoding -- children's codes
// sorted at every node, each node labelled with root mark and its number of virtual-edge ends --
// is invariant under them; what it leaves open is only the order within a run of identical
// sibling subtrees, and that order matters only where those siblings hold virtual-edge ends (an
// identical sibling then holds as many, so a run of m such siblings needs m ends). So the key is
// the AHU code plus the least list of virtual edges, in preorder positions, over the orders of
// those runs: a complete invariant, far cheaper than a nauty call.
// `marked`, when given, is one more edge drawn in a colour of its own (a candidate e_new).
std::string tree_key(const model::Game& game, const model::State& state, const model::EdgeElement* marked) {
  const auto& u = game.universe;
  using model::VertexId;
  thread_local const model::Universe* cached = nullptr;
  thread_local std::string cached_alphabet;
  thread_local std::vector<std::vector<std::pair<std::uint32_t, VertexId>>> children;
  thread_local VertexId top = 0;  // λ: the one vertex that concludes no inherent edge
  if (cached != &u || children.size() != u.size() || cached_alphabet != u.alphabet) {
    std::vector<char> concluded(u.size(), 0);
    children.assign(u.size(), {});
    for (std::uint32_t i = 0; i < u.inherent.size(); ++i) {
      const auto& ie = u.inherent[i];
      const auto parent = ie.vertices[0] == ie.conclusion ? ie.vertices[1] : ie.vertices[0];
      children[parent].emplace_back(i, ie.conclusion);
      concluded[ie.conclusion] = 1;
    }
    for (const auto& ch : children)
      if (ch.size() > model::kMaxLetters) throw std::logic_error("state key: a tree node with more children than letters");
    top = static_cast<VertexId>(std::find(concluded.begin(), concluded.end(), 0) - concluded.begin());
    cached = &u;
    cached_alphabet = u.alphabet;
  }
  thread_local std::vector<int> ends;
  thread_local std::vector<char> holds;  // the subtree holds a virtual-edge end
  thread_local std::vector<std::string> code;
  ends.assign(u.size(), 0);
  holds.assign(u.size(), 0);
  code.resize(u.size());
  for (const auto& e : state.virtuals)
    for (auto v : e.slots) ++ends[v];
  // A marked end counts in a digit of its own: ends[v] % 1024 virtual, ends[v] / 1024 marked.
  if (marked)
    for (auto v : marked->slots) ends[v] += 1024;
  // Children in code order (indices into children[v]), and the runs whose order is open.
  struct Run {
    VertexId v;
    std::uint32_t from, to;  // order[v][from..to): identical siblings that hold ends
  };
  thread_local std::vector<std::vector<std::uint32_t>> order;
  thread_local std::vector<Run> runs;
  order.resize(u.size());
  runs.clear();
  auto encode = [&](auto&& self, VertexId v) -> void {
    holds[v] = ends[v] > 0;
    std::array<std::string, model::kMaxLetters> parts;
    const auto& ch = children[v];
    auto& ord = order[v];
    ord.clear();
    for (std::uint32_t i = 0; i < ch.size(); ++i) {
      self(self, ch[i].second);
      holds[v] = holds[v] || holds[ch[i].second];
      parts[i] = (state.inherent.test(ch[i].first) ? "1" : "0") + code[ch[i].second];
      ord.push_back(i);
    }
    // Stable: a run of equal codes keeps ascending indices, the first of its permutations.
    std::stable_sort(ord.begin(), ord.end(), [&](std::uint32_t a, std::uint32_t b) { return parts[a] < parts[b]; });
    std::string& out = code[v];
    out = "(";
    if (v == state.root) out += 'r';
    if (ends[v]) out += std::to_string(ends[v]);
    for (std::uint32_t i = 0, j = 0; i < ord.size(); i = j) {
      for (j = i + 1; j < ord.size() && parts[ord[j]] == parts[ord[i]];) ++j;
      if (j - i > 1 && holds[ch[ord[i]].second]) runs.push_back({v, i, j});
    }
    for (auto i : ord) out += parts[i];
    out += ')';
  };
  encode(encode, top);
  std::string key = "T" + code[top];
  if (state.virtuals.empty() && !marked) return key;
  std::vector<int> pos(u.size(), -1);
  std::vector<std::pair<int, int>> best, list;
  // Every order of every open run, odometer-style: next_permutation steps a run and, when it
  // wraps back to ascending order, carries to the next run.
  auto next_order = [&] {
    for (const auto& r : runs)
      if (std::next_permutation(order[r.v].begin() + r.from, order[r.v].begin() + r.to)) return true;
    return false;
  };
  bool first = true;
  do {
    int next = 0;
    auto place = [&](auto&& self, VertexId v) -> void {
      pos[v] = next++;
      for (auto i : order[v]) self(self, children[v][i].second);
    };
    place(place, top);
    list.clear();
    for (const auto& e : state.virtuals) {
      int a = pos[e.slots.front()], b = pos[e.slots.back()];
      list.emplace_back(std::min(a, b), std::max(a, b));
    }
    if (marked) {  // after every unmarked pair: positions are < 2^20
      int a = pos[marked->slots.front()], b = pos[marked->slots.back()];
      list.emplace_back(std::min(a, b) + (1 << 20), std::max(a, b));
    }
    std::sort(list.begin(), list.end());
    if (first || list < best) best = list;
    first = false;
  } while (next_order());
  for (auto [a, b] : best) key += "|" + std::to_string(a) + "," + std::to_string(b);
  return key;
}

}  // namespace

std::string state_key(const model::Game& game, const model::State& state) {
  const auto& u = game.universe;
  if (u.kind == model::Universe::Kind::WordTree) return tree_key(game, state, nullptr);
  return hypergraph_state_key(game, state);
}

std::string candidate_orbit_key(const model::Game& game, const model::State& state, const model::EdgeElement& e_new) {
  if (game.universe.kind != model::Universe::Kind::WordTree) return {};
  return tree_key(game, state, &e_new);
}

std::string hypergraph_state_key(const model::Game& game, const model::State& state) {
  const auto& u = game.universe;
  model::ColouredHypergraph h;
  for (model::VertexId v = 0; v < u.size(); ++v) {
    int colour = u.sorts[v] * 8 + (u.frontier[v] ? 1 : 0) + (u.in_universe[v] ? 2 : 0) + (v == state.root ? 4 : 0);
    h.add_vertex(colour);
  }
  // Edge colours: operator (inherent ops first, then virtual ops), present/removed/virtual.
  std::map<std::string, int> op_code;
  auto code = [&](const std::string& op) { return op_code.emplace(op, static_cast<int>(op_code.size())).first->second; };
  // In the word tree the tree's shape already fixes every edge's conclusion (the child is the
  // end farther from λ, the tree's centre), so marks are only needed in 001.
  const bool marks = u.kind != model::Universe::Kind::WordTree;
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
  return "N" + model::canonical_form(h);
}

}  // namespace carve::search
