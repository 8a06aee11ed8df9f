// Benchmark of carve's DRAT checker against CaDiCaL: for each family instance, the median
// (over repeats) of CaDiCaL's solve time with in-memory proof tracing, and of the time to read
// that proof and check it; the ratio check/solve; then the median and max ratio overall. With
// --cases, the corpus's no-win cases too: the certificate's fresh solve (proof traced to a file)
// against reading both files back and checking (encoder/no_win_certificate.hpp; 001 cases over their
// whole universe).
// usage: carve_drat_bench [--repeats N] [--text] [--quick] [--cases CASE...]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <unistd.h>

#include "checker/drat/drat.hpp"
#include "elaborate/case.hpp"
#include "encoder/sat_search.hpp"
#include "tests/drat/cadical_proof.hpp"
#include "tests/drat/families.hpp"

using namespace carve::drat;

namespace {

struct Instance {
  std::string family, size;
  Cnf cnf;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// First seed >= 1 whose random 3-SAT instance CaDiCaL refutes.
Cnf unsat_random(int vars, std::uint64_t& seed_out) {
  for (std::uint64_t seed = 1;; ++seed) {
    Cnf cnf = families::random_3sat(vars, 4.26, seed);
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);
    for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
      for (std::size_t k = cnf.offsets[i]; k < cnf.offsets[i + 1]; ++k) solver.add(cnf.lits[k]);
      solver.add(0);
    }
    if (solver.solve() == 20) {
      seed_out = seed;
      return cnf;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  int repeats = 3;
  bool binary = true, quick = false;
  std::vector<std::string> case_paths;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--cases")) {
      while (i + 1 < argc && argv[i + 1][0] != '-') case_paths.push_back(argv[++i]);
    } else if (!std::strcmp(argv[i], "--repeats") && i + 1 < argc) {
      repeats = std::max(1, std::atoi(argv[++i]));
    } else if (!std::strcmp(argv[i], "--text")) {
      binary = false;
    } else if (!std::strcmp(argv[i], "--quick")) {
      quick = true;
    } else {
      std::fprintf(stderr, "usage: %s [--repeats N] [--text] [--quick] [--cases CASE...]\n", argv[0]);
      return 2;
    }
  }

  std::vector<Instance> instances;
  for (const int n : quick ? std::vector<int>{7, 8} : std::vector<int>{7, 8, 9, 10}) {
    instances.push_back({"pigeonhole", std::to_string(n) + " pigeons", families::pigeonhole(n)});
  }
  for (const int v : quick ? std::vector<int>{150, 200} : std::vector<int>{150, 175, 200, 225, 250}) {
    std::uint64_t seed = 0;
    Cnf cnf = unsat_random(v, seed);
    instances.push_back({"random-3sat", std::to_string(v) + " vars s" + std::to_string(seed), std::move(cnf)});
  }
  for (const int n : quick ? std::vector<int>{16, 20} : std::vector<int>{16, 20, 24, 28}) {
    instances.push_back({"parity-chains", std::to_string(n) + " bits", families::parity_chains(n, 1)});
  }

  std::printf("DRAT check vs CaDiCaL %s, %s proofs, median of %d repeats\n", "1.5.3",
              binary ? "binary" : "text", repeats);
  std::printf("%-14s %-36s %10s %10s %12s %10s %10s %7s  %s\n", "family", "size", "clauses", "steps", "proof bytes",
              "solve s", "check s", "ratio", "core lemmas");
  std::vector<double> ratios;
  bool all_accepted = true;
  for (const Instance& inst : instances) {
    std::vector<double> solve, check_time;
    std::size_t steps = 0, bytes = 0, core = 0;
    for (int r = 0; r < repeats; ++r) {
      const testing::Solved s = testing::solve_with_proof(inst.cnf, binary);
      if (s.status != 20) {
        std::fprintf(stderr, "%s %s: not UNSAT (%d)\n", inst.family.c_str(), inst.size.c_str(), s.status);
        return 1;
      }
      const auto start = std::chrono::steady_clock::now();
      const Proof proof = read_proof(s.proof);
      const Result result = check(inst.cnf, proof);
      check_time.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      solve.push_back(s.seconds);
      if (!result.accepted) {
        all_accepted = false;
        std::fprintf(stderr, "%s %s: %s\n", inst.family.c_str(), inst.size.c_str(), result.message.c_str());
      }
      steps = proof.steps.size();
      bytes = s.proof.size();
      core = result.core_lemmas;
    }
    const double ms = median(solve), mc = median(check_time);
    const double ratio = mc / std::max(ms, 1e-6);
    ratios.push_back(ratio);
    std::printf("%-14s %-36s %10zu %10zu %12zu %10.3f %10.3f %7.2f  %zu\n", inst.family.c_str(), inst.size.c_str(),
                inst.cnf.num_clauses(), steps, bytes, ms, mc, ratio, core);
    std::fflush(stdout);
  }
  // The corpus: each no-win case certified afresh per repeat (the incremental search included,
  // untimed; the ratio is the certificate's check time over its fresh solve time).
  const auto dir = std::filesystem::temp_directory_path() / ("carve-drat-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const std::string& path : case_paths) {
    const auto c = carve::elab::load_case(path);
    carve::encoder::SatOptions so;
    so.max_turns = c.turns->value;
    so.proof = carve::encoder::ProofRequest{(dir / "case").string(), binary};
    std::vector<double> solve, check_time;
    std::size_t clauses = 0, steps = 0, bytes = 0, core = 0;
    for (int r = 0; r < repeats; ++r) {
      const auto sat = carve::encoder::sat_search(c.game, *c.target, so);
      if (!sat.certificate || !sat.certificate->accepted()) {
        all_accepted = false;
        std::fprintf(stderr, "%s: %s\n", path.c_str(),
                     sat.certificate ? sat.certificate->message.c_str() : "the sat engine gave no no-win");
        break;
      }
      const auto& cert = *sat.certificate;
      solve.push_back(cert.solve_seconds);
      check_time.push_back(cert.check_seconds);
      clauses = cert.clauses;
      steps = cert.proof_lemmas;
      bytes = cert.proof_bytes;
      core = cert.core_lemmas;
    }
    if (solve.empty()) continue;
    const double ms = median(solve), mc = median(check_time);
    const double ratio = mc / std::max(ms, 1e-6);
    ratios.push_back(ratio);
    const std::string name = std::filesystem::path(path).parent_path().filename().string() + "/" +
                             std::filesystem::path(path).stem().string();
    std::printf("%-14s %-36s %10zu %10zu %12zu %10.3f %10.3f %7.2f  %zu\n", "corpus no-win", name.c_str(), clauses, steps,
                bytes, ms, mc, ratio, core);
    std::fflush(stdout);
  }
  std::filesystem::remove_all(dir);
  std::printf("ratio check/solve: median %.2f, max %.2f over %zu instances%s\n", median(ratios),
              *std::max_element(ratios.begin(), ratios.end()), ratios.size(),
              all_accepted ? "" : "  (SOME PROOFS REJECTED)");
  return all_accepted ? 0 : 1;
}
