// DRAT proof reader, text and binary (detail::StepReader, step by step; read_proof collects the
// steps). Invariant: a returned Proof holds only complete steps
// (every clause terminated by 0) with non-zero literals of variable <= kMaxVariable, each step
// remembering where it starts. Text errors are "name:line:col: message", binary errors
// "name:byte N: message"; a truncated proof is an error, never silently shortened.
//
// Binary format (as drat-trim / CaDiCaL): 'a' (0x61) or 'd' (0x64), then each literal l as the
// unsigned number 2*|l| + (l < 0) in little-endian base-128 (high bit = more bytes), then 0.
#include <string>
#include <vector>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/read_file.hpp"
#include "checkers/drat/step_reader.hpp"
#include "checkers/drat/text_cursor.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::drat {

std::string Location::str() const {
  if (binary) return "byte " + std::to_string(byte);
  return "line " + std::to_string(line) + " col " + std::to_string(col);
}

void Proof::add_step(bool deletion, const std::vector<std::int32_t>& clause, Location where) {
  steps.push_back({deletion, lits.size(), clause.size(), where});
  lits.insert(lits.end(), clause.begin(), clause.end());
}

// Like drat-trim: binary if it starts with 'a', or if a byte before the first NUL (looking at
// most at the first 1024 bytes) is neither printable ASCII nor whitespace, or a NUL occurs.
ProofFormat detect_proof_format(std::string_view data) {
  if (!data.empty() && data[0] == 'a') return ProofFormat::Binary;
  const std::size_t n = data.size() < 1024 ? data.size() : 1024;
  for (std::size_t i = 0; i < n; ++i) {
    if (!detail::TextCursor::is_text(data[i])) return ProofFormat::Binary;
  }
  return ProofFormat::Text;
}

namespace {

[[noreturn]] void fail_binary(std::string_view name, std::size_t byte, const std::string& message) {
  throw InputError(std::string(name) + ":byte " + std::to_string(byte) + ": " + message);
}

}  // namespace

namespace detail {

StepReader::StepReader(std::string_view data, ProofFormat format, std::string_view name, limits::Budget* budget, bool lenient)
    : data_(data),
      name_(name),
      format_(format == ProofFormat::Auto ? detect_proof_format(data) : format),
      budget_(budget),
      lenient_(lenient),
      text_(data, name) {}

std::size_t StepReader::consumed() const { return format_ == ProofFormat::Binary ? at_ : text_.pos(); }

bool StepReader::next(bool& deletion, std::vector<std::int32_t>& lits, Location& where) {
  lits.clear();
  return format_ == ProofFormat::Binary ? next_binary(deletion, lits, where) : next_text(deletion, lits, where);
}

bool StepReader::next_text(bool& deletion, std::vector<std::int32_t>& lits, Location& where) {
  TextCursor& in = text_;
  bool in_step = false;
  deletion = false;
  for (;;) {
    if (line_start_) {
      in.skip_blank();
      line_start_ = false;
      if (!in.at_end() && in.peek() == 'c' && !in_step) {
        in.skip_line();
        line_start_ = true;
        continue;
      }
    }
    in.skip_blank();
    if (in.at_end()) break;
    const char c = in.peek();
    if (c == '\n') {
      in.advance();
      line_start_ = true;
      continue;
    }
    in.require_text();
    if (!in_step) {
      in_step = true;
      deletion = false;
      where = Location{false, in.line(), in.col(), 0};
      if (c == 'd') {
        deletion = true;
        in.advance();
        if (!in.at_end() && !TextCursor::is_space(in.peek())) {
          in.require_text();
          in.fail("expected a space after 'd'");
        }
        continue;
      }
    }
    if (c != '-' && (c < '0' || c > '9')) {
      // Stray text: drat-trim skips the rest of the line; the strict reading names the rule.
      if (!lenient_)
        in.fail(std::string("unexpected character '") + c + "' (expected a literal): " + relaxation_rule(Relaxation::StrayText) +
                " (" + relaxation_lenient(Relaxation::StrayText) + ")");
      ++stray_lines_;
      in.skip_line();
      line_start_ = true;
      continue;
    }
    const std::int64_t lit = in.read_int(kMaxVariable, "literal");
    if (budget_) budget_->tick();  // the clock and the memory every 1024 literals
    if (lit == 0) return true;
    lits.push_back(static_cast<std::int32_t>(lit));
  }
  if (in_step) in.fail_at(where.line, where.col, "truncated proof: step not terminated by 0");
  return false;
}

bool StepReader::next_binary(bool& deletion, std::vector<std::int32_t>& lits, Location& where) {
  constexpr std::uint64_t kMaxCode = 2 * static_cast<std::uint64_t>(kMaxVariable) + 1;
  if (at_ >= data_.size()) return false;
  std::size_t& i = at_;
  const std::size_t start = i;
  const auto kind = static_cast<unsigned char>(data_[i++]);
  if (kind != 'a' && kind != 'd') {
    fail_binary(name_, start, "expected step marker 'a' (0x61) or 'd' (0x64), got " + TextCursor::hex(static_cast<char>(kind)));
  }
  for (;;) {
    const std::size_t lit_start = i;
    std::uint64_t code = 0;
    unsigned shift = 0;
    for (;;) {
      if (i >= data_.size()) fail_binary(name_, i, "truncated proof: step starting at byte " + std::to_string(start) + " not terminated by 0");
      const auto byte = static_cast<unsigned char>(data_[i++]);
      code |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (code > kMaxCode) fail_binary(name_, lit_start, "literal out of range");
      if (!(byte & 0x80)) break;
      shift += 7;
      if (shift > 35) fail_binary(name_, lit_start, "literal encoding too long");
    }
    if (budget_) budget_->tick();
    if (code == 0) break;
    if (code == 1) fail_binary(name_, lit_start, "invalid literal encoding 1 (variable 0)");
    const auto var = static_cast<std::int32_t>(code >> 1);
    lits.push_back((code & 1) ? -var : var);
  }
  deletion = kind == 'd';
  where = Location{true, 0, 0, start};
  return true;
}

}  // namespace detail

Proof read_proof(std::string_view data, ProofFormat format, std::string_view name, limits::Budget* budget, bool lenient) {
  detail::StepReader in(data, format, name, budget, lenient);
  Proof proof;
  proof.format = in.format();
  std::vector<std::int32_t> clause;
  bool deletion = false;
  Location where;
  while (in.next(deletion, clause, where)) proof.add_step(deletion, clause, where);
  proof.stray_lines = in.stray_lines();
  return proof;
}

Proof read_proof_file(const std::string& path, ProofFormat format, limits::Budget* budget, bool lenient) {
  return read_proof(detail::read_whole_file(path, budget), format, path, budget, lenient);
}

}  // namespace carve::drat
