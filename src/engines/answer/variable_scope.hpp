// What a document-001 answer says about variable sets other than the question's
// (docs/sat-encoding-001.md): the classes of interchangeable blocks of the universe, how many
// each has, how many a play's scope lets moves mention, and from how many on adding more changes
// no answer. The sat engine's scope (engines/sat/hypergraph/hyper_scope.hpp) computes them; an
// answer (answer.hpp) carries them to the report. Namespace encoder, where it was born.
// Invariant: kept <= count; a class with count >= saturation is saturated.
#pragma once
#include <cstddef>
#include <string>

namespace carve::encoder {

// A class of interchangeable blocks (E_Ω-components of F* with the same shape, or formulas
// outside F* of one sort): how many the universe has and how many the scope lets moves mention.
struct BlockClass {
  std::string shape;        // "Delta+Nabla (Theta, Omega)", "Delta", "outside Delta"
  std::size_t count = 0;
  std::size_t kept = 0;
  std::size_t saturation = 0;  // with at least this many, adding more changes no answer for k turns
};

}  // namespace carve::encoder
