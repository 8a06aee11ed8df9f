// Canonical state keys: 000 by an AHU tree encoding, 001 as a coloured hypergraph through nauty.
#include "engines/explicit/state_key.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

#include "rules/model/canonical.hpp"

namespace carve::search {

namespace {

using model::VertexId;

// The word tree's shape, indexed once per universe and thread: each node's children (with the
// inherent edge to each) and λ, the one vertex that concludes no inherent edge.
struct TreeIndex {
  const model::Universe* universe = nullptr;
  std::string alphabet;
  std::vector<std::vector<std::pair<std::uint32_t, VertexId>>> children;
  VertexId top = 0;
};

const TreeIndex& tree_index(const model::Universe& u) {
  thread_local TreeIndex index;
  if (index.universe == &u && index.children.size() == u.size() && index.alphabet == u.alphabet) return index;
  std::vector<char> concluded(u.size(), 0);
  index.children.assign(u.size(), {});
  for (std::uint32_t i = 0; i < u.inherent.size(); ++i) {
    const auto& ie = u.inherent[i];
    const auto parent = ie.vertices[0] == ie.conclusion ? ie.vertices[1] : ie.vertices[0];
    index.children[parent].emplace_back(i, ie.conclusion);
    concluded[ie.conclusion] = 1;
  }
  for (const auto& ch : index.children)
    if (ch.size() > model::kMaxLetters) throw std::logic_error("state key: a tree node with more children than letters");
  index.top = static_cast<VertexId>(std::find(concluded.begin(), concluded.end(), 0) - concluded.begin());
  index.universe = &u;
  index.alphabet = u.alphabet;
  return index;
}

// The AHU pass over one state (scratch kept per thread): each node's code, its children in code
// order, and the runs of identical sibling subtrees holding virtual-edge ends, whose order the
// code leaves open.
struct AhuCodes {
  struct Run {
    VertexId v;
    std::uint32_t from, to;  // order[v][from..to): identical siblings that hold ends
  };
  std::vector<int> ends;    // virtual-edge ends per node: ends[v] % 1024 virtual, ends[v] / 1024 marked
  std::vector<char> holds;  // the subtree holds a virtual-edge end
  std::vector<std::string> code;
  std::vector<std::vector<std::uint32_t>> order;  // children in code order (indices into children[v])
  std::vector<Run> runs;

  void start(std::size_t size, const model::State& state, const model::EdgeElement* marked) {
    ends.assign(size, 0);
    holds.assign(size, 0);
    code.resize(size);
    for (const auto& e : state.virtuals)
      for (auto v : e.slots) ++ends[v];
    // A marked end counts in a digit of its own.
    if (marked)
      for (auto v : marked->slots) ends[v] += 1024;
    order.resize(size);
    runs.clear();
  }

  // v's code: "(", the root mark, its ends, each child's edge bit and code in sorted order, ")".
  void encode(const TreeIndex& index, const model::State& state, VertexId v) {
    holds[v] = ends[v] > 0;
    std::array<std::string, model::kMaxLetters> parts;
    const auto& ch = index.children[v];
    auto& ord = order[v];
    ord.clear();
    for (std::uint32_t i = 0; i < ch.size(); ++i) {
      encode(index, state, ch[i].second);
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
  }

  // Every order of every open run, odometer-style: next_permutation steps a run and, when it
  // wraps back to ascending order, carries to the next run.
  bool next_order() {
    for (const auto& r : runs)
      if (std::next_permutation(order[r.v].begin() + r.from, order[r.v].begin() + r.to)) return true;
    return false;
  }
};

// Preorder positions of the nodes, children in the current order.
void place_in_preorder(const TreeIndex& index, const AhuCodes& ahu, VertexId v, std::vector<int>& pos, int& next) {
  pos[v] = next++;
  for (auto i : ahu.order[v]) place_in_preorder(index, ahu, index.children[v][i].second, pos, next);
}

// The least list of virtual edges (marked one last), as pairs of preorder positions, over the
// orders of the open runs.
std::vector<std::pair<int, int>> least_virtual_list(const TreeIndex& index, AhuCodes& ahu, const model::State& state,
                                                    const model::EdgeElement* marked) {
  std::vector<int> pos(index.children.size(), -1);
  std::vector<std::pair<int, int>> best, list;
  bool first = true;
  do {
    int next = 0;
    place_in_preorder(index, ahu, index.top, pos, next);
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
  } while (ahu.next_order());
  return best;
}

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
  const TreeIndex& index = tree_index(game.universe);
  thread_local AhuCodes ahu;
  ahu.start(game.universe.size(), state, marked);
  ahu.encode(index, state, index.top);
  std::string key = "T" + ahu.code[index.top];
  if (state.virtuals.empty() && !marked) return key;
  for (auto [a, b] : least_virtual_list(index, ahu, state, marked)) key += "|" + std::to_string(a) + "," + std::to_string(b);
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
