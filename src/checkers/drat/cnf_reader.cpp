// DIMACS CNF reader (strict). Invariant: a returned Cnf has exactly the header's clause count,
// every literal is non-zero with |lit| <= num_vars, and every clause was terminated by 0.
// Accepted: 'c' comment lines anywhere at line start, one "p cnf V C" header before any
// clause, clauses spanning lines. Everything else is an InputError "name:line:col: message".
#include <string>
#include <vector>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/read_file.hpp"
#include "checkers/drat/text_cursor.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::drat {

void Cnf::add_clause(const std::vector<std::int32_t>& clause, std::uint32_t line) {
  for (const auto lit : clause) {
    const std::int32_t var = lit < 0 ? -lit : lit;
    if (var > num_vars) num_vars = var;
  }
  lits.insert(lits.end(), clause.begin(), clause.end());
  offsets.push_back(lits.size());
  lines.push_back(line);
}

namespace {

// The "p cnf V C" header, the cursor on its 'p': the variable count into cnf, the clause count
// returned. The line must end after it.
std::int64_t read_cnf_header(detail::TextCursor& in, Cnf& cnf) {
  in.advance();
  in.skip_blank();
  const auto l = in.line(), c = in.col();
  std::string word;
  while (!in.at_end() && !detail::TextCursor::is_space(in.peek())) {
    in.require_text();
    word += in.peek();
    in.advance();
  }
  if (word != "cnf") in.fail_at(l, c, "expected 'p cnf <vars> <clauses>' header");
  in.skip_blank();
  if (in.at_end() || in.peek() == '\n') in.fail("header is missing the variable count");
  cnf.num_vars = static_cast<std::int32_t>(in.read_int(kMaxVariable, "variable count"));
  if (cnf.num_vars < 0) in.fail("negative variable count");
  in.skip_blank();
  if (in.at_end() || in.peek() == '\n') in.fail("header is missing the clause count");
  const std::int64_t declared_clauses = in.read_int(std::int64_t{1} << 40, "clause count");
  if (declared_clauses < 0) in.fail("negative clause count");
  in.skip_blank();
  if (!in.at_end() && in.peek() != '\n') {
    in.require_text();
    in.fail("unexpected text after the header");
  }
  return declared_clauses;
}

}  // namespace

Cnf read_cnf(std::string_view data, std::string_view name, limits::Budget* budget) {
  detail::TextCursor in(data, name);
  Cnf cnf;
  bool have_header = false;
  std::int64_t declared_clauses = 0;
  bool in_clause = false;
  std::uint32_t clause_line = 0, clause_col = 0;
  bool line_start = true;

  for (;;) {
    if (line_start) {
      in.skip_blank();
      line_start = false;
      if (in.at_end()) break;
      if (in.peek() == '\n') {
        in.advance();
        line_start = true;
        continue;
      }
      if (in.peek() == 'c') {
        in.skip_line();
        line_start = true;
        continue;
      }
      if (in.peek() == 'p') {
        if (have_header) in.fail("second 'p' header");
        if (in_clause) in.fail("'p' header inside an unterminated clause");
        declared_clauses = read_cnf_header(in, cnf);
        have_header = true;
        continue;
      }
    }
    in.skip_blank();
    if (in.at_end()) break;
    if (in.peek() == '\n') {
      in.advance();
      line_start = true;
      continue;
    }
    in.require_text();
    if (!have_header) in.fail("clause before the 'p cnf' header");
    const auto l = in.line(), c = in.col();
    const char first = in.peek();
    if (first != '-' && (first < '0' || first > '9')) {
      in.fail(std::string("unexpected character '") + first + "' (expected a literal)");
    }
    const std::int64_t lit = in.read_int(kMaxVariable, "literal");
    if (budget) budget->tick();  // the clock and the memory every 1024 literals
    if (!in_clause) {
      in_clause = true;
      clause_line = l;
      clause_col = c;
      if (static_cast<std::int64_t>(cnf.num_clauses()) == declared_clauses) {
        in.fail_at(l, c, "more clauses than the " + std::to_string(declared_clauses) + " declared in the header");
      }
    }
    if (lit == 0) {
      cnf.offsets.push_back(cnf.lits.size());
      cnf.lines.push_back(clause_line);
      in_clause = false;
      continue;
    }
    if (lit > cnf.num_vars || -lit > cnf.num_vars) {
      in.fail_at(l, c, "literal " + std::to_string(lit) + " out of range (header declares " +
                           std::to_string(cnf.num_vars) + " variables)");
    }
    cnf.lits.push_back(static_cast<std::int32_t>(lit));
  }
  if (!have_header) in.fail("missing 'p cnf' header");
  if (in_clause) in.fail_at(clause_line, clause_col, "clause not terminated by 0 at end of input");
  if (static_cast<std::int64_t>(cnf.num_clauses()) != declared_clauses) {
    in.fail("header declares " + std::to_string(declared_clauses) + " clauses but the file has " +
            std::to_string(cnf.num_clauses()));
  }
  return cnf;
}

Cnf read_cnf_file(const std::string& path, limits::Budget* budget) {
  return read_cnf(detail::read_whole_file(path, budget), path, budget);
}

}  // namespace carve::drat
