// First moves enumerated through model::construction_allowed; orbits by orbit_invariant.
#include "questions/atlas/split_covering.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "questions/atlas/first_move_orbits.hpp"
#include "rules/model/semantics.hpp"
#include "rules/model/state.hpp"

namespace carve::atlas {

std::tuple<int, int, int> orbit_invariant(const model::Game& game, model::VertexId a, model::VertexId b) {
  const std::string x = vertex_word(game, a), y = vertex_word(game, b);
  const auto common = std::mismatch(x.begin(), x.end(), y.begin(), y.end()).first - x.begin();
  const int dx = static_cast<int>(x.size()), dy = static_cast<int>(y.size());
  return {std::min(dx, dy), std::max(dx, dy), static_cast<int>(common)};
}

namespace {

// "u v" by vertex names, into a pair (empty problem) or why not.
std::string read_move(const model::Game& game, const std::string& text, FirstMove& m) {
  std::istringstream in(text);
  std::string u, v, rest;
  if (!(in >> u >> v) || (in >> rest)) return fmt::format("'{}' is not a pair 'u v'", text);
  const auto& names = game.universe.by_name;
  const auto iu = names.find(u), iv = names.find(v);
  if (iu == names.end() || iv == names.end()) return fmt::format("'{}' names a vertex outside the scope", text);
  m = {std::min(iu->second, iv->second), std::max(iu->second, iv->second)};
  return {};
}

}  // namespace

Covering check_covering(const model::Game& game, const std::vector<SplitPart>& parts) {
  Covering c;
  auto problem = [&](std::string p) { c.problems.push_back(std::move(p)); };
  const model::State s0 = model::initial_state(game);
  // Every first move of S_0, counted per orbit.
  std::map<std::tuple<int, int, int>, std::size_t> orbit_size;
  const auto n = static_cast<model::VertexId>(game.universe.size());
  for (model::VertexId a = 0; a < n; ++a)
    for (model::VertexId b = a; b < n; ++b)
      if (model::construction_allowed(game, s0, model::EdgeElement::make("V", {a, b}))) {
        ++c.first_moves;
        ++orbit_size[orbit_invariant(game, a, b)];
      }
  c.orbits = orbit_size.size();
  // The representatives, by orbit.
  std::map<std::tuple<int, int, int>, std::vector<std::string>> named;
  for (const auto& part : parts) {
    if (part.first_moves.size() != part.orbit_sizes.size())
      problem(fmt::format("part {}: {} first moves but {} orbit sizes", part.index, part.first_moves.size(), part.orbit_sizes.size()));
    for (std::size_t i = 0; i < part.first_moves.size(); ++i) {
      ++c.representatives;
      const std::string& text = part.first_moves[i];
      FirstMove m;
      if (auto bad = read_move(game, text, m); !bad.empty()) {
        problem(fmt::format("part {}: {}", part.index, bad));
        continue;
      }
      if (!model::construction_allowed(game, s0, model::EdgeElement::make("V", {m.first, m.second})))
        problem(fmt::format("part {}: {} is not a first move of S_0", part.index, text));
      const auto key = orbit_invariant(game, m.first, m.second);
      named[key].push_back(fmt::format("part {} ({})", part.index, text));
      const auto size = orbit_size.count(key) ? orbit_size[key] : 0;
      if (i < part.orbit_sizes.size() && static_cast<std::size_t>(part.orbit_sizes[i]) != size)
        problem(fmt::format("part {}: the orbit of {} has {} first moves, the plan says {}", part.index, text, size, part.orbit_sizes[i]));
    }
  }
  for (const auto& [key, size] : orbit_size) {
    const auto it = named.find(key);
    const auto [da, db, dl] = key;
    const std::string orbit = fmt::format("the orbit of first moves at depths {} and {} meeting at depth {} ({} moves)", da, db, dl, size);
    if (it == named.end()) problem(orbit + " is in no part");
    else if (it->second.size() > 1) problem(fmt::format("{} is in {} places: {}", orbit, it->second.size(), fmt::join(it->second, ", ")));
  }
  c.ok = c.problems.empty();
  return c;
}

}  // namespace carve::atlas
