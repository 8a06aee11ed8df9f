// carve_drat_solve_checking: CaDiCaL (carve's configuration: "unsat", quiet, seed 0, binary DRAT)
// on a CNF, its proof either written to a file and then checked backward (how every certificate
// is made today), checked forward while it is written (issue 37, "check while solving": the
// trace goes through a stdio cookie stream into a ForwardCheckThread, on the other core; nothing
// is written to disk), or held compressed in memory as it is written and checked backward from
// there once CaDiCaL ends (checkers/drat/compressed_proof.hpp: zstd frames; nothing on disk).
// One process a run, so the peak resident set (getrusage) is the run's.
// Prints "MODE status S verdict V solve_s S check_end_s C wall_s W cpu_s U peak_mb M proof_bytes B
// [compressed_bytes Z]".
// usage: carve_drat_solve_checking file CNF PROOF-PATH | forward CNF | memory CNF [ZSTD-LEVEL]
#include <sys/resource.h>

#include <cadical.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "checkers/drat/compressed_proof.hpp"
#include "checkers/drat/drat.hpp"
#include "checkers/drat/forward.hpp"

namespace {

double cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

struct Feed {
  carve::drat::ForwardCheckThread* check;
  carve::drat::CompressedProof* held = nullptr;
  std::size_t bytes = 0;
};

ssize_t feed_write(void* cookie, const char* data, size_t size) {
  auto* feed = static_cast<Feed*>(cookie);
  if (feed->check) feed->check->write(std::string_view(data, size));
  if (feed->held) feed->held->write(std::string_view(data, size));
  feed->bytes += size;
  return static_cast<ssize_t>(size);
}

}  // namespace

int main(int argc, char** argv) {
  const bool forward = argc == 3 && std::strcmp(argv[1], "forward") == 0;
  const bool file = argc == 4 && std::strcmp(argv[1], "file") == 0;
  const bool memory = (argc == 3 || argc == 4) && std::strcmp(argv[1], "memory") == 0;
  if (!forward && !file && !memory) {
    std::fprintf(stderr, "usage: %s file CNF PROOF | forward CNF | memory CNF [ZSTD-LEVEL]\n", argv[0]);
    return 2;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const auto since = [&t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  const carve::drat::Cnf cnf = carve::drat::read_cnf_file(argv[2]);
  std::unique_ptr<carve::drat::ForwardCheckThread> check;
  std::unique_ptr<carve::drat::CompressedProof> held;
  Feed feed{nullptr};
  std::FILE* trace = nullptr;
  if (forward) {
    check = std::make_unique<carve::drat::ForwardCheckThread>(cnf, carve::drat::ProofFormat::Binary, "<proof stream>",
                                                              carve::drat::Options{});
    feed.check = check.get();
    trace = ::fopencookie(&feed, "w", cookie_io_functions_t{nullptr, feed_write, nullptr, nullptr});
  } else if (memory) {
    held = std::make_unique<carve::drat::CompressedProof>(argc == 4 ? std::atoi(argv[3]) : 3);
    feed.held = held.get();
    trace = ::fopencookie(&feed, "w", cookie_io_functions_t{nullptr, feed_write, nullptr, nullptr});
  } else {
    trace = std::fopen(argv[3], "wb");
  }
  if (!trace) return 2;
  int status = 0;
  double solve_s = 0;
  {
    CaDiCaL::Solver solver;
    solver.configure("unsat");
    solver.set("quiet", 1);
    solver.set("seed", 0);
    solver.set("binary", 1);
    solver.trace_proof(trace, "<trace>");
    for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
      for (std::size_t k = cnf.offsets[i]; k < cnf.offsets[i + 1]; ++k) solver.add(cnf.lits[k]);
      solver.add(0);
    }
    status = solver.solve();
    solver.flush_proof_trace();
    solver.close_proof_trace();
    solve_s = since();
  }
  rusage after_solve{};
  ::getrusage(RUSAGE_SELF, &after_solve);
  std::fclose(trace);
  carve::drat::Result r;
  std::size_t bytes = feed.bytes;
  if (forward) {
    check->close();
    r = check->join();
  } else if (memory) {
    held->close();
    r = carve::drat::check_compressed(cnf, *held);
  } else {
    r = carve::drat::check_file(cnf, argv[3]);
    if (std::FILE* f = std::fopen(argv[3], "rb")) {
      std::fseek(f, 0, SEEK_END);
      bytes = static_cast<std::size_t>(std::ftell(f));
      std::fclose(f);
    }
  }
  const double end = since();
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  std::printf("%s status %d verdict %s solve_s %.2f check_end_s %.2f wall_s %.2f cpu_s %.2f peak_mb %.0f proof_bytes %zu", argv[1],
              status, r.accepted ? "accepted" : r.limit_reached ? "unknown" : "rejected", solve_s, end, end, cpu_seconds(),
              static_cast<double>(u.ru_maxrss) / 1024.0, bytes);
  if (held) std::printf(" compressed_bytes %zu", held->compressed_bytes());
  std::printf(" solve_peak_mb %.0f", static_cast<double>(after_solve.ru_maxrss) / 1024.0);
  std::printf("\n");
  return 0;
}
