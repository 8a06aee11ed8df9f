// Where the checker reads a proof's steps: a Proof held in memory (check), or the proof's bytes
// parsed as the checker goes (check_stream), so that a proof of gigabytes is never held as a
// Proof -- the checker keeps of each step only whether it deletes, and of a clause only what the
// backward pass cannot read again: a deleted clause's literals and a lemma's first literal are
// read again from the source (lits_at) when the backward pass reaches their step.
// Invariant: next() yields the proof's steps in order, each exactly once; lits_at(s) and at(s)
// give step s as next() gave it (literals in the proof's order) at any time after it was yielded
// -- lits_at cheaply when s descends, at (with where it starts) for messages only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/step_reader.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::drat::detail {

class StepSource {
 public:
  virtual ~StepSource() = default;
  // The next step in proof order; false after the last.
  virtual bool next(bool& deletion, std::vector<std::int32_t>& lits) = 0;
  // Step s (already yielded by next) again: read again from the bytes when streaming.
  virtual void at(std::size_t s, bool& deletion, std::vector<std::int32_t>& lits, Location& where) = 0;
  // The literals of step s (already yielded by next), read again: cheap when the steps asked for
  // descend, as the backward pass asks for them.
  virtual void lits_at(std::size_t s, std::vector<std::int32_t>& lits) = 0;
  // The numbers of steps and literals, or 0 when not known before the end (a text proof being
  // streamed): what the checker reserves, and the total of its progress line.
  virtual std::size_t steps() const = 0;
  virtual std::size_t literals() const = 0;
};

class ProofSource : public StepSource {
 public:
  explicit ProofSource(const Proof& proof) : proof_(proof) {}
  bool next(bool& deletion, std::vector<std::int32_t>& lits) override {
    if (next_ >= proof_.steps.size()) return false;
    read(next_++, deletion, lits);
    return true;
  }
  void at(std::size_t s, bool& deletion, std::vector<std::int32_t>& lits, Location& where) override {
    read(s, deletion, lits);
    where = proof_.steps[s].where;
  }
  void lits_at(std::size_t s, std::vector<std::int32_t>& lits) override {
    bool deletion = false;
    read(s, deletion, lits);
  }
  std::size_t steps() const override { return proof_.steps.size(); }
  std::size_t literals() const override { return proof_.lits.size(); }

 private:
  void read(std::size_t s, bool& deletion, std::vector<std::int32_t>& lits) const {
    const ProofStep& step = proof_.steps[s];
    deletion = step.deletion;
    lits.assign(proof_.lits.begin() + static_cast<std::ptrdiff_t>(step.begin),
                proof_.lits.begin() + static_cast<std::ptrdiff_t>(step.begin + step.size));
  }
  const Proof& proof_;
  std::size_t next_ = 0;
};

// The bytes are read once forward; lits_at(s) parses again the block of kBlock steps that holds
// s, from the offset the forward parse noted at its first step (8 bytes a block), and keeps that
// block's literals until a step of another block is asked for; at(s) parses them again from the
// start (a rejection's message costs one more pass, an accepted proof none). A binary proof is
// counted first (one pass over its bytes, no literal kept), so the checker's store is reserved
// once. Every pass tells `release` the bytes it has left behind, kWindow at a time.
class StreamSource : public StepSource {
 public:
  // `release` (may be empty) is told, now and then, that the bytes in [begin, end) are read and
  // may be let go (MappedFile::release).
  StreamSource(std::string_view data, ProofFormat format, std::string_view name, limits::Budget* budget, bool lenient,
               std::function<void(std::size_t, std::size_t)> release = {})
      : data_(data), name_(name), lenient_(lenient), budget_(budget), in_(data, format, name, budget, lenient),
        release_(std::move(release)) {
    if (in_.format() == ProofFormat::Binary) count_binary();
  }
  bool next(bool& deletion, std::vector<std::int32_t>& lits) override {
    Location where;
    const std::size_t from = in_.consumed();
    const bool more = in_.next(deletion, lits, where);
    if (more && read_++ % kBlock == 0) blocks_.push_back(from);
    if (release_ && in_.consumed() >= released_ + kWindow) {
      let_go(released_, in_.consumed());
      released_ = in_.consumed();
    }
    return more;
  }
  void at(std::size_t s, bool& deletion, std::vector<std::int32_t>& lits, Location& where) override {
    StepReader again(data_, in_.format(), name_, nullptr, lenient_);
    for (std::size_t i = 0; i <= s; ++i) again.next(deletion, lits, where);
  }
  void lits_at(std::size_t s, std::vector<std::int32_t>& lits) override {
    const std::size_t b = s / kBlock;
    if (b != block_) load_block(b);
    const std::size_t k = s - b * kBlock;
    lits.assign(block_lits_.begin() + static_cast<std::ptrdiff_t>(block_begin_[k]),
                block_lits_.begin() + static_cast<std::ptrdiff_t>(block_begin_[k + 1]));
  }
  std::size_t steps() const override { return steps_; }
  std::size_t literals() const override { return literals_; }
  std::size_t stray_lines() const { return in_.stray_lines(); }

 private:
  // Steps and literals of a binary proof, its bytes' shape only (the reader checks the rest). A
  // pass over every byte -- seconds for gigabytes --, so it polls the budget every window and lets
  // the bytes behind it go (a pass before it, verify-proof's hash, may have let them go already).
  void count_binary() {
    bool in_step = false;
    bool more = false;  // the previous byte continues a literal
    for (std::size_t i = 0; i < data_.size(); ++i) {
      if (i % kWindow == kWindow - 1) {
        if (budget_) budget_->poll();
        if (release_) let_go(i + 1 - kWindow, i + 1);
      }
      const auto b = static_cast<unsigned char>(data_[i]);
      if (!in_step) {
        in_step = true;
        ++steps_;
        continue;
      }
      if (!more && b == 0) {
        in_step = false;
        continue;
      }
      more = (b & 0x80) != 0;
      if (!more) ++literals_;
    }
    if (release_) let_go(data_.size() / kWindow * kWindow, data_.size());
  }
  // Tells release_ the bytes in [begin, end) and the window before them are read: the kernel maps
  // a file's pages in groups (up to a large folio) around the one read, so a page just before
  // `begin`, mapped again when the last pass read past the last window, goes too.
  void let_go(std::size_t begin, std::size_t end) { release_(begin < kWindow ? 0 : begin - kWindow, end); }

  // Parses block b again from its first step's offset (a step starts mid-line there, unless it is
  // the first), and lets go the bytes after it that the previous blocks held: the backward pass
  // reads the proof from its end down.
  void load_block(std::size_t b) {
    const std::size_t from = blocks_[b];
    StepReader again(data_.substr(from), in_.format(), name_, budget_, lenient_);
    if (from > 0) again.continue_line();
    block_lits_.clear();
    block_begin_.assign(1, 0);
    bool deletion = false;
    Location where;
    for (std::size_t k = 0; k < kBlock && b * kBlock + k < read_; ++k) {
      again.next(deletion, step_, where);
      block_lits_.insert(block_lits_.end(), step_.begin(), step_.end());
      block_begin_.push_back(block_lits_.size());
    }
    block_ = b;
    const std::size_t end = from + again.consumed();
    if (release_ && end + kWindow <= back_released_) {
      release_(end, back_released_ > SIZE_MAX - kWindow ? SIZE_MAX : back_released_ + kWindow);
      back_released_ = end;
    }
  }

  static constexpr std::size_t kWindow = std::size_t{4} << 20;
  static constexpr std::size_t kBlock = 64;

  std::string_view data_;
  std::string_view name_;
  bool lenient_;
  limits::Budget* budget_;
  StepReader in_;
  std::function<void(std::size_t, std::size_t)> release_;
  std::size_t released_ = 0;  // the forward parse has let go of the bytes before this
  std::size_t steps_ = 0, literals_ = 0;
  std::size_t read_ = 0;                 // steps next() has yielded
  std::vector<std::size_t> blocks_;      // the offset of step kBlock * b
  std::size_t block_ = SIZE_MAX;         // the block whose literals are held
  std::vector<std::int32_t> block_lits_;
  std::vector<std::size_t> block_begin_;  // step k of the block: block_lits_[begin[k] .. begin[k+1])
  std::vector<std::int32_t> step_;
  std::size_t back_released_ = SIZE_MAX;  // lits_at has let go of the bytes from here on
};

// The check of check() and check_stream over any source (the tests' sources too).
Result check_source(const Cnf& cnf, StepSource& source, const Options& options);

}  // namespace carve::drat::detail
