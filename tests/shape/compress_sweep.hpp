// The compression sweep: random legal plays whose nodes reach depths 8 to 16 (seed i picks the
// reading i mod 512 and the depth 8 + (i / 7) mod 9), each compressed onto a shape and replayed
// there by the reference semantics. Each compressed play must be legal, stable and succeed on the
// same turns, keep every kept component with the same edges and types, and fit in
// Lemma 4's m(k, n, q) nodes as the play's own counts give it (shape_bound of PlayCount: nu,
// kappa, q_t), and under trail, simple and simple-or-cycle have at most one pendant per collapse;
// the sample as a whole must reach deep nodes and exercise collapses, successions and kept
// components.
#pragma once
#include <cstdint>

namespace carve::shape::testing {

// Seeds first .. first + count - 1; gtest failures name the seed, the reading and the depth.
void sweep(std::uint64_t first, int count);

}  // namespace carve::shape::testing
