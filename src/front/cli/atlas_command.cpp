// carve atlas: sweeps of independent questions -- plan (targets x profiles x depths into
// DIR/plan.json), run (a local pool of workers, or one job), report (Markdown, CSV, the HTML
// grid and the drawn witnesses), slurm (a job-array script running the same jobs on a cluster),
// merge (folding the Slurm tasks' results into the store) and verify (reading it all back). The machinery is in atlas/.
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "questions/atlas/atlas_verify.hpp"
#include "questions/atlas/job_pool.hpp"
#include "questions/atlas/question_run.hpp"
#include "questions/atlas/report.hpp"
#include "questions/atlas/result_store.hpp"
#include "questions/atlas/slurm_script.hpp"
#include "questions/atlas/split_verdict.hpp"
#include "front/cli/common.hpp"
#include "front/cli/engine_option.hpp"
#include "rules/elaborate/case.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/limits/interrupt.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "rules/model/connected_graphs.hpp"

namespace carve::cli {

namespace {

namespace fs = std::filesystem;

std::vector<std::string> g_argv;  // the command line, for records and plans

// Store and plan problems are the user's files at fault: exit 2 with the message.
template <class F>
int guarded(F&& f) {
  try {
    return f();
  } catch (const elab::InputError&) {
    throw;
  } catch (const std::logic_error&) {
    throw;
  } catch (const std::runtime_error& e) {
    std::cerr << "carve atlas: " << e.what() << "\n";
    return kBadInput;
  }
}

struct PlanOptions {
  std::string spec, dir;
  std::vector<std::string> targets;
  int max_vertices = 0;
  std::vector<std::string> profiles{"literal", "simple", "trail", "cycle", "lenient"};
  std::vector<int> depths{4};
  atlas::Settings settings;
  std::string engine = "sat";  // --engine, checked against the table; settings.engine once parsed
  bool drop_proofs = false;
};

int run_plan(PlanOptions o) {
  std::vector<std::string> targets = o.targets;
  if (o.max_vertices > 0) {
    if (o.max_vertices > model::kMaxConnectedVertices)
      elab::fail(cli_location("--max-vertices"), fmt::format("--max-vertices {} is out of range (1..{})", o.max_vertices, model::kMaxConnectedVertices));
    for (auto& g : model::connected_graphs(o.max_vertices)) targets.push_back(g);
  }
  if (targets.empty()) elab::fail(cli_location("--target"), "no targets: give --target G (repeatable) or --max-vertices N");
  o.settings.keep_proofs = !o.drop_proofs;
  o.settings.engine = engine_named(o.engine);
  // Every reading and target is elaborated once here, so a bad one is refused before any job runs.
  const auto spec = elab::load_spec(o.spec);
  for (const auto& profile : o.profiles)
    for (int depth : o.depths) {
      GameOptions g;
      g.profile = profile;
      g.sets = o.settings.sets;
      g.depth = depth;
      const auto game = elab::elaborate(spec, g.settings_for_spec());
      for (const auto& t : targets) {
        const elab::Located<std::string> given{t, cli_location("--target")};
        elab::check_target_fits(game, elab::resolve_target_text(given), given.loc);
      }
    }
  auto plan = atlas::make_plan(o.dir, o.spec, targets, o.profiles, o.depths, o.settings);
  plan.command = g_argv;
  atlas::write_plan(o.dir, plan);
  std::cout << fmt::format("planned {} questions ({} targets x {} profiles x {} depths, at most {} turns, engine {}) in {}\n",
                           plan.questions.size(), targets.size(), o.profiles.size(), o.depths.size(), o.settings.max_turns,
                           elab::name(o.settings.engine), atlas::plan_path(o.dir));
  return kAnswered;
}

struct AtlasRunOptions {
  std::string dir;
  int jobs = 1;
  std::optional<int> job;
  bool retry_open = false;
  bool quiet = false;
  std::size_t memory_mb = 0;
  std::optional<double> timeout;  // over the plan's: a question that needs longer on this machine
  int hang_after = 0;
};

int run_one_job(const AtlasRunOptions& o, const atlas::Plan& plan) {
  if (*o.job < 0 || *o.job >= static_cast<int>(plan.questions.size()))
    elab::fail(cli_location("--job"), fmt::format("--job {} is not in the plan (0..{})", *o.job, plan.questions.size() - 1));
  const auto& q = plan.questions[*o.job];
  const auto store = atlas::read_store(o.dir);
  if (const auto it = store.latest.find(q.key); it != store.latest.end() && atlas::is_settled(it->second)) {
    std::cout << "already settled: " << atlas::record_line(it->second) << "\n";
    return kAnswered;
  }
  atlas::RunContext ctx{o.dir, g_argv, !o.quiet && isatty(2), versions_json()};
  auto settled = plan;
  if (o.memory_mb > 0) settled.settings.memory_mb = o.memory_mb;
  if (o.timeout) settled.settings.timeout = *o.timeout;
  // A win whose certificate a limit stopped: only that certificate is asked for again.
  const auto* earlier = atlas::completable_win(store.records, q.key);
  const auto record = earlier ? atlas::complete_win(settled, q, ctx, *earlier) : atlas::answer_question(settled, q, ctx);
  // An interrupted question's "unknown" is this run's, not the question's: no record, so the
  // next run asks it again.
  if (const int signal = limits::interrupt_signal(); signal != 0) {
    std::cout << fmt::format("{}: {}, not recorded\n", q.key, limits::interrupt_reason(signal));
    return limits::interrupted_exit_code(signal);
  }
  atlas::write_part(o.dir, q.index, record);
  std::cout << atlas::record_line(record) << "\n";
  return kAnswered;
}

int run_atlas(const AtlasRunOptions& o) {
  const auto plan = atlas::read_plan(o.dir);
  if (o.job) return run_one_job(o, plan);
  // N workers share the machine: without a limit in the plan (or here), each gets 1/N of the default.
  const std::size_t memory = o.memory_mb > 0                  ? o.memory_mb
                             : plan.settings.memory_mb > 0    ? plan.settings.memory_mb
                                                              : limits::default_memory_mb() / static_cast<std::size_t>(o.jobs);
  atlas::PoolOptions po{o.jobs, o.retry_open, o.quiet, self_executable(), memory, o.timeout, o.hang_after};
  const auto s = atlas::run_pool(o.dir, plan, po);
  std::cout << fmt::format("atlas {}: {} questions, {} already in the store, {} answered now, {} failed ({:.1f} s wall, {} jobs)\n",
                           o.dir, s.total, s.skipped, s.answered, s.failed, s.seconds, o.jobs);
  if (s.interrupted != 0) {
    std::cout << fmt::format("{}: {} running question{} stopped and not recorded; `carve atlas run {}` asks them again\n",
                             limits::interrupt_reason(s.interrupted), s.interrupted_jobs, s.interrupted_jobs == 1 ? "" : "s", o.dir);
    return limits::interrupted_exit_code(s.interrupted);
  }
  return s.failed == 0 ? kAnswered : s.worst_exit == kBadInput ? kBadInput : 3;
}

void add_plan(CLI::App& atlas, int& exit_code) {
  auto o = std::make_shared<PlanOptions>();
  auto* sub = atlas.add_subcommand("plan", "write a sweep of questions (targets x profiles x depths) as independent jobs: DIR/plan.json");
  sub->add_option("spec", o->spec, "the spec (.carve)")->required();
  sub->add_option("--dir", o->dir, "the atlas folder (plan, results store, witnesses, certificates, report)")->required();
  sub->add_option("--target", o->targets, "a target (any syntax solve reads; repeatable)");
  sub->add_option("--max-vertices", o->max_vertices, "also every connected graph on 1..N vertices (nauty's geng; N <= 8)");
  sub->add_option("--profiles", o->profiles, "the readings (default: literal,simple,trail,cycle,lenient)")->delimiter(',');
  sub->add_option("--depths", o->depths, "the depths D (default 4)")->delimiter(',');
  sub->add_option("--max-turns", o->settings.max_turns, "the turn bound T of every question (default 8)")->check(CLI::Range(0, 64));
  sub->add_option("--engine", o->engine, "the search engine: sat (default), smt or explicit; no-wins are certified by sat's DRAT proofs")
      ->check(engine_check(atlas::searching_engines()));
  sub->add_option("--set", o->settings.sets, "override one switch in every profile: SWITCH=VALUE (repeatable)");
  sub->add_option("--timeout", o->settings.timeout, "seconds for the search of each question, and again for its certificate (0: none)")->check(CLI::NonNegativeNumber);
  sub->add_option("--memory-limit", o->settings.memory_mb, "MB per question (default: 3/4 of the machine's memory)");
  sub->add_flag("--drop-proofs", o->drop_proofs, "delete each .cnf/.drat once checked (their SHA-256 stay in the record)");
  sub->callback([o, &exit_code] { exit_code = guarded([&] { return run_plan(*o); }); });
}

void add_run(CLI::App& atlas, int& exit_code) {
  auto o = std::make_shared<AtlasRunOptions>();
  auto* sub = atlas.add_subcommand("run", "answer the plan's questions not yet in the store (a pool of --jobs workers, or one --job)");
  sub->add_option("dir", o->dir, "the atlas folder")->required();
  auto* jobs = sub->add_option("--jobs", o->jobs, "workers at once (default 1)")->check(CLI::Range(1, 256));
  sub->add_option("--job", o->job, "answer question I only, into DIR/parts/job-I.json (what a Slurm array task runs)")->excludes(jobs);
  sub->add_flag("--retry-open", o->retry_open, "also run again questions whose record is not settled (unknown, uncertified)");
  sub->add_flag("--quiet", o->quiet, "no progress on stderr");
  sub->add_option("--memory-limit", o->memory_mb,
                  "MB per question, over the plan's (default: the plan's; without one, 3/4 of the machine's memory shared by the --jobs workers)");
  sub->add_option("--timeout", o->timeout,
                  "seconds per question for its search and again for its certificate, over the plan's (0: none); "
                  "with --retry-open, for the questions a shorter limit left open")
      ->check(CLI::NonNegativeNumber);
  sub->add_option("--test-hang-after", o->hang_after, "(tests) stop after N answers and wait to be killed")->group("");
  sub->callback([o, &exit_code] { exit_code = guarded([&] { return run_atlas(*o); }); });
}

void add_report(CLI::App& atlas, int& exit_code) {
  auto dir = std::make_shared<std::string>();
  auto no_plays = std::make_shared<bool>(false);
  auto* sub = atlas.add_subcommand("report", "DIR/report: atlas.md, atlas.csv, index.html (the grid) and the drawn witnesses");
  sub->add_option("dir", *dir, "the atlas folder")->required();
  sub->add_flag("--no-plays", *no_plays, "do not draw the witnesses (no Graphviz needed; cells do not open a play)");
  sub->callback([dir, no_plays, &exit_code] {
    exit_code = guarded([&] {
      const auto r = atlas::write_report(*dir, !*no_plays);
      for (const auto& p : r.problems) std::cerr << "carve atlas: cannot draw " << p << "\n";
      for (const auto& f : r.files) std::cout << "written   " << f << "\n";
      std::cout << fmt::format("plays     {} witnesses drawn\n", r.plays);
      return r.problems.empty() ? kAnswered : 3;
    });
  });
}

void add_slurm(CLI::App& atlas, int& exit_code) {
  auto o = std::make_shared<atlas::SlurmOptions>();
  auto out = std::make_shared<std::string>();
  auto* sub = atlas.add_subcommand("slurm", "write an sbatch job-array script: task I runs `carve atlas run DIR --job I`");
  sub->add_option("dir", o->dir, "the atlas folder (on a filesystem the cluster's nodes share)")->required();
  sub->add_option("-o,--output", *out, "the script (default DIR/atlas.sbatch)");
  sub->add_option("--carve", o->executable, "the carve binary as the nodes see it (default: this one)");
  sub->add_option("--partition", o->partition, "the Slurm partition");
  sub->add_option("--max-parallel", o->max_parallel, "at most N tasks at once (the array's %N)");
  sub->add_option("--mem", o->memory_mb, "memory per task in MB");
  sub->add_option("--time", o->time_limit, "time limit per task (Slurm's syntax, e.g. 01:00:00)");
  sub->callback([o, out, &exit_code] {
    exit_code = guarded([&] {
      const auto plan = atlas::read_plan(o->dir);
      const auto pending = atlas::pending_questions(o->dir, plan, false);
      if (o->executable.empty()) o->executable = self_executable();
      o->dir = fs::absolute(o->dir).lexically_normal().string();
      const std::string path = out->empty() ? (fs::path(o->dir) / "atlas.sbatch").string() : *out;
      fs::create_directories(fs::path(o->dir) / "slurm");
      files::write_file_atomically(path, atlas::slurm_script(*o, pending));
      if (pending.empty()) std::cout << "nothing to run: the store answers every question of the plan\n";
      std::cout << fmt::format("written   {} ({} array tasks); submit with `sbatch {}`, then `carve atlas merge {}`\n", path,
                               pending.size(), path, o->dir);
      return kAnswered;
    });
  });
}

void add_merge(CLI::App& atlas, int& exit_code) {
  auto dir = std::make_shared<std::string>();
  auto* sub = atlas.add_subcommand("merge", "fold the results of single jobs (DIR/parts/, e.g. Slurm tasks) into the store");
  sub->add_option("dir", *dir, "the atlas folder")->required();
  sub->callback([dir, &exit_code] {
    exit_code = guarded([&] {
      const auto n = atlas::fold_parts(*dir);
      const auto plan = atlas::read_plan(*dir);
      const auto pending = atlas::pending_questions(*dir, plan, false);
      std::cout << fmt::format("merged {} results ({} already in the store); {} of {} questions still without a result\n", n.appended,
                               n.dropped, pending.size(), plan.questions.size());
      return kAnswered;
    });
  });
}

void add_verify(CLI::App& atlas, int& exit_code) {
  auto dir = std::make_shared<std::string>();
  auto recheck = std::make_shared<bool>(false);
  auto* sub = atlas.add_subcommand("verify", "read an atlas back: witnesses replayed, certificate files against their SHA-256, rules unchanged");
  sub->add_option("dir", *dir, "the atlas folder")->required();
  sub->add_flag("--proofs", *recheck, "also run carve's DRAT checker again on every kept proof");
  sub->callback([dir, recheck, &exit_code] {
    exit_code = guarded([&] {
      const auto s = atlas::verify_atlas(*dir, *recheck);
      for (const auto& p : s.problems) std::cout << "PROBLEM   " << p << "\n";
      std::cout << fmt::format("verified  {} records: {} witnesses replayed, {} certificates ({} proofs checked again, {} without "
                               "their files), {} problems\n",
                               s.records, s.witnesses, s.certificates, s.proofs_rechecked, s.files_absent, s.problems.size());
      const auto plan = atlas::read_plan(*dir);
      if (!plan.split()) return s.problems.empty() ? kAnswered : kMismatch;
      // A split plan's parts answer one question: the covering checked again and the parts combined.
      const auto v = atlas::split_verdict(*dir, plan, *recheck);
      for (const auto& p : v.problems) std::cout << "split     " << p << "\n";
      std::cout << fmt::format("split     {}{} ({} of {} parts certified; covering {})\n", v.verdict,
                               v.verdict == "no-win" ? (v.certified ? ", certified" : ", NOT certified") : "", v.certified_parts, v.parts,
                               v.covering.ok ? "checked" : "FAILED");
      return s.problems.empty() && (v.verdict == "win" || v.certified) ? kAnswered : kMismatch;
    });
  });
}

}  // namespace

void add_atlas_command(CLI::App& app, int& exit_code, int argc, char** argv) {
  g_argv.assign(argv, argv + argc);
  auto* atlas = app.add_subcommand("atlas", "sweeps of independent questions: plan, run, report, slurm, merge, verify (docs/atlas.md)");
  atlas->require_subcommand(1);
  add_plan(*atlas, exit_code);
  add_run(*atlas, exit_code);
  add_report(*atlas, exit_code);
  add_slurm(*atlas, exit_code);
  add_merge(*atlas, exit_code);
  add_verify(*atlas, exit_code);
}

}  // namespace carve::cli
