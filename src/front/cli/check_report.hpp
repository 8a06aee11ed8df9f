// The report of `carve check`: one record per case, and the forms a person or a CI system reads
// (the text lines, JUnit XML, TAP 13). Every form counts the same four outcomes the same way:
// passed, failed (a verdict differs), unknown (a limit reached: neither) and bad input (the case
// cannot be judged as written: a parse error, a refused rule, a missing spec).
// Invariant: the records are in the order of the sorted case paths, whatever order they ran in.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace carve::cli {

struct CaseReport {
  enum class Status { Pass, Fail, Unknown, BadInput };
  std::string file;
  Status status = Status::BadInput;
  std::string expected, actual, detail;
  std::string answer;  // the true answer in words (cases::Outcome::answer), said when the case fails
  std::string error;  // BadInput: the located message
  double seconds = 0;
  nlohmann::json row;  // the case's entry of `check --json`
};

struct CheckTotals {
  int passed = 0, failed = 0, unknown = 0, bad_input = 0;
  explicit CheckTotals(const std::vector<CaseReport>& reports);
  std::string text() const;  // "3 passed, 1 failed, 0 bad input" (+ ", 2 unknown (limit reached)")
};

std::string text_line(const CaseReport& r);
// JUnit XML as Jenkins, GitLab and GitHub's test reporters read it: one <testsuite> named
// "carve check", one <testcase> per case (classname: the case's folder, dots for slashes);
// a mismatch is a <failure>, bad input an <error>, unknown <skipped>.
std::string junit_xml(const std::vector<CaseReport>& reports, double seconds);
// TAP version 13: "ok N - file # SKIP reason" for unknown, "not ok" for failed and bad input,
// with a YAML block naming expected and actual (or the error).
std::string tap_text(const std::vector<CaseReport>& reports);

}  // namespace carve::cli
