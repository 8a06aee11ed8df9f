// carve_drat_memory: the memory and time of one DRAT check, the proof held whole (read_proof,
// then check) or streamed (check_file: mapped, parsed as the checker goes). One process per
// check, so the peak resident set (getrusage) is that check's alone; bench/drat/memory.sh runs
// the two ways alternately and reports medians.
// Prints "MODE peak_mb N seconds S accepted|rejected|input-error".
// usage: carve_drat_memory whole|stream CNF PROOF
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "checkers/drat/drat.hpp"

int main(int argc, char** argv) {
  if (argc != 4 || (std::strcmp(argv[1], "whole") != 0 && std::strcmp(argv[1], "stream") != 0)) {
    std::fprintf(stderr, "usage: %s whole|stream CNF PROOF\n", argv[0]);
    return 2;
  }
  const bool whole = std::strcmp(argv[1], "whole") == 0;
  const auto t0 = std::chrono::steady_clock::now();
  std::string verdict;
  try {
    const carve::drat::Cnf cnf = carve::drat::read_cnf_file(argv[2]);
    const carve::drat::Result r = whole ? carve::drat::check(cnf, carve::drat::read_proof_file(argv[3]))
                                        : carve::drat::check_file(cnf, argv[3]);
    verdict = r.accepted ? "accepted" : "rejected";
  } catch (const carve::drat::InputError& e) {
    verdict = std::string("input-error (") + e.what() + ")";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  std::printf("%s peak_mb %.0f seconds %.2f %s\n", argv[1], static_cast<double>(u.ru_maxrss) / 1024.0, seconds, verdict.c_str());
  return 0;
}
