// Forward DRAT checking over a stream of bytes (issue 37, "check while solving"): each lemma is
// checked as it arrives -- RUP by unit propagation over two watched literals against the clause
// database as it stands, else RAT on its first literal -- so that a proof can be checked while
// the solver writes it, and need never be written to disk.
//
// Conventions shared with the backward checker (check(), drat.hpp), so that the two answer alike:
// deletions of a unit clause or of the reason of a top-level literal are ignored (as drat-trim
// does), deletions of clauses not present are counted and ignored; the lemmas after the first
// top-level conflict are read but not checked; the empty clause must follow that conflict
// (Options::require_empty_clause, Relaxation::NoEmptyClause when lenient); an empty clause before
// it is Relaxation::PrematureEmptyClause; RAT on another literal than the first is
// Relaxation::PivotNotFirst. The one difference: backward checks only the lemmas the refutation
// rests on, forward checks every lemma before the conflict -- a wrong lemma the refutation does
// not use is rejected forward and accepted backward (both sound). Result::core_lemmas counts the
// lemmas checked; Options::record_trace and record_lrat are not supported (ignored).
//
// Invariants: the checker holds the formula and the live lemmas (literals, two watches each, an
// 8-byte slot of the deletion index) and a few bytes a variable -- never a binary proof (a text
// one is held whole, below), nor anything per step; Result::accepted only when the empty clause
// is derived after a top-level conflict that every checked lemma led to (or the formula alone
// refutes itself); a stream that ends before that, however it ends, is never accepted.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "checkers/drat/drat.hpp"

namespace carve::drat {

namespace detail {
class ForwardChecker;
}

// A forward check fed the proof's bytes in pieces of any size, in order. A binary proof is
// checked step by step as its bytes come (a piece may end anywhere, inside a literal too); a text
// proof is held until finish() and checked then (CaDiCaL's proofs, as carve asks for them, are
// binary). `format` Auto is decided on the first 1024 bytes, as detect_proof_format does.
class ForwardCheck {
 public:
  // `cnf` and `options` (its budget and progress too) must outlive the check; the budget is polled
  // by the thread that calls feed() and finish().
  ForwardCheck(const Cnf& cnf, ProofFormat format, std::string name, const Options& options);
  ~ForwardCheck();
  ForwardCheck(const ForwardCheck&) = delete;
  ForwardCheck& operator=(const ForwardCheck&) = delete;

  // The next bytes. Throws InputError for a malformed step (the reader's message, as read_proof
  // gives it). Once a limit is reached the bytes are dropped unread.
  void feed(std::string_view bytes);
  // The end of the proof: its answer. Throws InputError when the bytes end inside a step, unless
  // `cut` (the producer stopped writing): the open step is then dropped unchecked.
  Result finish(bool cut = false);
  // A limit was reached: the answer is unknown whatever comes (the feeder may stop).
  bool stopped() const;
  // The number of bytes fed so far.
  std::size_t bytes() const { return fed_; }
  std::size_t stray_lines() const { return stray_lines_; }

 private:
  void decide();
  void parse_binary(std::string_view bytes);
  void deliver(bool deletion, const Location& where);

  std::unique_ptr<detail::ForwardChecker> checker_;
  std::string name_;
  const Options& options_;
  ProofFormat format_;
  bool decided_ = false;
  std::string held_;  // the first bytes until the format is decided; a text proof, whole
  std::size_t fed_ = 0;
  std::size_t stray_lines_ = 0;
  std::string stopped_reason_;  // the limit reached ("": none)
  // The binary parse between pieces: the step being read, the literal being read.
  bool in_step_ = false, deletion_ = false, fresh_literal_ = true;
  std::size_t step_start_ = 0, literal_start_ = 0;
  std::uint64_t code_ = 0;
  unsigned shift_ = 0;
  std::vector<std::int32_t> lits_;
};

// A forward check of bytes held whole (a mapped file's), fed to ForwardCheck in pieces of 4 MB;
// `release` (may be empty) is told each piece's bytes once checked. Limits answer unknown, as for
// check_stream. Throws InputError as ForwardCheck does.
Result check_forward(const Cnf& cnf, std::string_view proof_bytes, ProofFormat format = ProofFormat::Auto,
                     std::string_view name = "<proof>", const Options& options = {}, std::size_t* stray_lines = nullptr,
                     const std::function<void(std::size_t, std::size_t)>& release = {});

// A bounded queue of byte pieces from one producer to one consumer. The producer blocks while the
// queue holds `capacity` bytes or more, so a consumer that lags slows the producer down instead of
// growing memory. Invariant: the consumer receives exactly the bytes pushed, in order, until it
// abandons the queue (after which pushes return at once and drop their bytes).
class ByteQueue {
 public:
  explicit ByteQueue(std::size_t capacity) : capacity_(capacity) {}
  void push(std::string_view bytes);
  void close();    // the producer's end: no more bytes
  void abandon();  // the consumer's end: it takes no more bytes
  // The next piece, moved into `out`; false once the queue is closed and empty.
  bool pop(std::string& out);
  std::size_t peak_bytes() const;  // the most bytes held at once

 private:
  mutable std::mutex mutex_;
  std::condition_variable room_, data_;
  std::deque<std::string> pieces_;
  std::size_t capacity_, held_ = 0, peak_ = 0;
  bool closed_ = false, abandoned_ = false;
};

// A forward check on its own thread, fed through a ByteQueue: write() from the producer (a
// CheckedStream's observer), close() at the proof's end, join() for the answer. `options.budget`
// and `options.progress` are used by the checking thread only (give it a budget of its own).
class ForwardCheckThread {
 public:
  static constexpr std::size_t kDefaultCapacity = std::size_t{32} << 20;
  ForwardCheckThread(const Cnf& cnf, ProofFormat format, std::string name, const Options& options,
                     std::size_t capacity = kDefaultCapacity);
  ~ForwardCheckThread();  // closes the stream and waits, if join() was not called
  ForwardCheckThread(const ForwardCheckThread&) = delete;
  ForwardCheckThread& operator=(const ForwardCheckThread&) = delete;

  void write(std::string_view bytes) { queue_.push(bytes); }
  void close() { queue_.close(); }
  // The producer could not write the whole proof (`reason`): the stream ends, and the answer is
  // unknown ("limit_reached", the message naming `reason`) unless the check had already accepted
  // the bytes it had -- a refutation stays one however the rest of the file fares.
  void cut(const std::string& reason);
  // Closes the stream if it is open, waits for the check, and returns its answer; rethrows the
  // check's InputError (a malformed proof). Call once.
  Result join();
  std::size_t bytes() const;             // fed to the checker so far (once joined: all of them)
  std::size_t peak_queued_bytes() const { return queue_.peak_bytes(); }

 private:
  void run();

  const Cnf& cnf_;
  ProofFormat format_;
  std::string name_;
  Options options_;
  ByteQueue queue_;
  std::mutex cut_mutex_;
  std::string cut_reason_;
  Result result_;
  std::exception_ptr error_;
  std::atomic<std::size_t> bytes_{0};
  std::thread thread_;
  bool joined_ = false;
};

}  // namespace carve::drat
