// libFuzzer target for carve's DRAT readers (and, on tiny inputs, the checker itself).
// Invariant checked: the readers either return a value or throw InputError with a location;
// a proof that was read writes back and re-reads to the same steps; and when the input is
// "<cnf> %% <proof>" with a tiny formula, an accepted proof must refute an unsatisfiable
// formula (brute force) and survive the naive re-verification. Violations abort().
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <string_view>

#include "checkers/drat/drat.hpp"
#include "tests/drat/naive_checker.hpp"
#include "tests/drat/proof_writer.hpp"

using namespace carve::drat;

namespace {

void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz invariant violated: %s\n", what);
    std::abort();
  }
}

void require_located(const InputError& e, std::string_view name) {
  const std::string what = e.what();
  require(what.rfind(std::string(name) + ":", 0) == 0, "error message does not start with the input name");
  const std::string rest = what.substr(name.size() + 1);
  const bool byte = rest.rfind("byte ", 0) == 0;
  const bool line = !rest.empty() && rest[0] >= '1' && rest[0] <= '9';
  require(byte || line, "error message has no location");
}

bool try_proof(std::string_view data, ProofFormat format, Proof& out) {
  try {
    out = read_proof(data, format, "p");
  } catch (const InputError& e) {
    require_located(e, "p");
    return false;
  }
  require(out.format != ProofFormat::Auto, "format not resolved");
  for (const auto f : {ProofFormat::Text, ProofFormat::Binary}) {
    const Proof again = read_proof(carve::drat::testing::write_proof(out, f), f, "again");
    require(again.lits == out.lits && again.steps.size() == out.steps.size(), "round trip changed the proof");
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string_view data(reinterpret_cast<const char*>(bytes), size);
  Proof proof;
  for (const auto f : {ProofFormat::Auto, ProofFormat::Text, ProofFormat::Binary}) try_proof(data, f, proof);
  try {
    read_cnf(data, "c");
  } catch (const InputError& e) {
    require_located(e, "c");
  }

  const std::size_t sep = data.find("%%");
  if (sep == std::string_view::npos) return 0;
  Cnf cnf;
  try {
    cnf = read_cnf(data.substr(0, sep), "c");
  } catch (const InputError&) {
    return 0;
  }
  if (!try_proof(data.substr(sep + 2), ProofFormat::Auto, proof)) return 0;
  if (cnf.num_vars > 12 || cnf.num_clauses() > 64 || proof.steps.size() > 64) return 0;
  for (const bool strict : {true, false}) {
    Options options;
    options.record_trace = true;
    options.require_empty_clause = strict;
    const Result r = check(cnf, proof, options);
    if (!r.accepted) {
      require(!r.message.empty(), "rejection without a message");
      continue;
    }
    require(!carve::drat::testing::brute_force_sat(cnf), "accepted a refutation of a satisfiable formula");
    require(carve::drat::testing::naive_reverify(cnf, proof, r), "naive re-verification failed");
  }
  return 0;
}
