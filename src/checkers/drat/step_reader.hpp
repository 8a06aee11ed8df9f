// StepReader: the DRAT proof parser, one step at a time, over the proof's bytes. read_proof
// collects its steps into a Proof; check_stream hands them to the checker as they come, so a
// proof is never held as a Proof (docs/proofs.md, "Memory").
// Invariant: next() yields exactly the steps read_proof would hold, in order, with the same
// literals and locations, and throws the same InputError at the same place; a truncated proof is
// an error, never silently shortened.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/text_cursor.hpp"

namespace carve::drat::detail {

class StepReader {
 public:
  // `format` Auto is detected from the bytes; `lenient` as for read_proof.
  StepReader(std::string_view data, ProofFormat format, std::string_view name, limits::Budget* budget, bool lenient);

  // The next step: false at the end of the proof. `lits` is overwritten.
  bool next(bool& deletion, std::vector<std::int32_t>& lits, Location& where);

  // The bytes start just after a step, not at the start of a line (a reader that parses a block of
  // steps again from the offset where another one left them).
  void continue_line() { line_start_ = false; }

  ProofFormat format() const { return format_; }
  std::size_t stray_lines() const { return stray_lines_; }
  // Bytes read so far (binary; for text, the cursor's position).
  std::size_t consumed() const;

 private:
  bool next_text(bool& deletion, std::vector<std::int32_t>& lits, Location& where);
  bool next_binary(bool& deletion, std::vector<std::int32_t>& lits, Location& where);

  std::string_view data_, name_;
  ProofFormat format_;
  limits::Budget* budget_;
  bool lenient_;
  TextCursor text_;
  bool line_start_ = true;
  std::size_t at_ = 0;  // binary: the next byte
  std::size_t stray_lines_ = 0;
};

}  // namespace carve::drat::detail
