// CaDiCaL adapter: clauses and assumptions passed through, a terminator for the deadline, a
// learner that only counts, a fixed seed.
#include "engines/solvers/cadical_backend.hpp"

#include <cadical.hpp>

#include "foundations/files/checked_stream.hpp"
#include "foundations/files/sha256.hpp"

#include <stdexcept>
#include <sys/types.h>

namespace carve::encoder {

// CaDiCaL calls terminate() between search steps (every conflict and decision), so the deadline
// and the interrupt hold to within milliseconds.
struct CadicalBackend::Deadline : CaDiCaL::Terminator {
  std::chrono::steady_clock::time_point at = std::chrono::steady_clock::time_point::max();
  std::function<bool()> poll;
  bool terminate() override { return std::chrono::steady_clock::now() > at || (poll && poll()); }
};

// Every conflict learns one clause; the literals themselves are not wanted (learning() false).
struct CadicalBackend::Counter : CaDiCaL::Learner {
  std::uint64_t learned = 0;
  bool learning(int) override {
    ++learned;
    return false;
  }
  void learn(int) override {}
};

// ProofTrace::sink behind a stdio stream (fopencookie), each piece hashed then handed on. An
// exception of the sink cannot cross C's stdio: it is kept, the write fails, and close() throws it
// as a std::runtime_error with the sink's reason.
struct CadicalBackend::SinkStream {
  SinkStream(std::function<void(std::string_view)> to, parser::Sha256* hasher) : sink(std::move(to)), hash(hasher) {
    stream = ::fopencookie(this, "w", cookie_io_functions_t{nullptr, &SinkStream::write, nullptr, nullptr});
    if (!stream) throw std::runtime_error("cannot open a stream for the proof held in memory");
  }
  ~SinkStream() {
    if (stream) std::fclose(stream);
  }
  static ssize_t write(void* cookie, const char* data, std::size_t size) {
    auto* self = static_cast<SinkStream*>(cookie);
    if (!self->failure.empty()) return -1;
    try {
      self->hash->update(std::string_view(data, size));
      self->sink(std::string_view(data, size));
    } catch (const std::exception& e) {
      self->failure = e.what();
      return -1;
    }
    return static_cast<ssize_t>(size);
  }
  void close(const std::string& name) {
    const int closed = std::fclose(stream);
    stream = nullptr;
    if (!failure.empty()) throw std::runtime_error("cannot hold the proof " + name + " in memory: " + failure);
    if (closed != 0) throw std::runtime_error("cannot hold the proof " + name + " in memory");
  }
  std::function<void(std::string_view)> sink;
  parser::Sha256* hash;
  std::FILE* stream = nullptr;
  std::string failure;
};

CadicalBackend::CadicalBackend(unsigned seed)
    : solver_(std::make_unique<CaDiCaL::Solver>()),
      deadline_(std::make_unique<Deadline>()),
      counter_(std::make_unique<Counter>()),
      seed_(seed) {
  solver_->configure(kConfiguration);
  // Quiet, as the tracing solver is: CaDiCaL otherwise writes "c found falsified original clause"
  // to stdout when a clause added between solves is already false (carve diff's lemma rounds),
  // which would break --json.
  solver_->set("quiet", 1);
  solver_->set("seed", static_cast<int>(seed));
  solver_->connect_terminator(deadline_.get());
  solver_->connect_learner(counter_.get());
}

CadicalBackend::CadicalBackend(const ProofTrace& trace, unsigned seed)
    : solver_(std::make_unique<CaDiCaL::Solver>()), deadline_(std::make_unique<Deadline>()), counter_(std::make_unique<Counter>()),
      seed_(seed) {
  // Options and the trace before anything else: the solver must still be configuring.
  solver_->configure(kConfiguration);
  solver_->set("quiet", 1);
  solver_->set("seed", static_cast<int>(seed));
  solver_->set("binary", trace.binary ? 1 : 0);
  // CaDiCaL writes through our stream, whose every write is checked: a full disk is reported
  // by close_proof() with the system's reason, never left as a silently truncated proof.
  // CaDiCaL keeps the name it is given until the trace is closed: pass our own copy.
  proof_path_ = trace.path;
  proof_hash_ = std::make_unique<parser::Sha256>();
  std::FILE* stream = nullptr;
  if (trace.sink) {
    sink_ = std::make_unique<SinkStream>(trace.sink, proof_hash_.get());
    stream = sink_->stream;
  } else {
    proof_ = std::make_unique<files::CheckedStream>(proof_path_);
    proof_->observe_written([hash = proof_hash_.get()](std::string_view bytes) { hash->update(bytes); });
    stream = proof_->stream();
  }
  if (!solver_->trace_proof(stream, proof_path_.c_str()))
    throw std::runtime_error("cannot write the proof " + trace.path);
  solver_->connect_terminator(deadline_.get());
  solver_->connect_learner(counter_.get());
}

void CadicalBackend::close_proof() {
  solver_->flush_proof_trace();
  solver_->close_proof_trace();
  if (proof_) proof_->close();  // throws files::WriteError (a std::runtime_error)
  if (sink_) sink_->close(proof_path_);
}

std::string CadicalBackend::proof_sha256() const { return proof_hash_ ? proof_hash_->hex() : std::string(); }

// Debian's build answers "sc2021" here, not the package version (1.5.3).
std::string CadicalBackend::version() const { return CaDiCaL::Solver::version(); }

CadicalBackend::~CadicalBackend() {
  solver_->disconnect_learner();
  solver_->disconnect_terminator();
  solver_.reset();  // before proof_ and sink_: CaDiCaL may still flush its trace into the stream
}

void CadicalBackend::add_clause(const std::vector<int>& lits) {
  for (int l : lits) solver_->add(l);
  solver_->add(0);
}

SolveStatus CadicalBackend::solve(const std::vector<int>& assumptions) {
  if (deadline_->terminate()) return SolveStatus::Unknown;
  for (int a : assumptions) solver_->assume(a);
  const int r = solver_->solve();
  return r == 10 ? SolveStatus::Sat : r == 20 ? SolveStatus::Unsat : SolveStatus::Unknown;
}

bool CadicalBackend::value(int lit) { return solver_->val(lit) > 0; }

void CadicalBackend::set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_->at = deadline; }

void CadicalBackend::set_interrupt(std::function<bool()> poll) { deadline_->poll = std::move(poll); }

std::uint64_t CadicalBackend::conflicts() const { return counter_->learned; }

}  // namespace carve::encoder
