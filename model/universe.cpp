// Universe construction helpers and the truncated binary tree of document 000.
#include "model/universe.hpp"

#include <algorithm>

namespace carve::model {

VertexId Universe::add_vertex(const std::string& name, Sort sort, bool in_universe_flag,
                              bool frontier_flag) {
  auto id = static_cast<VertexId>(names.size());
  names.push_back(name);
  sorts.push_back(sort);
  in_universe.push_back(in_universe_flag);
  frontier.push_back(frontier_flag);
  inherent_at.emplace_back();
  by_name.emplace(name, id);
  return id;
}

std::uint32_t Universe::add_inherent(std::string op, std::vector<VertexId> slots, VertexId conclusion) {
  auto id = static_cast<std::uint32_t>(inherent.size());
  std::vector<VertexId> vs = slots;
  std::sort(vs.begin(), vs.end());
  vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
  for (auto v : vs) inherent_at[v].push_back(id);
  inherent_by_slots.emplace(slots, id);
  inherent.push_back(InherentEdge{std::move(op), std::move(slots), std::move(vs), conclusion});
  return id;
}

std::string word_name(const std::string& word) { return word.empty() ? "lambda" : word; }

std::string normalise_word(const std::string& text) {
  if (text.empty() || text == "lambda" || text == "λ") return "lambda";
  for (char c : text)
    if (c != '0' && c != '1') return {};
  return text;
}

Universe binary_tree_universe(int depth) {
  Universe u;
  u.kind = Universe::Kind::BinaryTree;
  u.depth = depth;
  u.sort_names = {"node"};
  // Breadth-first order: ids grow with depth, so a parent always precedes its children.
  std::vector<std::string> level{""};
  std::vector<std::pair<std::string, VertexId>> all;
  for (int d = 0; d <= depth; ++d) {
    std::vector<std::string> next;
    for (const auto& w : level) {
      auto id = u.add_vertex(word_name(w), 0, true, d == depth);
      all.emplace_back(w, id);
      if (d < depth) {
        next.push_back(w + "0");
        next.push_back(w + "1");
      }
    }
    level = std::move(next);
  }
  // Tree pairs are stored sorted (parent id < child id), the child being the conclusion.
  for (const auto& [w, id] : all) {
    if (w.empty()) continue;
    auto parent = u.by_name.at(word_name(w.substr(0, w.size() - 1)));
    u.add_inherent("T", {parent, id}, id);
  }
  return u;
}

}  // namespace carve::model
