// CaDiCaL in-process behind SatBackend; the deadline and the interrupt (the run's budget) are
// polled through CaDiCaL's terminator, conflicts counted through its learner; the seed is
// CaDiCaL's option "seed".
// Invariant: one CaDiCaL::Solver per backend, used incrementally (clauses only grow); a backend
// built with a ProofTrace traces every clause CaDiCaL derives or deletes from its very first
// clause on (CaDiCaL 1.5.3 aborts if tracing starts after an add).
#pragma once
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "engines/solvers/sat_backend.hpp"

namespace CaDiCaL {
class Solver;
}

namespace carve::files {
class CheckedStream;
}

namespace carve::parser {
class Sha256;
}

namespace carve::encoder {

// A DRAT proof for CaDiCaL to write (binary DRAT unless `binary` is false): into the file `path`,
// or, when `sink` is set, handed to the sink piece by piece as written (no file; `path` names the
// proof in messages) -- a proof held compressed in memory (checkers/drat/compressed_proof.hpp),
// which this folder does not know.
struct ProofTrace {
  std::string path;
  bool binary = true;
  std::function<void(std::string_view)> sink;
};

class CadicalBackend : public SatBackend {
 public:
  explicit CadicalBackend(unsigned seed = 0);
  // Throws std::runtime_error when the proof file (or the sink's stream) cannot be opened.
  explicit CadicalBackend(const ProofTrace& trace, unsigned seed = 0);
  ~CadicalBackend() override;
  int new_var() override { return ++vars_; }
  void add_clause(const std::vector<int>& lits) override;
  SolveStatus solve(const std::vector<int>& assumptions) override;
  bool value(int lit) override;
  void set_deadline(std::chrono::steady_clock::time_point deadline) override;
  void set_interrupt(std::function<bool()> poll) override;
  std::uint64_t conflicts() const override;
  // Flushes and closes the proof file (a proof is complete only after this); throws
  // files::WriteError when any write of the proof failed (a full disk, EFBIG), std::runtime_error
  // when the sink failed (its reason).
  void close_proof();
  // The SHA-256 of the proof's bytes, hashed as they reached the file: after close_proof(), the
  // proof file's (so no one reads a proof of gigabytes back just to name it).
  std::string proof_sha256() const;
  std::string name() const override { return "cadical"; }
  std::string version() const override;
  unsigned seed() const override { return seed_; }
  // CaDiCaL's "unsat" configuration (fewer restarts' worth of rephasing, more elimination): the
  // search's hard frames are refutations, and it was 1.3-1.7x faster on every 000 instance
  // measured (docs/sat-encoding.md), wins included.
  static constexpr const char* kConfiguration = "unsat";
  std::string configuration() const override { return kConfiguration; }

 private:
  struct Deadline;
  struct Counter;
  std::unique_ptr<CaDiCaL::Solver> solver_;
  std::unique_ptr<Deadline> deadline_;
  std::unique_ptr<Counter> counter_;
  int vars_ = 0;
  std::string proof_path_;
  std::unique_ptr<parser::Sha256> proof_hash_;  // before proof_: the stream's observer feeds it
  std::unique_ptr<files::CheckedStream> proof_;
  struct SinkStream;  // ProofTrace::sink's stdio stream (cadical_backend.cpp)
  std::unique_ptr<SinkStream> sink_;
  unsigned seed_;
};

}  // namespace carve::encoder
