// Universe construction helpers (the word tree of 000 is built in rules/model/word_tree.cpp).
#include "rules/model/universe.hpp"

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

}  // namespace carve::model
