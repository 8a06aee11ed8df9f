// carve_part_cubes: how a hard part of a certificate by parts splits further (issue 37, lever
// "better cubes"), measured without proofs: the part's CNF (BASE.part-NN.cnf, which already holds
// its cube as unit clauses) cut by more cubes -- CaDiCaL's own lookahead cubes
// (generate_cubes(DEPTH)), or every sign pattern of the variables given (say frame K's trigger
// literals, printed by carve_shape_formula) -- each cube solved by a fresh CaDiCaL in carve's
// configuration ("unsat", quiet, seed 0) under the cube as assumptions, within a per-cube limit.
// Prints one line per cube (its literals' count, the answer, seconds) and the totals; a cube the
// limit ends is "unknown", so the total is then a lower bound. Nothing here is a certificate.
// CARVE_CUBES_CONFIG=default|plain|sat|unsat (default unsat) compares CaDiCaL's configurations.
// usage: carve_part_cubes CNF lookahead DEPTH LIMIT_S
//        carve_part_cubes CNF patterns LIMIT_S VAR...
//        carve_part_cubes CNF cube LIMIT_S LITERAL...   (one cube, as given)
#include <cadical.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "checkers/drat/drat.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

struct Deadline : CaDiCaL::Terminator {
  Clock::time_point end;
  bool terminate() override { return Clock::now() > end; }
};

// CARVE_CUBES_CONFIG (default "unsat", carve's): CaDiCaL's configuration, to compare others.
const char* configuration() {
  const char* c = std::getenv("CARVE_CUBES_CONFIG");
  return c && *c ? c : "unsat";
}

void load(CaDiCaL::Solver& s, const carve::drat::Cnf& cnf) {
  s.configure(configuration());
  s.set("quiet", 1);
  s.set("seed", 0);
  for (std::size_t c = 0; c < cnf.num_clauses(); ++c) {
    for (std::size_t i = cnf.offsets[c]; i < cnf.offsets[c + 1]; ++i) s.add(cnf.lits[i]);
    s.add(0);
  }
}

// Every sign pattern of `vars`, the first variable the most significant (all negative first).
std::vector<std::vector<int>> patterns(const std::vector<int>& vars) {
  std::vector<std::vector<int>> cubes;
  for (std::size_t p = 0; p < (std::size_t{1} << vars.size()); ++p) {
    std::vector<int> c;
    for (std::size_t t = 0; t < vars.size(); ++t) c.push_back(((p >> (vars.size() - 1 - t)) & 1) ? vars[t] : -vars[t]);
    cubes.push_back(c);
  }
  return cubes;
}

}  // namespace

int main(int argc, char** argv) {
  const bool lookahead = argc == 5 && std::strcmp(argv[2], "lookahead") == 0;
  const bool given = argc >= 5 && std::strcmp(argv[2], "patterns") == 0;
  const bool one = argc >= 5 && std::strcmp(argv[2], "cube") == 0;
  if (!lookahead && !given && !one) {
    std::fprintf(stderr, "usage: %s CNF lookahead DEPTH LIMIT_S | %s CNF patterns LIMIT_S VAR... | %s CNF cube LIMIT_S LITERAL...\n",
                 argv[0], argv[0], argv[0]);
    return 2;
  }
  const auto cnf = carve::drat::read_cnf_file(argv[1]);
  const double limit = std::atof(argv[lookahead ? 4 : 3]);
  const auto t0 = Clock::now();
  std::vector<std::vector<int>> cubes;
  if (lookahead) {
    CaDiCaL::Solver gen;
    load(gen, cnf);
    const auto made = gen.generate_cubes(std::atoi(argv[3]));
    cubes = made.cubes;
    std::printf("lookahead depth %s: status %d, %zu cubes, %.1f s\n", argv[3], made.status, cubes.size(), seconds_since(t0));
  } else if (one) {
    std::vector<int> cube;
    for (int i = 4; i < argc; ++i) cube.push_back(std::atoi(argv[i]));
    cubes.push_back(cube);
    std::printf("one cube of %zu literals, configuration %s\n", cube.size(), configuration());
  } else {
    std::vector<int> vars;
    for (int i = 4; i < argc; ++i) vars.push_back(std::atoi(argv[i]));
    cubes = patterns(vars);
    std::printf("sign patterns of %zu variables: %zu cubes\n", vars.size(), cubes.size());
  }
  std::fflush(stdout);
  double total = 0;
  int unsat = 0, sat = 0, unknown = 0;
  for (std::size_t i = 0; i < cubes.size(); ++i) {
    const auto t = Clock::now();
    CaDiCaL::Solver s;
    load(s, cnf);
    Deadline d;
    d.end = Clock::now() + std::chrono::milliseconds(static_cast<long>(limit * 1000));
    s.connect_terminator(&d);
    for (const int l : cubes[i]) s.assume(l);
    const int r = s.solve();
    s.disconnect_terminator();
    const double dt = seconds_since(t);
    total += dt;
    (r == 20 ? unsat : r == 10 ? sat : unknown)++;
    std::printf("cube %zu (%zu literals): %s %.1f s\n", i, cubes[i].size(), r == 20 ? "unsat" : r == 10 ? "SAT" : "unknown", dt);
    std::fflush(stdout);
  }
  std::printf("%d unsat, %d sat, %d unknown (each cut at %.0f s): cubes %.1f s%s, all %.1f s\n", unsat, sat, unknown, limit, total,
              unknown ? " (a lower bound)" : "", seconds_since(t0));
}
