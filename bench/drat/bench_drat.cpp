// Benchmark of carve's DRAT checker against CaDiCaL: for each family instance, the median
// (over repeats) of CaDiCaL's solve time with in-memory proof tracing, and of the time to read
// that proof and check it; the ratio check/solve; then the median and max ratio overall. With
// --cases, the corpus's no-win cases too: the certificate's fresh solve (proof traced to a file)
// against reading both files back and checking (engines/sat/search/no_win_certificate.hpp; 001 cases over their
// whole universe). With --before BIN --after BIN (two builds of carve_drat_time, time_check.cpp:
// the checker before a change -- run.sh: the flat deletion index, or CARVE_DRAT_BEFORE -- and the
// current one, built alike by run.sh), each corpus certificate is also checked by both,
// alternately, in separate processes: the before/after columns, and a summary of the three
// largest 001 certificates (by CNF size).
// usage: carve_drat_bench [--repeats N] [--text] [--quick] [--before BIN --after BIN] [--cases CASE...]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "checkers/drat/drat.hpp"
#include "rules/elaborate/case.hpp"
#include "engines/sat/search/sat_search.hpp"
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

// The total seconds a carve_drat_time binary reports for one check of `cnf` against `proof`;
// negative if it failed or did not accept.
double timed_check(const std::string& bin, const std::filesystem::path& cnf, const std::filesystem::path& proof) {
  const std::string command = "'" + bin + "' '" + cnf.string() + "' '" + proof.string() + "' 1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return -1;
  double read_cnf = 0, read_proof = 0, check = 0, total = -1;
  char verdict[32] = {0};
  if (std::fscanf(pipe.get(), "read_cnf %lf read_proof %lf check %lf total %lf %31s", &read_cnf, &read_proof, &check, &total,
                  verdict) != 5)
    return -1;
  return std::strcmp(verdict, "accepted") == 0 ? total : -1;
}

// A corpus certificate's before/after row, kept for the summary of the largest 001 ones.
struct BeforeAfter {
  std::string name;
  std::size_t cnf_bytes = 0, proof_bytes = 0;
  bool doc001 = false;
  double solve = 0, check = 0, before = 0, after = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int repeats = 3;
  bool binary = true, quick = false;
  std::vector<std::string> case_paths;
  std::string before_bin, after_bin;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--before") && i + 1 < argc) {
      before_bin = argv[++i];
    } else if (!std::strcmp(argv[i], "--after") && i + 1 < argc) {
      after_bin = argv[++i];
    } else if (!std::strcmp(argv[i], "--cases")) {
      while (i + 1 < argc && argv[i + 1][0] != '-') case_paths.push_back(argv[++i]);
    } else if (!std::strcmp(argv[i], "--repeats") && i + 1 < argc) {
      repeats = std::max(1, std::atoi(argv[++i]));
    } else if (!std::strcmp(argv[i], "--text")) {
      binary = false;
    } else if (!std::strcmp(argv[i], "--quick")) {
      quick = true;
    } else {
      std::fprintf(stderr, "usage: %s [--repeats N] [--text] [--quick] [--before BIN --after BIN] [--cases CASE...]\n",
                   argv[0]);
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
  const bool compare = !before_bin.empty() && !after_bin.empty();
  if (compare && !case_paths.empty())
    std::printf("%-14s %-36s %10s %10s %12s %10s %10s %7s  %-11s %9s %9s %7s %7s\n", "", "", "", "", "", "", "", "",
                "", "before s", "after s", "speedup", "aft/sol");
  std::vector<BeforeAfter> compared;
  for (const std::string& path : case_paths) {
    const auto c = carve::elab::load_case(path);
    carve::encoder::SatOptions so;
    so.max_turns = c.turns->value;
    so.proof = carve::encoder::ProofRequest{(dir / "case").string(), binary};
    std::vector<double> solve, check_time, before, after;
    std::size_t clauses = 0, steps = 0, bytes = 0, core = 0, cnf_bytes = 0;
    bool doc001 = false;
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
      doc001 = cert.universe.has_value();
      if (!compare) continue;
      cnf_bytes = std::filesystem::file_size(cert.cnf_path);
      // Alternately first, so that neither build always meets a warmer or colder machine.
      const bool before_first = r % 2 == 0;
      const double t1 = timed_check(before_first ? before_bin : after_bin, cert.cnf_path, cert.proof_path);
      const double t2 = timed_check(before_first ? after_bin : before_bin, cert.cnf_path, cert.proof_path);
      if (t1 < 0 || t2 < 0) {
        all_accepted = false;
        std::fprintf(stderr, "%s: a before/after build failed or rejected the certificate\n", path.c_str());
        continue;
      }
      before.push_back(before_first ? t1 : t2);
      after.push_back(before_first ? t2 : t1);
    }
    if (solve.empty()) continue;
    const double ms = median(solve), mc = median(check_time);
    const double ratio = mc / std::max(ms, 1e-6);
    ratios.push_back(ratio);
    const std::string name = std::filesystem::path(path).parent_path().filename().string() + "/" +
                             std::filesystem::path(path).stem().string();
    std::printf("%-14s %-36s %10zu %10zu %12zu %10.3f %10.3f %7.2f  %-11zu", "corpus no-win", name.c_str(), clauses, steps,
                bytes, ms, mc, ratio, core);
    if (!before.empty()) {
      const BeforeAfter row{name, cnf_bytes, bytes, doc001, ms, mc, median(before), median(after)};
      std::printf(" %9.4f %9.4f %6.2fx %7.2f", row.before, row.after, row.before / std::max(row.after, 1e-6),
                  row.after / std::max(ms, 1e-6));
      compared.push_back(row);
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  std::filesystem::remove_all(dir);
  if (!compared.empty()) {
    std::stable_sort(compared.begin(), compared.end(),
                     [](const BeforeAfter& a, const BeforeAfter& b) { return a.cnf_bytes > b.cnf_bytes; });
    std::printf("the three largest 001 certificates (by CNF size), before -> after (the --before and --after builds):\n");
    int shown = 0;
    for (const BeforeAfter& row : compared) {
      if (!row.doc001 || shown == 3) continue;
      ++shown;
      std::printf("  %-36s CNF %7.1f MB, proof %6.1f MB: %8.4f s -> %8.4f s (%.2fx faster), check/solve %.2f -> %.2f\n",
                  row.name.c_str(), row.cnf_bytes / 1e6, row.proof_bytes / 1e6, row.before, row.after,
                  row.before / std::max(row.after, 1e-6), row.before / std::max(row.solve, 1e-6),
                  row.after / std::max(row.solve, 1e-6));
    }
    // Below 10 ms of solve, a fresh process's start (reading the files into new pages) outweighs
    // the check: those rows' after/solve says little, their in-process ratio is the one to read.
    double worst = 0, worst_in_process = 0;
    for (const BeforeAfter& row : compared) {
      worst_in_process = std::max(worst_in_process, row.check / std::max(row.solve, 1e-6));
      if (row.solve >= 0.01) worst = std::max(worst, row.after / std::max(row.solve, 1e-6));
    }
    std::printf("corpus: check/solve max %.2f (in-process, as the certificate reports it) over %zu certificates; "
                "after/solve max %.2f over those solved in 10 ms or more\n",
                worst_in_process, compared.size(), worst);
  }
  std::printf("ratio check/solve: median %.2f, max %.2f over %zu instances%s\n", median(ratios),
              *std::max_element(ratios.begin(), ratios.end()), ratios.size(),
              all_accepted ? "" : "  (SOME PROOFS REJECTED)");
  return all_accepted ? 0 : 1;
}
