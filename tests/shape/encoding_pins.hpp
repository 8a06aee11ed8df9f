// The shape encoding accepts every compressed play (engines/sat/shape/shape_encoding.hpp; the completeness
// half of "a no-win of the formula is a no-win on the infinite tree"). Random legal plays under
// every reading the engine takes (seed mod 256: the switch combinations with iso=incidence) are
// compressed (docs/infinite-tree.md), the shape numbered as shape_tree.hpp asks (level by level,
// parents in order, siblings by children count), and the formula over a few more nodes than the
// shape is solved with the shape, every state and every move pinned by assumptions -- with
// victory at the last frame asked when the play leaves a finite component (the target is then
// that component, so the compressed support's structure is checked too). Every such formula must
// be satisfiable: an unsatisfiable one is a legal play, or a shape the theorem builds, that the
// encoding loses.
#pragma once
#include <cstdint>

namespace carve::encoder {

// Seeds first .. first + count - 1; gtest failures name the seed and the reading.
void pinned_sweep(std::uint64_t first, int count);

}  // namespace carve::encoder
