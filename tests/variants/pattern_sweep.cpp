// The density-pattern sweep of pattern_sweep.hpp.
#include "tests/variants/pattern_sweep.hpp"

#include <gtest/gtest.h>

#include <random>

#include <fmt/format.h>

#include "tests/variants/variant.hpp"

namespace carve::variants {

namespace {

const std::vector<std::string> kSweptPatterns{"V T{2,} V", "V T V", "V T{1,2} V", "V V", "T T T", "V T T", "T V",
                                         "V T{3,} V", "T{2,} V T", "V", "T V T"};

}  // namespace

Tally sweep_patterns(bool tree, int depth, int max_turns) {
  std::mt19937_64 rng(tree ? 13 : 31);
  const std::vector<std::string> targets = tree ? std::vector<std::string>{"K1", "K2", "P3", "K1,3", "C4"}
                                                : std::vector<std::string>{"{a,b}", "{a,b},{b,c}", "{a,b},{a,b}"};
  Tally tally;
  int i = 0;
  for (const auto& pattern : kSweptPatterns)
    for (const std::string density : {"subsequence", "factor"})
      for (const std::string path : {"walk", "trail", "simple", "simple-or-cycle"}) {
        Variant v = documents(tree);
        v.pattern = pattern;
        v.density = density;
        v.path = path;
        if (tree && i % 2) v.loop = v.readd = "allow";
        const std::string target = targets[std::uniform_int_distribution<std::size_t>(0, targets.size() - 1)(rng)];
        const int turns = std::uniform_int_distribution<int>(1, max_turns)(rng);
        std::vector<std::string> engines{"sat"};
        if (i++ % 3 == 0) engines.push_back("smt");
        const std::string what = fmt::format("{}; target {}, {} turns\n{}", describe(v), target, turns, spec_text(v));
        decide_everywhere(spec_text(v), tree ? tree_settings(depth) : triangle_settings(2), target, turns, engines, what, tally);
        if (::testing::Test::HasFailure()) return tally;
      }
  return tally;
}

}  // namespace carve::variants
