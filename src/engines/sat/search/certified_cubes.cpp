// The collapse cubes, their coverage by enumeration, and a formula with a cube's units.
#include "engines/sat/search/certified_cubes.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <stdexcept>

#include "engines/sat/search/shape_search.hpp"

namespace carve::encoder {

std::vector<Cube> collapse_cubes(const std::vector<CertifiedBlock>& blocks) {
  if (blocks.empty()) return {};
  const CertifiedBlock& last = blocks.back();
  std::vector<Cube> cubes{{-last.selector}};
  const std::size_t turns = last.collapse.size();
  for (std::size_t pattern = 0; pattern < (std::size_t{1} << turns); ++pattern) {
    Cube c{last.selector};
    for (std::size_t t = 0; t < turns; ++t) {
      const bool collapses = (pattern >> (turns - 1 - t)) & 1;
      c.push_back(collapses ? last.collapse[t] : -last.collapse[t]);
    }
    cubes.push_back(std::move(c));
  }
  return cubes;
}

std::optional<std::vector<int>> uncovered(const std::vector<Cube>& cubes) {
  std::map<int, int> bit;  // variable -> its bit in the enumeration
  for (const Cube& c : cubes)
    for (const int l : c) {
      if (l == 0) throw std::invalid_argument("a cube holds the literal 0");
      bit.emplace(std::abs(l), 0);
    }
  if (bit.size() > static_cast<std::size_t>(kMaxCubeVariables))
    throw std::invalid_argument("cubes over more than 20 variables: coverage is not enumerated");
  int next = 0;
  for (auto& [var, b] : bit) b = next++;
  const auto holds = [&](int l, std::uint32_t a) { return (((a >> bit.at(std::abs(l))) & 1u) != 0) == (l > 0); };
  for (std::uint32_t a = 0; a < (std::uint32_t{1} << bit.size()); ++a) {
    const bool some = std::any_of(cubes.begin(), cubes.end(),
                                  [&](const Cube& c) { return std::all_of(c.begin(), c.end(), [&](int l) { return holds(l, a); }); });
    if (some) continue;
    std::vector<int> assignment;
    for (const auto& [var, b] : bit) assignment.push_back(((a >> b) & 1u) ? var : -var);
    return assignment;
  }
  return std::nullopt;
}

DimacsRecorder with_cube(const DimacsRecorder& formula, const Cube& cube) {
  DimacsRecorder part = formula;
  for (const int l : cube) part.add_clause({l});
  return part;
}

}  // namespace carve::encoder
