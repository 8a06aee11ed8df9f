// Plan, pool, verdict: the same three steps as `carve atlas plan/run/verify` on one question.
#include "front/cli/split_solve.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "questions/atlas/job_pool.hpp"
#include "questions/atlas/split_plan.hpp"
#include "questions/atlas/split_verdict.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "rules/model/counted.hpp"

namespace carve::cli {

namespace fs = std::filesystem;

namespace {

void check_split_question(const SplitSolveOptions& o) {
  if (!is_spec_path(o.input))
    elab::fail(cli_location("--split"), "--split takes a spec (.carve) with --target, --turns and --depth, not a case file");
  if (o.game.depth_any || o.game.vars || !o.game.depth)
    elab::fail(cli_location("--split"), "--split cuts a question at a depth: give --depth D (not --depth any or --vars)");
  if (o.engine != elab::Engine::Auto && o.engine != elab::Engine::Sat)
    elab::fail(cli_location("--engine"), "the parts of --split are answered and certified by the sat engine: drop --engine or give sat");
  if (!o.game.root.empty()) elab::fail(cli_location("--root"), "--split splits the first moves from S_0 with root λ: drop --root");
}

std::string split_dir(const std::string& given) {
  if (!given.empty()) return given;
  std::string tmpl = (fs::temp_directory_path() / "carve-split-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) elab::fail(cli_location("--dir"), "cannot make a temporary folder; give --dir DIR");
  return tmpl;
}

// A folder that already holds a plan keeps it only when it is the same question (a resumed run).
void write_or_resume(const std::string& dir, const atlas::Plan& plan) {
  if (fs::exists(atlas::plan_path(dir))) {
    const auto old = atlas::read_plan(dir);
    bool same = old.questions.size() == plan.questions.size();
    for (std::size_t i = 0; same && i < plan.questions.size(); ++i) same = old.questions[i].key == plan.questions[i].key;
    if (!same) elab::fail(cli_location("--dir"), fmt::format("{} holds another plan; give an empty --dir", dir));
    return;
  }
  atlas::write_plan(dir, plan);
}

void print_verdict(const atlas::Plan& plan, const atlas::SplitVerdict& v, const std::string& dir, double wall) {
  const auto& q = plan.questions.front();
  std::cout << fmt::format("split     {} under {} at depth {} within {}: {} parts; {} first moves of S_0 in {} orbits\n", q.target, q.profile,
                           q.depth, model::counted(plan.settings.max_turns, "turn"), v.parts, v.covering.first_moves, v.covering.orbits);
  std::cout << fmt::format("covering  {}\n", v.covering.ok ? "checked: every first move lies in the orbit of exactly one part's representative"
                                                           : "FAILED");
  std::cout << fmt::format("parts     {} answered, {} no-win certified by an accepted DRAT proof ({:.1f} s of parts, {:.1f} s wall)\n",
                           v.answered, v.certified_parts, v.part_seconds, wall);
  for (const auto& p : v.problems) std::cout << "  " << p << "\n";
  if (v.verdict == "win") {
    std::cout << fmt::format("verdict   win in {} (witness replayed from S_0 as a whole play)\n", model::counted(*v.turns, "turn"));
    std::cout << play_lines(v.witness["moves"].get<std::vector<std::string>>());
    std::cout << fmt::format("witness   {}\n", (fs::path(dir) / v.witness["file"].get<std::string>()).string());
  } else if (v.verdict == "no-win") {
    std::cout << fmt::format("verdict   no-win{}\n", v.certified ? ", certified: the covering checked and every part's proof accepted"
                                                                   : ", NOT certified (above: the parts without an accepted proof)");
  } else {
    std::cout << "verdict   unknown (above: what is missing)\n";
  }
  std::cout << fmt::format("folder    {} (carve atlas verify {} --proofs reads it back)\n", dir, dir);
}

}  // namespace

int solve_split(const SplitSolveOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  check_split_question(o);
  const elab::Case c = load_question(o.input, o.target, o.turns, o.game);
  const std::string dir = split_dir(o.dir);
  atlas::SplitQuestion sq{o.input, o.target, c.game.profile, o.game.sets, *o.game.depth, c.turns->value, o.parts, {}};
  sq.settings.timeout = o.run.timeout;
  sq.settings.memory_mb = o.run.memory_mb;
  auto plan = atlas::make_split_plan(dir, sq);
  plan.command = {"carve", "solve", o.input, "--split", std::to_string(o.parts)};
  write_or_resume(dir, plan);
  if (o.plan_only) {
    std::cout << fmt::format("planned   {} parts in {}: run them with `carve atlas run {} --jobs N` (or `carve atlas slurm`), then "
                             "`carve atlas verify {}`\n",
                             plan.questions.size(), atlas::plan_path(dir), dir, dir);
    return kAnswered;
  }
  const std::size_t memory = o.run.memory_mb > 0 ? o.run.memory_mb : limits::default_memory_mb() / static_cast<std::size_t>(o.jobs);
  const auto pool = atlas::run_pool(dir, plan, {o.jobs, false, o.run.quiet || o.run.json, self_executable(), memory, 0});
  const auto v = atlas::split_verdict(dir, plan, false);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (o.run.json) {
    auto j = atlas::split_verdict_json(v);
    j["command"] = "solve --split";
    j["dir"] = dir;
    j["wall_seconds"] = wall;
    std::cout << j.dump(2) << "\n";
  } else {
    print_verdict(plan, v, dir, wall);
  }
  if (pool.failed > 0) return pool.worst_exit == kBadInput ? kBadInput : 3;
  return kAnswered;
}

}  // namespace carve::cli
