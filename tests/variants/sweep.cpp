// The sweep: variants, then questions per variant.
#include "tests/variants/sweep.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>

#include "tests/variants/variant.hpp"

namespace carve::variants {

namespace {

// Patterns over {T, V}: the documents' own, shorter and longer runs, asymmetric ones (which a
// search from the root alone would get wrong), and patterns with no V at all.
const std::vector<std::string> kPatterns{"V T{2,} V", "V T V", "V T{1,2} V", "V V", "T T T", "V T T", "T V",
                                         "V T{3,} V", "T{2,} V T", "V"};
const std::vector<std::string> kAlphabets{"01", "01", "012", "0123"};  // the documents' tree twice as often
const std::vector<std::string> kTreeTargets{"K1", "K2", "P3", "K1,3", "C4"};
const std::vector<std::string> kHyperTargets{"{a,b}", "{a,b},{b,c}", "{a,b},{a,b}"};

// The tree's depth for a variant: the sweep's own, except where explicit search (the reference)
// would list too much. A walk from the root may remove any subtree holding it, so a state's
// successors run to the number of such subtrees: 25 in the binary tree to depth 2, 676 to
// depth 3, 729 in the ternary tree to depth 2 (about 0.2 s a question), but 83,521 in the
// 4-ary tree to depth 2 (about 30 s a question): walks over four letters stay at depth 1, and
// no tree over three or four letters goes below depth 2.
int depth_for(const Variant& v, int depth) {
  if (v.alphabet.size() > 2) depth = std::min(depth, 2);
  if (v.alphabet.size() > 3 && v.path == "walk") depth = 1;
  return depth;
}

}  // namespace

Tally sweep(const SweepOptions& o) {
  std::mt19937_64 rng(o.seed);
  Tally tally;
  for (int i = 0; i < o.count; ++i) {
    if (i > 0 && i % 100 == 0) fmt::print(stderr, "sweep (seed {}): {} of {} variants; {}\n", o.seed, i, o.count, report(tally));
    const bool tree = i % 5 != 4;
    const Variant v = random_variant(rng, tree, kAlphabets, kPatterns);
    const std::string spec = spec_text(v);
    std::vector<std::string> engines{"sat"};
    if (o.smt_every > 0 && i % o.smt_every == 0) engines.push_back("smt");
    if (o.routes_every > 0 && i % o.routes_every == 0) engines.insert(engines.end(), {"export", "certificate"});
    const auto& targets = tree ? kTreeTargets : kHyperTargets;
    for (int q = 0; q < 2; ++q) {
      const std::string target = targets[std::uniform_int_distribution<std::size_t>(0, targets.size() - 1)(rng)];
      const int turns = std::uniform_int_distribution<int>(1, o.max_turns)(rng);
      const int depth = depth_for(v, o.tree_depth);
      const std::string what = fmt::format("variant {} (seed {}): {}; target {}, {} turns{}\n{}", i, o.seed, describe(v), target,
                                           turns, tree ? fmt::format(", depth {}", depth) : ", 2 variables", spec);
      const auto settings = tree ? tree_settings(depth) : triangle_settings(2);
      decide_everywhere(spec, settings, target, turns, engines, what, tally);
      if (::testing::Test::HasFailure()) return tally;  // one failing variant is enough to read
    }
  }
  return tally;
}

}  // namespace carve::variants
