// carve check: run every case under the given paths and compare with the expected answers.
// --timeout is per case (per engine run of a case); a case stopped by a limit is `unknown`,
// neither passed nor failed. Exit codes: 0 every case passed, 1 some case failed, 2 bad input (or
// no case found), 4 nothing failed but some case is unknown (0 with --allow-unknown).
// -j N judges N cases at once on threads (each case owns its engines; the memory limit is the
// process's, shared); the report keeps the sorted order of the paths, so -j changes the wall
// time and nothing else. SIGINT/SIGTERM stop the run after the cases it interrupts (those
// unknown; no further case starts): the report covers the cases run, exit 130/143.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "questions/check/run_case.hpp"
#include "questions/report/answer_report.hpp"
#include "front/cli/certificate_manifest.hpp"
#include "front/cli/check_report.hpp"
#include "front/cli/common.hpp"
#include "front/cli/engine_option.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/limits/interrupt.hpp"
#include "foundations/limits/progress.hpp"

namespace carve::cli {

namespace {
namespace fs = std::filesystem;
using Status = CaseReport::Status;

// check --engine's one value that is no engine: the case's own, then every other one.
constexpr const char* kEveryEngine = "all";

// The engines that judge a case for --engine's value (checked: an engine of the table or "all").
cases::Judges judges(const std::string& engine) {
  cases::Judges j;
  if (engine == kEveryEngine) j.every = true;
  else if (!engine.empty()) j.forced = engine_named(engine);
  return j;
}

struct CheckOptions {
  std::vector<std::string> paths;
  std::string engine;
  cases::Certification certification;
  RunOptions run;
  int jobs = 1;
  std::string junit;
  bool tap = false;
  bool allow_unknown = false;
};

std::vector<std::string> collect(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      const auto before = files.size();
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && (e.path().extension() == ".case" || e.path().extension() == ".witness"))
          files.push_back(e.path().string());
      // A CI job that points at the wrong folder must not pass with "0 passed, 0 failed".
      if (files.size() == before) elab::fail(parser::Location{p, 0, 0}, "no case files (*.case, *.witness) in this folder");
    } else if (fs::exists(p, ec)) {
      files.push_back(p);
    } else {
      elab::fail(parser::Location{p, 0, 0}, ec ? "cannot read: " + ec.message() : "no such file or folder");
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

CaseReport bad_input(const std::string& file, const std::string& error) {
  CaseReport r;
  r.file = file;
  r.status = Status::BadInput;
  r.error = error;
  r.row = {{"case", file}, {"outcome", "bad_input"}, {"error", error}};
  return r;
}

CaseReport judge(const std::string& f, const CheckOptions& o, const limits::Limits& limits) {
  try {
    elab::Case c;
    limits::Budget load_budget(limits);  // the limits hold for elaborating the case, too
    try {
      elab::Overrides ov;
      ov.depth_any_allowed = true;  // `depth any;`: judged on the infinite tree by the shape engine (run_case)
      c = elab::load_case(f, ov, &load_budget);
    } catch (const limits::LimitReached& e) {
      // Not a verdict: the case is neither confirmed nor contradicted.
      CaseReport r;
      r.file = f;
      r.status = Status::Unknown;
      r.actual = fmt::format("unknown ({})", e.what());
      r.seconds = load_budget.elapsed_seconds();
      r.row = {{"case", f}, {"outcome", "unknown"}, {"actual", r.actual}, {"pass", false}, {"limit_reached", true},
               {"seconds", r.seconds}};
      return r;
    }
    auto out = cases::run_case(c, limits, judges(o.engine), o.certification);
    if (out.refused) return bad_input(f, out.detail);
    // A proof folder that cannot be written: like bad input, exit 2.
    if (!out.write_error.empty()) return bad_input(f, out.write_error);
    // A limit is not a verdict: the case is neither confirmed nor contradicted. Nor is an answer
    // an interrupt cut short (an engine that did not see the budget, say).
    const bool stopped = !out.pass && (out.limit_reached || limits::interrupt_signal());
    CaseReport r;
    r.file = f;
    r.status = out.pass ? Status::Pass : stopped ? Status::Unknown : Status::Fail;
    r.expected = out.expected;
    r.actual = out.actual;
    r.detail = out.detail;
    r.answer = out.answer;
    r.seconds = out.seconds;
    auto& row = r.row;
    row["case"] = f;
    row["outcome"] = out.pass ? "passed" : stopped ? "unknown" : "failed";
    if (c.target) row["target"] = target_json(*c.target);
    row["expected"] = out.expected;
    row["actual"] = out.actual;
    row["pass"] = out.pass;
    row["limit_reached"] = stopped;
    row["seconds"] = out.seconds;
    // The engine's answer as solve --json writes it (the one answer writer); its certificate,
    // when one was asked, is the case's `certificate` below, by the one certificate writer.
    if (out.search) row["result"] = answer_json(AnswerReport{c.game, *c.target, c.turns->value, *out.search, c.settings.depth_any});
    if (!out.detail.empty()) row["detail"] = out.detail;
    if (!out.answer.empty()) row["answer"] = out.answer;
    if (c.certify) row["certify"] = c.certify->value;
    if (out.certificate) {
      // With --proof-dir, an accepted certificate gets its manifest: the case is its question.
      std::string manifest;
      if (!o.certification.proof_dir.empty() && out.certificate->accepted()) {
        CertifiedQuestion q;
        q.command = "check";
        q.input = f;
        q.game.depth_any = q.game.depth_any_allowed = c.settings.depth_any;  // the manifest's depth "any": the shape formula
        manifest = write_certificate_manifest(q, c, *out.certificate);
      }
      // Without --proof-dir the files lived in a temporary folder, removed by now.
      const bool kept = !o.certification.proof_dir.empty();
      row["certificate"] = certificate_json(*out.certificate, {kept ? Files::Kept : Files::Removed, "--keep-proofs DIR", manifest, ""});
    }
    return r;
  } catch (const elab::InputError& e) {
    return bad_input(f, e.what());
  } catch (const std::exception& e) {
    return bad_input(f, e.what());
  }
}

// Runs the cases on `jobs` threads. The calling thread prints each report as soon as it and all
// before it are done (text mode), and keeps a progress line naming the cases running. After an
// interrupt no case starts; the reports returned are those of the cases run, in order.
std::vector<CaseReport> run_all(const std::vector<std::string>& files, const CheckOptions& o) {
  auto limits = o.run.limits();
  limits::Progress progress(limits.progress, "check");
  limits.progress = false;  // the engines' own lines would not say which case they are about
  std::vector<CaseReport> reports(files.size());
  enum : int { kWaiting, kRunning, kDone, kNotRun };
  std::vector<std::atomic<int>> state(files.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&]() {
    for (std::size_t i; (i = next++) < files.size();) {
      if (limits::interrupt_signal()) {  // stop at the interrupt: the report covers the cases run
        state[i] = kNotRun;
        continue;
      }
      state[i] = kRunning;
      reports[i] = judge(files[i], o, limits);
      state[i] = kDone;
    }
  };
  std::vector<std::thread> threads;
  const int jobs = std::max(1, std::min<int>(o.jobs, static_cast<int>(files.size())));
  for (int t = 0; t < jobs; ++t) threads.emplace_back(worker);
  const bool text = !o.run.json && !o.tap;
  std::size_t printed = 0;
  while (printed < files.size()) {
    if (state[printed] == kNotRun) {
      ++printed;
      continue;
    }
    if (state[printed] == kDone) {
      progress.clear();
      if (text) std::cout << text_line(reports[printed]) << std::flush;
      ++printed;
      continue;
    }
    if (progress.due()) {
      std::string running;
      std::size_t done = printed;
      for (std::size_t i = printed; i < files.size(); ++i) {
        if (state[i] == kRunning) running += (running.empty() ? "" : ", ") + files[i];
        done += state[i] == kDone;
      }
      progress.show(fmt::format("{}/{} done, running {}", done, files.size(), running));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (auto& t : threads) t.join();
  std::vector<CaseReport> run;
  for (std::size_t i = 0; i < files.size(); ++i)
    if (state[i] == kDone) run.push_back(std::move(reports[i]));
  return run;
}


int run_check(const CheckOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto files = collect(o.paths);
  const auto reports = run_all(files, o);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const CheckTotals t(reports);
  // Checked and atomic (files/): a failed write is exit 2 naming the file and the reason.
  if (!o.junit.empty()) files::write_file_atomically(o.junit, junit_xml(reports, seconds));
  const int signal = limits::interrupt_signal();
  const std::string interrupted =
      signal ? fmt::format("{} after {} of {} cases", limits::interrupt_reason(signal), reports.size(), files.size()) : "";
  if (o.run.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : reports) rows.push_back(r.row);
    std::cout << nlohmann::json{{"command", "check"}, {"cases", rows}, {"passed", t.passed}, {"failed", t.failed},
                                {"unknown", t.unknown}, {"bad_input", t.bad_input}, {"cases_selected", files.size()},
                                {"interrupted", signal ? nlohmann::json(interrupted) : nlohmann::json(nullptr)},
                                {"jobs", o.jobs}, {"seconds", seconds},
                                {"versions", versions_json()}}
                     .dump(2)
              << "\n";
  } else if (o.tap) {
    std::cout << tap_text(reports);
  } else {
    std::cout << t.text() << (signal ? "; " + interrupted : "") << "\n";
  }
  if (t.bad_input > 0) return kBadInput;
  if (t.failed > 0) return kMismatch;
  return t.unknown > 0 && !o.allow_unknown ? kUndecided : kAnswered;
}
}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<CheckOptions>();
  auto* sub = app.add_subcommand("check", "run cases (files or folders) and compare verdicts; exit 1 on any mismatch, 2 on bad input, "
                                 "4 when nothing failed but some case is unknown");
  sub->add_option("paths", o->paths, "case files or folders (searched for *.case and *.witness; a folder without any is an error)")
      ->required();
  sub->add_option("--engine", o->engine,
                  "judge reachability cases with this engine (default: each case's own, else explicit); "
                  "all: the case's own, then every other engine, which must agree or answer unknown")
      ->check(engine_check(elab::automatic()) | CLI::IsMember({kEveryEngine}));
  sub->add_flag("--certify", o->certification.every_no_win,
                "certify every no-win with a DRAT proof checked by carve (cases with `certify drat;` always are)");
  sub->add_option("--keep-proofs,--proof-dir", o->certification.proof_dir,
                  "keep the CNF and DRAT files of the certificates in this folder, each accepted one with its manifest "
                  "NAME.certificate.json (`carve verify-certificate`); else they are removed after the check");
  sub->add_option("-j,--jobs", o->jobs, "judge this many cases at once (the report keeps the order of the paths)")
      ->check(CLI::Range(1, 256));
  sub->add_flag("--allow-unknown", o->allow_unknown,
                "exit 0 when nothing failed even if some case is unknown (a limit reached); default: exit 4");
  sub->add_option("--junit", o->junit, "also write the report as JUnit XML to this file (for CI test reporters)");
  o->run.add_to(*sub);  // --timeout and --memory-limit hold for each engine's run of each case
  sub->add_flag("--tap", o->tap, "print the report as TAP version 13 instead of text")->excludes(sub->get_option("--json"));
  sub->callback([o, &exit_code]() { exit_code = run_check(*o); });
}

}  // namespace carve::cli
