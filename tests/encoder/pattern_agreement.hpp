// The collapse encodings under many density patterns against the reference semantics: the
// patterns, the games and the sweep density_pattern_test (default suite) and
// density_pattern_slow_test (label slow: the positional walks on more states) share.
#pragma once
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engines/sat/paths/phase_walk.hpp"
#include "tests/encoder/one_turn.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder::testing {

inline const std::vector<std::string> kPatterns{"V T V", "V T{1,2} V", "V V", "T T T", "V T T", "T V", "V T{3,} V", "T{2,} V T", "V"};
inline const std::vector<std::string> kKinds{"walk", "trail", "simple", "simple-or-cycle"};

inline model::Game pattern_game(int depth, const std::string& kind, const std::string& density, const std::string& pattern,
                         bool lenient) {
  auto g = fixtures::with_pattern(fixtures::binary_tree_game(depth, kind, density), pattern);
  if (lenient) {
    g.rules.reading.set(model::Switch::Loop, "allow");
    g.rules.reading.set(model::Switch::Readd, "allow");
  }
  return g;
}

inline std::string walk_route(const model::Game& game) {
  const ScopePairs pairs(game);
  CadicalBackend backend;
  Cnf cnf(backend);
  const auto r = collapse_route(game, pairs, cnf);
  if (r.positional) return "positions";
  if (!dynamic_cast<const PhaseWalk*>(r.collapse.get())) return "shape";
  return r.bounces ? "phases of the bounce closure" : "phases";
}

// Every pattern, reading and kind at one depth; walks by positions (the slow route, which the
// sat engine takes at depth 2 only) on `positional_states` states.
inline void agree(int depth, double keep, int states, std::size_t cap, int positional_states) {
  std::mt19937 rng(777 + static_cast<unsigned>(depth));
  Agreement all;
  int configurations = 0;
  for (const auto& pattern : kPatterns)
    for (const std::string density : {"subsequence", "factor"})
      for (const auto& kind : kKinds) {
        const bool lenient = (configurations++ % 3) == 0;
        const auto game = pattern_game(depth, kind, density, pattern, lenient);
        const bool slow = kind == "walk" && walk_route(game) == "positions";
        const auto a = agree_on_random_states(game, rng, keep, slow ? positional_states : states, cap,
                                                       fmt::format("({}) {} {}{}", pattern, density, kind, lenient ? " lenient" : ""));
        all.compared += a.compared;
        all.nonempty += a.nonempty;
        all.sets += a.sets;
      }
  std::printf("depth %d: %d states compared, %d with removals, %zu removal sets in all\n", depth, all.compared, all.nonempty,
              all.sets);
  EXPECT_GT(all.nonempty, all.compared / 4);
}

}  // namespace carve::encoder::testing
