// The capacity theorem (target_capacity.hpp): the target's parallel edges against the operators'
// slot maps onto as many formulas.
#include "rules/model/target_capacity.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace carve::model {

namespace {

// Every multiset of k sorts, as sorted vectors (the count depends on the multiset only).
void sort_multisets(const std::vector<std::string>& sorts, std::size_t k, std::size_t from, std::vector<std::string>& now,
                    std::vector<std::vector<std::string>>& out) {
  if (now.size() == k) {
    out.push_back(now);
    return;
  }
  for (std::size_t i = from; i < sorts.size(); ++i) {
    now.push_back(sorts[i]);
    sort_multisets(sorts, k, i, now, out);
    now.pop_back();
  }
}

// The target's largest number of edges on one vertex set, per set size.
std::map<std::size_t, std::size_t> parallel_edges(const Target& target) {
  std::map<std::vector<int>, std::size_t> on;
  for (auto e : target.shape.edges) {
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    ++on[e];
  }
  std::map<std::size_t, std::size_t> most;
  for (const auto& [set, m] : on) most[set.size()] = std::max(most[set.size()], m);
  return most;
}

}  // namespace

std::size_t surjective_slot_maps(const std::vector<std::string>& slot_sorts, const std::vector<std::string>& vertex_sorts) {
  const std::size_t k = vertex_sorts.size();
  if (k == 0 || k > 20) return 0;
  long long total = 0;
  for (std::size_t kept = 0; kept < (std::size_t{1} << k); ++kept) {  // the vertices a map may use
    long long maps = 1;
    for (const auto& slot : slot_sorts) {
      long long choices = 0;
      for (std::size_t i = 0; i < k; ++i) choices += (kept >> i & 1) && vertex_sorts[i] == slot ? 1 : 0;
      maps *= choices;
      if (maps == 0) break;
    }
    const bool even = (k - static_cast<std::size_t>(__builtin_popcountll(kept))) % 2 == 0;
    total += even ? maps : -maps;
  }
  return static_cast<std::size_t>(total);
}

std::optional<CapacityGap> capacity_gap(const Game& game, const Target& target) {
  if (game.universe.kind != Universe::Kind::Deduction || game.rules.operators.empty()) return std::nullopt;
  std::set<std::string> named;
  for (const auto& op : game.rules.operators) named.insert(op.slot_preds.begin(), op.slot_preds.end());
  const std::vector<std::string> sorts(named.begin(), named.end());
  for (const auto& [k, needed] : parallel_edges(target)) {
    if (needed < 2) continue;
    std::vector<std::vector<std::string>> assignments;
    std::vector<std::string> now;
    sort_multisets(sorts, k, 0, now, assignments);
    CapacityGap gap{k, needed, 0, {}, ""};
    for (const auto& a : assignments) {
      std::size_t count = 0;
      for (const auto& op : game.rules.operators) count += surjective_slot_maps(op.slot_preds, a);
      if (count > gap.most || gap.sorts.empty()) {
        gap.most = count;
        gap.sorts = a;
      }
    }
    if (gap.most >= needed) continue;
    gap.words = fmt::format(
        "the target has {} edges on one set of {} vertices, but any {} formulas carry at most {} elements (formulas of sorts {}; "
        "each element is a distinct operator tuple whose slots map onto its vertices by their sorts), so no state holds the target "
        "-- within any number of turns, under any reading that keeps the operators (the capacity theorem, rules/model/target_capacity.hpp)",
        needed, k, k, gap.most, fmt::join(gap.sorts, ", "));
    return gap;
  }
  return std::nullopt;
}

}  // namespace carve::model
