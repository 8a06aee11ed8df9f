// Targets of a diff family: the user's list ordered smallest first, or geng's connected graphs.
#include "questions/diff/family.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rules/model/connected_graphs.hpp"
#include "rules/model/target_echo.hpp"

namespace carve::diff {

std::vector<model::Target> connected_graphs(int n) {
  std::vector<model::Target> out;
  for (const auto& g6 : model::connected_graphs(n)) {
    // Written as a person reads it: its name when it has one (P4, paw), else its edge list.
    const model::Target decoded = model::parse_target(model::TargetSyntax::Graph6, g6);
    out.push_back(model::parse_target_auto(decoded.name.empty() ? fmt::format("{}", fmt::join(model::edge_texts(decoded), ","))
                                                                : decoded.name));
  }
  order_targets(out);
  return out;
}

void order_targets(std::vector<model::Target>& targets) {
  std::stable_sort(targets.begin(), targets.end(), [](const model::Target& a, const model::Target& b) {
    if (a.vertex_count() != b.vertex_count()) return a.vertex_count() < b.vertex_count();
    return a.edge_count() < b.edge_count();
  });
  std::set<std::string> seen;
  std::vector<model::Target> kept;
  for (auto& t : targets)
    if (seen.insert(t.canon).second) kept.push_back(std::move(t));
  targets = std::move(kept);
}

}  // namespace carve::diff
