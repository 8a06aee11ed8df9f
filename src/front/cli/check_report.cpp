// The forms of check's report. XML text is escaped (the five predefined entities; other control
// bytes, which XML 1.0 forbids, become '?'); TAP's YAML strings are JSON strings, which YAML reads.
#include "front/cli/check_report.hpp"

#include <filesystem>

#include <fmt/format.h>

namespace carve::cli {

namespace {

using Status = CaseReport::Status;

std::string xml_escape(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r')
          out += '?';
        else
          out += c;
    }
  }
  return out;
}

std::string summary(const CaseReport& r) {
  if (r.status == Status::BadInput) return r.error;
  return fmt::format("expected {}, got {}{}{}", r.expected, r.actual, r.detail.empty() ? "" : " — " + r.detail,
                     r.status == Status::Fail && !r.answer.empty() ? "; the true answer: " + r.answer : "");
}

// A JSON string is a YAML flow scalar; bytes that are not UTF-8 become U+FFFD.
std::string yaml_string(const std::string& s) { return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

std::string classname(const std::string& file) {
  std::string folder = std::filesystem::path(file).lexically_normal().parent_path().string();
  for (auto& c : folder)
    if (c == '/' || c == '\\') c = '.';
  return folder.empty() ? "cases" : folder;
}

}  // namespace

CheckTotals::CheckTotals(const std::vector<CaseReport>& reports) {
  for (const auto& r : reports) {
    switch (r.status) {
      case Status::Pass: ++passed; break;
      case Status::Fail: ++failed; break;
      case Status::Unknown: ++unknown; break;
      case Status::BadInput: ++bad_input; break;
    }
  }
}

std::string CheckTotals::text() const {
  return fmt::format("{} passed, {} failed, {} bad input{}", passed, failed, bad_input,
                     unknown ? fmt::format(", {} unknown (limit reached)", unknown) : "");
}

std::string text_line(const CaseReport& r) {
  switch (r.status) {
    case Status::BadInput: return fmt::format("BAD  {}\n{}\n", r.file, r.error);
    case Status::Pass:
    case Status::Fail:
    case Status::Unknown: break;
  }
  const char* word = r.status == Status::Pass ? "PASS" : r.status == Status::Unknown ? "UNKN" : "FAIL";
  return fmt::format("{} {:<60} expected {:<28} got {}{} ({:.2f} s)\n{}", word, r.file, r.expected, r.actual,
                     r.detail.empty() ? "" : " — " + r.detail, r.seconds,
                     r.status == Status::Fail && !r.answer.empty() ? fmt::format("     the true answer: {}\n", r.answer) : "");
}

std::string junit_xml(const std::vector<CaseReport>& reports, double seconds) {
  const CheckTotals t(reports);
  const auto counts = fmt::format(R"(tests="{}" failures="{}" errors="{}" skipped="{}" time="{:.3f}")", reports.size(), t.failed,
                                  t.bad_input, t.unknown, seconds);
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x += fmt::format("<testsuites name=\"carve check\" {}>\n", counts);
  x += fmt::format("  <testsuite name=\"carve check\" {}>\n", counts);
  for (const auto& r : reports) {
    x += fmt::format(R"(    <testcase classname="{}" name="{}" file="{}" time="{:.3f}")", xml_escape(classname(r.file)),
                     xml_escape(std::filesystem::path(r.file).filename().string()), xml_escape(r.file), r.seconds);
    const std::string what = xml_escape(summary(r));
    switch (r.status) {
      case Status::Pass: x += fmt::format(">\n      <system-out>{}</system-out>\n    </testcase>\n", what); break;
      case Status::Fail:
        x += fmt::format(">\n      <failure type=\"mismatch\" message=\"{}\">{}</failure>\n    </testcase>\n",
                         xml_escape(first_line(summary(r))), what);
        break;
      case Status::Unknown: x += fmt::format(">\n      <skipped message=\"{}\"/>\n    </testcase>\n", xml_escape(first_line(summary(r)))); break;
      case Status::BadInput:
        x += fmt::format(">\n      <error type=\"bad_input\" message=\"{}\">{}</error>\n    </testcase>\n", xml_escape(first_line(r.error)),
                         what);
        break;
    }
  }
  x += "  </testsuite>\n</testsuites>\n";
  return x;
}

std::string tap_text(const std::vector<CaseReport>& reports) {
  std::string s = fmt::format("TAP version 13\n1..{}\n", reports.size());
  int n = 0;
  for (const auto& r : reports) {
    ++n;
    const bool ok = r.status == Status::Pass || r.status == Status::Unknown;
    s += fmt::format("{} {} - {}", ok ? "ok" : "not ok", n, r.file);
    if (r.status == Status::Unknown) s += " # SKIP " + first_line(r.actual);
    s += "\n";
    if (r.status == Status::Pass) continue;
    s += "  ---\n";
    if (r.status == Status::BadInput) {
      s += fmt::format("  outcome: bad_input\n  error: {}\n", yaml_string(r.error));
    } else {
      s += fmt::format("  outcome: {}\n  expected: {}\n  actual: {}\n", r.status == Status::Fail ? "failed" : "unknown",
                       yaml_string(r.expected), yaml_string(r.actual));
      if (!r.detail.empty()) s += fmt::format("  detail: {}\n", yaml_string(r.detail));
      if (!r.answer.empty()) s += fmt::format("  answer: {}\n", yaml_string(r.answer));
    }
    s += "  ...\n";
  }
  return s;
}

}  // namespace carve::cli
