// Where the checker reads a proof's steps: a Proof held in memory (check), or the proof's bytes
// parsed as the checker goes (check_stream), so that a proof of gigabytes is never held as a
// Proof -- the checker keeps of each step only its clause and whether it deletes.
// Invariant: next() yields the proof's steps in order, each exactly once; at(s) gives step s as
// written (literals in the proof's order, and where it starts) at any time, for messages only.
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

// The bytes are read once forward; at(s) parses them again from the start (a rejection's message
// costs one more pass, an accepted proof none). A binary proof is counted first (one pass over
// its bytes, no literal kept), so the checker's store is reserved once.
class StreamSource : public StepSource {
 public:
  // `release` (may be empty) is told, now and then, that the bytes before an offset are read.
  StreamSource(std::string_view data, ProofFormat format, std::string_view name, limits::Budget* budget, bool lenient,
               std::function<void(std::size_t)> release = {})
      : data_(data), name_(name), lenient_(lenient), budget_(budget), in_(data, format, name, budget, lenient),
        release_(std::move(release)) {
    if (in_.format() == ProofFormat::Binary) count_binary();
  }
  bool next(bool& deletion, std::vector<std::int32_t>& lits) override {
    Location where;
    const bool more = in_.next(deletion, lits, where);
    if (release_ && in_.consumed() >= released_ + kWindow) {
      released_ = in_.consumed();
      release_(released_);
    }
    return more;
  }
  void at(std::size_t s, bool& deletion, std::vector<std::int32_t>& lits, Location& where) override {
    StepReader again(data_, in_.format(), name_, nullptr, lenient_);
    for (std::size_t i = 0; i <= s; ++i) again.next(deletion, lits, where);
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
    if (release_) release_(0);  // a pass of its own (MappedFile::release_before)
    for (std::size_t i = 0; i < data_.size(); ++i) {
      if (i % kWindow == kWindow - 1) {
        if (budget_) budget_->poll();
        if (release_) release_(i + 1);
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
    if (release_) release_(data_.size());
  }
  static constexpr std::size_t kWindow = std::size_t{64} << 20;

  std::string_view data_;
  std::string_view name_;
  bool lenient_;
  limits::Budget* budget_;
  StepReader in_;
  std::function<void(std::size_t)> release_;
  std::size_t released_ = 0;
  std::size_t steps_ = 0, literals_ = 0;
};

}  // namespace carve::drat::detail
