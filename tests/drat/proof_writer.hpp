// Writes a Proof back out as text or binary DRAT bytes (for round trips and mutations).
// Invariant: read_proof(write_proof(p, f), f) has the same steps and literals as p.
#pragma once

#include <cstdint>
#include <string>

#include "checkers/drat/drat.hpp"

namespace carve::drat::testing {

inline void put_binary_literal(std::string& out, std::int32_t lit) {
  std::uint64_t code = 2 * static_cast<std::uint64_t>(lit < 0 ? -static_cast<std::int64_t>(lit) : lit) + (lit < 0 ? 1 : 0);
  while (code > 127) {
    out += static_cast<char>((code & 127) | 128);
    code >>= 7;
  }
  out += static_cast<char>(code);
}

inline std::string write_proof(const Proof& proof, ProofFormat format) {
  std::string out;
  for (const ProofStep& step : proof.steps) {
    if (format == ProofFormat::Binary) {
      out += step.deletion ? 'd' : 'a';
      for (std::size_t k = 0; k < step.size; ++k) put_binary_literal(out, proof.lits[step.begin + k]);
      out += '\0';
    } else {
      if (step.deletion) out += "d ";
      for (std::size_t k = 0; k < step.size; ++k) out += std::to_string(proof.lits[step.begin + k]) + " ";
      out += "0\n";
    }
  }
  return out;
}

}  // namespace carve::drat::testing
