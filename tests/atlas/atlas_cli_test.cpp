// carve atlas end to end: plan -> run -> report, the resume after a kill (no finished result
// lost, no settled question answered twice), single jobs folded by merge giving the same answers
// as the pool, the Slurm script's array, SIGTERM to the pool, and bad input with exit code 2.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using carve::testing::Outcome;

Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

std::string fresh_dir(const std::string& name) {
  const std::string d = carve::testing::unique_path(name);
  fs::remove_all(d);
  return d;
}

std::string spec() { return std::string(CARVE_ROOT) + "/spec/binary_tree.carve"; }

std::vector<std::string> lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) out.push_back(l);
  return out;
}

// key -> value shown (status and turns) for every record of the store; fails on a repeated key.
std::map<std::string, std::string> answers(const std::string& dir) {
  std::map<std::string, std::string> out;
  for (const auto& l : lines(dir + "/results.jsonl")) {
    const auto j = nlohmann::json::parse(l);
    EXPECT_TRUE(out.emplace(j["key"], j["status"].get<std::string>() + " " + j["turns"].dump()).second)
        << "question " << j["key"] << " answered twice";
  }
  return out;
}

std::string plan_small(const std::string& dir, const std::string& extra = "") {
  const auto r = run("atlas plan " + spec() + " --dir " + dir + " --max-vertices 3 --depths 3 --profiles simple,trail --max-turns 5 " + extra);
  EXPECT_EQ(r.code, 0) << r.out;
  return r.out;
}

TEST(AtlasCli, PlanRunReport) {
  const std::string dir = fresh_dir("atlas");
  EXPECT_NE(plan_small(dir).find("planned 8 questions (4 targets x 2 profiles x 1 depths"), std::string::npos);
  const auto r = run("atlas run " + dir + " --jobs 2");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("8 questions, 0 already in the store, 8 answered now, 0 failed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[8/8]"), std::string::npos) << r.out;  // the progress line, done/total
  const auto a = answers(dir);
  EXPECT_EQ(a.size(), 8u);
  for (const auto& [key, value] : a) EXPECT_EQ(value.rfind("certified ", 0), 0u) << key << ": " << value;
  // A second run finds everything settled and answers nothing.
  const auto again = run("atlas run " + dir);
  EXPECT_NE(again.out.find("8 already in the store, 0 answered now"), std::string::npos) << again.out;
  const auto rep = run("atlas report " + dir);
  ASSERT_EQ(rep.code, 0) << rep.out;
  std::ifstream in(dir + "/report/index.html");
  const std::string html((std::istreambuf_iterator<char>(in)), {});
  std::size_t links = 0;
  for (std::size_t p = html.find("<a href=\"plays/"); p != std::string::npos; p = html.find("<a href=\"plays/", p + 1)) ++links;
  EXPECT_EQ(links, 8u);  // every win opens its witness in the player
  for (const auto& [key, value] : a) EXPECT_TRUE(fs::exists(dir + "/report/plays/" + key + "/index.html")) << key;
  for (const auto& l : lines(dir + "/results.jsonl")) {  // each play is stamped with the witness it shows
    const auto j = nlohmann::json::parse(l);
    EXPECT_EQ(lines(dir + "/report/plays/" + j["key"].get<std::string>() + "/witness.sha256"), std::vector<std::string>{j["witness"]["sha256"]});
  }
  EXPECT_EQ(lines(dir + "/report/atlas.csv").size(), 9u);
}

// Killing `atlas run` mid-way (SIGKILL, while a worker may still be running) and running it
// again: every record written before the kill is still there, unchanged, and no question is
// answered twice.
TEST(AtlasCli, ResumeAfterAKillLosesAndRepeatsNothing) {
  const std::string dir = fresh_dir("atlas");
  plan_small(dir);
  const std::string store = dir + "/results.jsonl";
  pid_t pid = 0;
  const std::string bin = CARVE_BINARY;
  std::vector<const char*> argv = {bin.c_str(), "atlas", "run", dir.c_str(), "--jobs", "2", "--quiet", "--test-hang-after", "3", nullptr};
  ASSERT_EQ(posix_spawn(&pid, bin.c_str(), nullptr, nullptr, const_cast<char* const*>(argv.data()), environ), 0);
  for (int waited = 0; lines(store).size() < 3 && waited < 6000; ++waited) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const auto before = lines(store);
  ASSERT_EQ(before.size(), 3u) << "the run did not reach its third answer";
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the worker dies with its pool
  const auto r = run("atlas run " + dir + " --quiet");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto after = lines(store);
  ASSERT_GE(after.size(), before.size());
  for (std::size_t i = 0; i < before.size(); ++i) EXPECT_EQ(after[i], before[i]) << "record " << i << " changed";
  EXPECT_EQ(answers(dir).size(), 8u);  // every question once (answers() fails on a repeat)
}

// SIGTERM to the pool alone (not its process group, as a scheduler or `kill PID` sends it): the
// pool passes it on to its worker, which stops through its budget; the run exits 143, the
// question it stopped is not recorded (its "unknown" is the run's, not the question's), and no
// worker outlives the pool (it waits for them). The question -- C4 under the literal reading at
// depth 6 within 4 turns -- takes tens of seconds to answer, far longer than the signal's delay.
TEST(AtlasCli, SigtermStopsThePoolAndRecordsNothingItInterrupted) {
  const std::string dir = fresh_dir("atlas");
  ASSERT_EQ(run("atlas plan " + spec() + " --dir " + dir + " --target C4 --depths 6 --profiles literal --max-turns 4").code, 0);
  pid_t pid = 0;
  const std::string bin = CARVE_BINARY;
  std::vector<const char*> argv = {bin.c_str(), "atlas", "run", dir.c_str(), "--quiet", nullptr};
  ASSERT_EQ(posix_spawn(&pid, bin.c_str(), nullptr, nullptr, const_cast<char* const*>(argv.data()), environ), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "the pool died of the signal instead of stopping";
  EXPECT_EQ(WEXITSTATUS(status), 143);
  EXPECT_TRUE(lines(dir + "/results.jsonl").empty()) << "an interrupted question was recorded";
  EXPECT_FALSE(fs::exists(dir + "/parts/job-0.json"));
}

// `atlas run --timeout` overrides the plan's limit in every worker: the same long question (tens
// of seconds) under a plan of 300 s, run with --timeout 0.5, is recorded unknown by that timeout;
// --retry-open asks it again.
TEST(AtlasCli, RunTimeoutOverridesThePlans) {
  const std::string dir = fresh_dir("atlas");
  ASSERT_EQ(run("atlas plan " + spec() + " --dir " + dir + " --target C4 --depths 6 --profiles literal --max-turns 4 --timeout 300").code, 0);
  const auto r = run("atlas run " + dir + " --quiet --timeout 0.5");
  ASSERT_EQ(r.code, 0) << r.out;
  auto records = lines(dir + "/results.jsonl");
  ASSERT_EQ(records.size(), 1u);
  auto j = nlohmann::json::parse(records[0]);
  EXPECT_EQ(j["status"], "unknown") << records[0];
  EXPECT_NE(j["reason"].get<std::string>().find("timeout after 0.5 s"), std::string::npos) << records[0];
  ASSERT_EQ(run("atlas run " + dir + " --quiet --retry-open --timeout 0.5").code, 0);
  EXPECT_EQ(lines(dir + "/results.jsonl").size(), 2u);  // asked again, its record appended
}

// --retry-open on a win whose certificate a limit stopped (the record edited to say so, as the
// D = 5 atlas's D^{ literal said) certifies it below the recorded witness, without searching:
// the appended record is certified, keeps the witness, and names the record it completes. A
// second retry then has nothing to do (the question is settled).
TEST(AtlasCli, RetryCompletesAnUncertifiedWin) {
  const std::string dir = fresh_dir("atlas");
  ASSERT_EQ(run("atlas plan " + spec() + " --dir " + dir + " --target P4 --depths 3 --profiles simple --max-turns 5").code, 0);
  ASSERT_EQ(run("atlas run " + dir + " --quiet").code, 0);
  auto first = nlohmann::json::parse(lines(dir + "/results.jsonl").at(0));
  ASSERT_EQ(first["status"], "certified");
  auto win = first;
  win["status"] = "win";
  win["lower_bound_certified"] = false;
  win["certificate"] = nullptr;
  std::ofstream(dir + "/results.jsonl", std::ios::app) << win.dump() << "\n";
  ASSERT_EQ(run("atlas report " + dir + " --no-plays").code, 0);
  EXPECT_EQ(lines(dir + "/report/atlas.md").at(1).find("given under another"), std::string::npos);
  // Retried under a timeout other than the plan's: the record and the report's header say so.
  ASSERT_EQ(run("atlas run " + dir + " --quiet --retry-open --timeout 77").code, 0);
  const auto records = lines(dir + "/results.jsonl");
  ASSERT_EQ(records.size(), 3u);
  const auto j = nlohmann::json::parse(records[2]);
  EXPECT_EQ(j["status"], "certified") << records[2];
  EXPECT_EQ(j["witness"], first["witness"]);
  EXPECT_EQ(j["witness_from"], first["finished"]);
  EXPECT_EQ(j["seconds"]["search"].get<double>(), 0.0);
  EXPECT_EQ(j["certificate"]["turns"].get<int>(), first["turns"].get<int>() - 1);
  EXPECT_EQ(j["timeout"].get<double>(), 77.0);
  ASSERT_EQ(run("atlas report " + dir + " --no-plays").code, 0);
  const std::string header = lines(dir + "/report/atlas.md").at(1);
  EXPECT_NE(header.find("(1 of the 1 answers shown were given under another, by `atlas run --timeout`: 1 under 77 s)"),
            std::string::npos) << header;
  {  // Records written before the field: the timeout is read from the command (argv) they were run by.
    std::ofstream out(dir + "/results.jsonl", std::ios::trunc);
    for (const auto& l : records) {
      auto r = nlohmann::json::parse(l);
      r.erase("timeout");
      out << r.dump() << "\n";
    }
  }
  ASSERT_EQ(run("atlas report " + dir + " --no-plays").code, 0);
  EXPECT_EQ(lines(dir + "/report/atlas.md").at(1), header);
  ASSERT_EQ(run("atlas run " + dir + " --quiet --retry-open").code, 0);
  EXPECT_EQ(lines(dir + "/results.jsonl").size(), 3u);
}

// What Slurm's array tasks do -- one `--job I` each, then `merge` -- gives the answers of the pool.
TEST(AtlasCli, SingleJobsMergedEqualThePool) {
  const std::string pooled = fresh_dir("pool"), jobs = fresh_dir("jobs");
  plan_small(pooled);
  plan_small(jobs);
  ASSERT_EQ(run("atlas run " + pooled + " --quiet").code, 0);
  const auto script = run("atlas slurm " + jobs + " --max-parallel 2");
  ASSERT_EQ(script.code, 0) << script.out;
  std::ifstream in(jobs + "/atlas.sbatch");
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("#SBATCH --array=0-7%2\n"), std::string::npos) << text;
  for (int i = 0; i < 8; ++i) ASSERT_EQ(run("atlas run " + jobs + " --job " + std::to_string(i) + " --quiet").code, 0);
  const auto m = run("atlas merge " + jobs);
  EXPECT_NE(m.out.find("merged 8 results (0 already in the store); 0 of 8 questions still without a result"), std::string::npos) << m.out;
  EXPECT_EQ(answers(jobs), answers(pooled));
  // Nothing left: the script's array would be empty.
  EXPECT_NE(run("atlas slurm " + jobs).out.find("nothing to run"), std::string::npos);
}

TEST(AtlasCli, BadInputIsExitTwo) {
  const std::string dir = fresh_dir("atlas");
  auto r = run("atlas plan " + spec() + " --dir " + dir + " --target K3 --profiles nosuch");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("nosuch"), std::string::npos) << r.out;
  r = run("atlas plan " + spec() + " --dir " + dir + " --target Q7");
  EXPECT_EQ(r.code, 2) << r.out;
  r = run("atlas plan " + spec() + " --dir " + dir);
  EXPECT_EQ(r.code, 2) << r.out;
  r = run("atlas run " + dir);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("no plan here"), std::string::npos) << r.out;
  plan_small(dir);
  r = run("atlas run " + dir + " --job 99");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("--job 99 is not in the plan (0..7)"), std::string::npos) << r.out;
}

}  // namespace

namespace {

// `atlas verify` reads every file back: an untouched atlas passes; a witness or a CNF changed by
// one byte is named (exit 1), and so is a proof the checker no longer accepts.
TEST(AtlasCli, VerifyReadsEveryFileBack) {
  const std::string dir = fresh_dir("atlas");
  ASSERT_EQ(run("atlas plan " + spec() + " --dir " + dir + " --target P3 --target K3 --depths 3 --profiles simple").code, 0);
  ASSERT_EQ(run("atlas run " + dir + " --quiet").code, 0);
  auto v = run("atlas verify " + dir + " --proofs");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("verified  2 records: 2 witnesses replayed, 2 certificates (2 proofs checked again, 0 without their files), 0 problems"),
            std::string::npos) << v.out;
  const auto recs = lines(dir + "/results.jsonl");
  const auto k3 = nlohmann::json::parse(recs[1]);
  {  // the K3 witness loses its last turn: no longer the recorded file, no longer a win
    const std::string w = dir + "/" + k3["witness"]["file"].get<std::string>();
    std::ifstream in(w);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    text.replace(text.rfind("turn add"), 8, "// turn ");
    std::ofstream(w) << text;
  }
  {  // the K3 certificate's CNF gets one more clause
    std::ofstream(dir + "/" + k3["certificate"]["cnf"].get<std::string>(), std::ios::app) << "1 0\n";
  }
  v = run("atlas verify " + dir);
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("K3 simple d3 (" + k3["key"].get<std::string>() + "): witness"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("changed (SHA-256)"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("2 problems"), std::string::npos) << v.out;
}

}  // namespace
