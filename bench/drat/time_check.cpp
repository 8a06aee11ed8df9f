// carve_drat_time: times carve's DRAT checker on a CNF and a proof file, the way a certificate is
// checked (both files read back, then check()). One line per repeat:
//   "read_cnf S read_proof S check S total S accepted|rejected".
// It uses only the public API of checkers/drat/drat.hpp, which the checker before the flat
// deletion index (commit fe76c36) already had: bench/drat/run.sh compiles this same file against
// that checker and against the current one, and bench_drat runs both on each certificate.
// usage: carve_drat_time CNF PROOF [REPEATS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "checkers/drat/drat.hpp"

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: %s CNF PROOF [REPEATS]\n", argv[0]);
    return 2;
  }
  const int repeats = argc == 4 ? std::max(1, std::atoi(argv[3])) : 1;
  using Clock = std::chrono::steady_clock;
  const auto seconds = [](Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); };
  try {
    for (int r = 0; r < repeats; ++r) {
      const auto t0 = Clock::now();
      const carve::drat::Cnf cnf = carve::drat::read_cnf_file(argv[1]);
      const auto t1 = Clock::now();
      const carve::drat::Proof proof = carve::drat::read_proof_file(argv[2]);
      const auto t2 = Clock::now();
      const carve::drat::Result result = carve::drat::check(cnf, proof);
      const auto t3 = Clock::now();
      std::printf("read_cnf %.6f read_proof %.6f check %.6f total %.6f %s\n", seconds(t0, t1), seconds(t1, t2),
                  seconds(t2, t3), seconds(t0, t3), result.accepted ? "accepted" : "rejected");
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
