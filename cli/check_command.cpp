// carve check: run every case under the given paths and compare with the expected answers.
// --timeout is per case (per engine run of a case); a case stopped by a limit is `unknown`,
// neither passed nor failed. Exit codes: 0 every case passed, 1 some case failed, 2 bad input (or
// no case found), 4 nothing failed but some case is unknown (0 with --allow-unknown).
// SIGINT/SIGTERM stop the run after the case it interrupts (that case unknown): the report covers
// the cases run, exit 130/143.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "checker/cases/run_case.hpp"
#include "cli/common.hpp"
#include "limits/interrupt.hpp"

namespace carve::cli {

namespace {
namespace fs = std::filesystem;

struct CheckOptions {
  std::vector<std::string> paths;
  std::string engine;
  cases::Certification certification;
  bool allow_unknown = false;
  RunOptions run;
};

std::vector<std::string> collect(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const auto& p : paths) {
    if (fs::is_directory(p)) {
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && (e.path().extension() == ".case" || e.path().extension() == ".witness"))
          files.push_back(e.path().string());
    } else if (fs::exists(p)) {
      files.push_back(p);
    } else {
      elab::fail(parser::Location{p, 0, 0}, "no such file or folder");
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

int run_check(const CheckOptions& o) {
  auto files = collect(o.paths);
  if (files.empty())
    elab::fail(parser::Location{o.paths.front(), 0, 0}, "no case found (no *.case or *.witness file under the paths given)");
  int passed = 0, failed = 0, bad = 0, unknown = 0;
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& f : files) {
    if (limits::interrupt_signal()) break;  // stop at the interrupt: the report covers the cases run
    nlohmann::json row{{"case", f}};
    try {
      auto c = elab::load_case(f);
      auto out = cases::run_case(c, o.run.limits(), o.engine, o.certification);
      if (out.refused) {
        ++bad;
        row["error"] = out.detail;
        rows.push_back(row);
        if (!o.run.json) std::cout << fmt::format("BAD  {}: {}\n", f, out.detail);
        continue;
      }
      if (!out.write_error.empty()) {  // a proof folder that cannot be written: like bad input, exit 2
        ++bad;
        row["error"] = out.write_error;
        rows.push_back(row);
        if (!o.run.json) std::cout << fmt::format("BAD  {}: {}\n", f, out.write_error);
        continue;
      }
      if (c.target) row["target"] = target_json(*c.target);
      row["expected"] = out.expected;
      row["actual"] = out.actual;
      row["pass"] = out.pass;
      row["seconds"] = out.seconds;
      if (out.search) row["states"] = out.search->states;
      if (!out.detail.empty()) row["detail"] = out.detail;
      if (c.certify) row["certify"] = c.certify->value;
      if (out.certificate) row["certificate"] = certificate_json(*out.certificate);
      // A limit is not a verdict: the case is neither confirmed nor contradicted. Nor is an
      // answer an interrupt cut short (an engine that did not see the budget, say).
      const bool stopped = !out.pass && (out.limit_reached || limits::interrupt_signal());
      row["limit_reached"] = stopped;
      (out.pass ? passed : stopped ? unknown : failed)++;
      if (!o.run.json)
        std::cout << fmt::format("{} {:<60} expected {:<28} got {}{} ({:.2f} s)\n",
                                 out.pass ? "PASS" : stopped ? "UNKN" : "FAIL", f, out.expected,
                                 out.actual, out.detail.empty() ? "" : " — " + out.detail, out.seconds);
    } catch (const elab::InputError& e) {
      ++bad;
      row["error"] = e.what();
      if (!o.run.json) std::cout << fmt::format("BAD  {}\n{}\n", f, e.what());
    } catch (const std::exception& e) {
      ++bad;
      row["error"] = e.what();
      if (!o.run.json) std::cout << fmt::format("BAD  {}: {}\n", f, e.what());
    }
    rows.push_back(row);
  }
  const int signal = limits::interrupt_signal();
  const std::string interrupted =
      signal ? fmt::format("{} after {} of {} cases", limits::interrupt_reason(signal), rows.size(), files.size()) : "";
  if (o.run.json) {
    std::cout << nlohmann::json{{"command", "check"}, {"cases", rows}, {"passed", passed}, {"failed", failed}, {"unknown", unknown},
                                {"bad_input", bad}, {"cases_selected", files.size()},
                                {"interrupted", signal ? nlohmann::json(interrupted) : nlohmann::json(nullptr)},
                                {"versions", versions_json()}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << fmt::format("{} passed, {} failed{}{}\n", passed, failed + bad,
                             unknown ? fmt::format(", {} unknown (limit reached)", unknown) : "",
                             signal ? "; " + interrupted : "");
  }
  if (bad > 0) return kBadInput;
  if (failed > 0) return kMismatch;
  return unknown > 0 && !o.allow_unknown ? kUndecided : kAnswered;
}
}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<CheckOptions>();
  auto* sub = app.add_subcommand("check", "run cases (files or folders) and compare verdicts; exit 1 on any mismatch, 4 when nothing failed but some case is unknown");
  sub->add_option("paths", o->paths, "case files or folders (searched for *.case and *.witness)")->required();
  sub->add_option("--engine", o->engine,
                  "judge reachability cases with this engine (default: each case's own, else explicit); "
                  "all: the case's own, then every other engine, which must agree or answer unknown")
      ->check(CLI::IsMember({"explicit", "sat", "smt", "all"}));
  sub->add_flag("--certify", o->certification.every_no_win,
                "certify every no-win with a DRAT proof checked by carve (cases with `certify drat;` always are)");
  sub->add_option("--proof-dir", o->certification.proof_dir, "keep the CNF and DRAT files of the certificates in this folder");
  sub->add_flag("--allow-unknown", o->allow_unknown,
                "exit 0 when nothing failed even if some case is unknown (a limit reached); default: exit 4");
  o->run.add_to(*sub);  // --timeout and --memory-limit hold for each engine's run of each case
  sub->callback([o, &exit_code]() { exit_code = run_check(*o); });
}

}  // namespace carve::cli
