// The sweep both differential tests run: `count` generated variants (four in five of document
// 000, over the given alphabets), each asked a few small questions (targets and bounds drawn
// with the variant) by explicit search, the sat engine and, on every `smt_every`-th variant,
// the smt engine; on every `routes_every`-th, carve export's formula and no-win certificates.
#pragma once
#include <cstdint>

#include "tests/variants/differential.hpp"

namespace carve::variants {

struct SweepOptions {
  std::uint64_t seed = 1;
  int count = 200;
  int smt_every = 5;
  int routes_every = 10;  // carve export and the no-win certificates on every routes_every-th variant
  int tree_depth = 2;  // over "01"; trees over 3 or 4 letters stay shallower (sweep.cpp: depth_for)
  int max_turns = 2;
};

Tally sweep(const SweepOptions& o);

}  // namespace carve::variants
