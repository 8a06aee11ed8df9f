// solve_with_proof: runs CaDiCaL in-process on a Cnf while tracing a DRAT proof into memory.
// Invariant: `proof` holds every byte CaDiCaL wrote (the trace is closed before returning);
// `seconds` is the wall time of adding the clauses and solving, tracing included.
#pragma once

#include <cadical.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "checkers/drat/drat.hpp"

namespace carve::drat::testing {

struct Solved {
  int status = 0;  // 10 SAT, 20 UNSAT
  std::string proof;
  double seconds = 0;
};

inline Solved solve_with_proof(const Cnf& cnf, bool binary) {
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* file = open_memstream(&buffer, &size);
  if (!file) throw std::runtime_error("open_memstream failed");
  Solved out;
  {
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);
    solver.set("binary", binary ? 1 : 0);
    if (!solver.trace_proof(file, "<memory>")) throw std::runtime_error("trace_proof failed");
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
      for (std::size_t k = cnf.offsets[i]; k < cnf.offsets[i + 1]; ++k) solver.add(cnf.lits[k]);
      solver.add(0);
    }
    out.status = solver.solve();
    solver.flush_proof_trace();
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    solver.close_proof_trace();
  }
  std::fclose(file);
  out.proof.assign(buffer, size);
  std::free(buffer);
  return out;
}

}  // namespace carve::drat::testing
