// carve solve: can the target be carved within k turns? (explicit search, or the encoder with
// CaDiCaL -- engine sat -- or Z3 -- engine smt.)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "questions/check/certificate_files.hpp"
#include "questions/check/run_case.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "front/cli/certificate_manifest.hpp"
#include "front/cli/common.hpp"
#include "front/cli/infinite_solve.hpp"
#include "front/cli/split_solve.hpp"
#include "rules/elaborate/witness_writer.hpp"
#include "front/cli/engine_option.hpp"
#include "engines/registry/registry.hpp"
#include "foundations/files/atomic_file.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "rules/model/counted.hpp"
#include "rules/model/rules_words.hpp"
#include "rules/model/target_echo.hpp"

namespace carve::cli {

namespace {

// What a 001 answer of the SAT engine says about other variable sets (docs/sat-encoding-001.md):
// the blocks a k-turn play can touch, and per class of interchangeable blocks whether the
// universe already has enough of them that adding more changes no answer.
nlohmann::json variable_scope_json(const encoder::SatResult& sat, int turns) {
  nlohmann::json classes = nlohmann::json::array();
  bool all = true;
  for (const auto& b : sat.blocks) {
    classes.push_back({{"shape", b.shape}, {"count", b.count}, {"mentionable", b.kept}, {"saturation", b.saturation},
                       {"saturated", b.count >= b.saturation}});
    all = all && b.count >= b.saturation;
  }
  return {{"turns", turns}, {"touched_components_max", sat.touched_blocks}, {"classes", classes},
          {"answer_holds_for_more_variables", all},
          {"statement", "the answer holds for every variable set whose classes have the same counts, "
                        "except that a class with at least `saturation` blocks may have any larger number"}};
}

std::string variable_scope_text(const encoder::SatResult& sat, int turns) {
  std::vector<std::string> parts;
  for (const auto& b : sat.blocks)
    parts.push_back(fmt::format("{} x{}{}", b.shape, b.count, b.count >= b.saturation ? " (saturated)" : fmt::format(" (saturates at {})", b.saturation)));
  return fmt::format("a {}-turn play touches at most {} components of F*; classes: {}; the answer also holds with more "
                     "blocks of a saturated class",
                     turns, sat.touched_blocks, fmt::join(parts, "; "));
}

struct SolveOptions {
  std::string input;
  std::string engine;  // empty: the case's `engine` item, else explicit
  std::string target;
  std::optional<int> turns;
  std::string witness_path;
  std::string render_dir;
  std::string proof_path;
  std::string proof_format = "binary";
  bool no_table = false;
  unsigned seed = 0;
  bool z3_native = false;
  std::optional<std::size_t> z3_native_from;
  bool no_symmetry = false;
  bool proof_parts = false;
  bool jobs_given = false;  // --jobs: for --split or --proof-parts only
  int min_turns = 0;
  GameOptions game;
  RunOptions run;
  SplitSolveOptions split;  // --split N and its --dir, --jobs, --plan-only
};

// What a manifest records of this command line: everything that shapes the certified formula.
CertifiedQuestion certified_question(const SolveOptions& o) {
  CertifiedQuestion q;
  q.command = "solve";
  q.input = o.input;
  q.target = o.target;
  q.turns = o.turns;
  q.game = o.game;
  q.seed = o.seed;
  q.symmetry_breaking = !o.no_symmetry;
  q.by_parts = o.proof_parts;
  return q;
}

// Options that belong to another kind of question are refused before anything is loaded.
void refuse_misplaced_options(const SolveOptions& o) {
  if (o.min_turns > 0 && !o.game.depth_any)
    elab::fail(cli_location("--min-turns"), "--min-turns is for the infinite tree (--depth any): the engines within a depth bound "
                                            "always ask every frame from the first");
  if (o.proof_parts && (!o.game.depth_any || o.proof_path.empty()))
    elab::fail(cli_location("--proof-parts"), "--proof-parts cuts the certificate of a no-win on the infinite tree: it needs "
                                              "--depth any and --proof FILE");
  if (o.jobs_given && o.split.parts == 0 && !o.proof_parts)
    elab::fail(cli_location("--jobs"), "--jobs says how many parts run at once: it needs --split or --proof-parts");
}

int run_split(const SolveOptions& o) {
  SplitSolveOptions s = o.split;
  s.input = o.input;
  s.target = o.target;
  s.engine = o.engine.empty() ? elab::Engine::Auto : engine_named(o.engine);
  s.turns = o.turns;
  s.game = o.game;
  s.run = o.run;
  return solve_split(s);
}

// The engine that answers: the one asked if it encodes the rules (else refused by name), and
// the options only another engine reads refused.
elab::Engine chosen_engine(const SolveOptions& o, const elab::Case& c, elab::Engine asked) {
  using elab::Engine;
  if (auto no = engines::refusal(asked, c.game, *c.target))
    elab::fail(!o.engine.empty() || !c.engine ? cli_location("--engine") : c.engine->loc, no->text());
  const Engine engine = engines::choose(asked, c.game, *c.target);
  if ((o.z3_native || o.z3_native_from) && engine != Engine::Smt)
    elab::fail(cli_location(o.z3_native ? "--z3-native-cardinality" : "--z3-native-from"),
               fmt::format("Z3's native at-most-one applies to the smt engine, not to {}: add --engine smt", elab::name(engine)));
  if (!o.proof_path.empty() && engine != Engine::Sat)
    elab::fail(cli_location("--proof"), "proofs of no-win come from the sat engine: add --engine sat");
  if (auto no = o.proof_path.empty() ? std::nullopt : engines::refusal(engines::Route::Certificate, c.game, *c.target))
    elab::fail(cli_location("--proof"), no->text());
  return engine;
}

// What a solve within a depth bound found, for its files and its report.
struct Solved {
  elab::Engine engine = elab::Engine::Explicit;
  answer::Result r;
  std::optional<encoder::SatResult> sat;  // the symbolic engines' encoding and solver
  std::string manifest;                   // FILE.certificate.json of an accepted proof
  std::vector<model::VertexId> component;
  std::string no_proof;                   // why no proof was written, when one was asked or could be
  bool cert_broken = false;
  const encoder::NoWinCertificate* cert() const { return sat && sat->certificate ? &*sat->certificate : nullptr; }
};

// The engine's search, the proof's files staged (written under temporary names, renamed when
// complete); a question too large for the machine is unknown, not a crash.
void search(const SolveOptions& o, const elab::Case& c, model::Budget& budget, Solved& s) {
  const auto limits = o.run.limits();
  search::Options opt;
  opt.max_turns = c.turns->value;
  opt.budget = budget;
  opt.progress = limits.progress;
  opt.transpositions = !o.no_table;
  std::optional<cases::StagedProof> staged;
  try {
    if (s.engine != elab::Engine::Explicit) {
      auto so = certified_sat_options(certified_question(o), c.turns->value, opt.budget, limits);
      so.solver = elab::solver(s.engine);
      if (o.z3_native) so.native_from = 2;
      if (o.z3_native_from) so.native_from = *o.z3_native_from;
      if (!o.proof_path.empty()) {
        staged.emplace(o.proof_path, o.proof_format == "binary");
        so.proof = staged->request();
      }
      s.sat = encoder::sat_search(c.game, *c.target, so);
      s.r = s.sat->result;
    } else {
      s.r = search::explicit_search(c.game, *c.target, opt);
    }
  } catch (const std::bad_alloc&) {
    s.sat.reset();
    s.r = cases::out_of_memory(limits);
    s.r.seconds = opt.budget.elapsed_seconds();
  }
  s.r.seconds = budget.elapsed_seconds();  // the command's time, elaboration included: what --timeout bounds
  if (staged && s.sat && s.sat->certificate) staged->settle(*s.sat->certificate);
}

// The certificate judged: one that cannot be written is an error of the input; a proof the
// checker rejects, or a fresh formula with a model, is never a certified no-win (exit 3).
void settle_certificate(const SolveOptions& o, const elab::Case& c, Solved& s) {
  const encoder::NoWinCertificate* cert = s.cert();
  if (cert && cert->status == encoder::NoWinCertificate::Status::CannotWrite)
    elab::fail(cli_location("--proof"), cert->message);
  s.manifest = cert && cert->accepted() ? write_certificate_manifest(certified_question(o), c, *cert) : "";
  s.cert_broken = cert && (cert->status == encoder::NoWinCertificate::Status::Rejected ||
                           cert->status == encoder::NoWinCertificate::Status::Satisfiable);
  if (s.cert_broken)
    std::fprintf(stderr, "carve: internal error: the no-win certificate failed (%s): %s\n", encoder::status_name(cert->status),
                 cert->message.c_str());
  s.no_proof = no_certificate_reason(!o.proof_path.empty(), cert != nullptr, s.r.verdict == answer::Verdict::Win,
                                     s.r.verdict == answer::Verdict::Unknown);
}

// --witness FILE and --render DIR.
int write_play_files(const SolveOptions& o, const elab::Case& c, const Solved& s) {
  const auto& r = s.r;
  if (r.verdict == answer::Verdict::Win && !o.witness_path.empty()) {
    elab::WitnessInput w{fs_relative(o.witness_path, c.spec_path), &c.spec, &c.settings, &c.game, &*c.target, r.witness,
                         s.component, "witness: " + (c.title.empty() ? c.target->text : c.title),
                         c.spec_path, elab::spec_sha256(c.spec_path)};
    files::write_file_atomically(o.witness_path, elab::witness_text(w));
  }
  if (!o.render_dir.empty()) {
    const std::string title = c.title.empty() ? c.target->text : c.title;
    const std::string no_play =
        r.verdict == answer::Verdict::Win ? ""
        : r.verdict == answer::Verdict::NoWin
            ? fmt::format("no-win: no play of at most {} reaches {}", model::counted(c.turns->value, "turn"), model::target_label(*c.target))
            : fmt::format("unknown: {}", r.reason);
    if (int rc = render_play_folder(o.render_dir, c.game, r.witness, &*c.target, title, no_play)) return rc;
  }
  return 0;
}

nlohmann::json solve_json(const SolveOptions& o, const elab::Case& c, const Solved& s) {
  const auto& r = s.r;
  const auto& sat = s.sat;
  nlohmann::json j;
  j["command"] = "solve";
  j["input"] = o.input;
  j["spec"] = c.spec_path;
  j["document"] = c.game.document;
  j["target"] = target_json(*c.target);
  j["verdict"] = answer::verdict_name(r.verdict);
  j["turns"] = r.turns ? nlohmann::json(*r.turns) : nlohmann::json(nullptr);
  j["scope"] = scope_json(c.game, c.turns->value);
  j["profile"] = c.game.profile;
  j["interpretation"] = interpretation_json(c.game);
  j["rules"] = rules_json(c.game);
  j["density_pattern"] = c.game.rules.density_pattern;
  j["engine"] = elab::name(s.engine);
  nlohmann::json wit = nlohmann::json::array();
  for (std::size_t i = 0; i < r.witness.size(); ++i) wit.push_back(move_json(c.game, r.witness[i], static_cast<int>(i) + 1));
  j["witness"] = r.verdict == answer::Verdict::Win ? wit : nlohmann::json(nullptr);
  nlohmann::json comp = nlohmann::json::array();
  for (auto v : s.component) comp.push_back(model::vertex_name(c.game, v));
  j["component"] = r.verdict == answer::Verdict::Win ? comp : nlohmann::json(nullptr);
  j["witness_file"] = o.witness_path.empty() || r.verdict != answer::Verdict::Win ? nlohmann::json(nullptr) : nlohmann::json(o.witness_path);
  j["seconds"] = r.seconds;
  j["states"] = r.states;
  j["successors"] = r.successors;
  // Only an unknown needs it: every play of at most this many turns was covered before the limit.
  j["completed_turns"] = r.verdict == answer::Verdict::Unknown ? nlohmann::json(r.completed_depth) : nlohmann::json(nullptr);
  j["limit_reached"] = r.limit_reached;
  j["reason"] = r.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.reason);
  j["peak_memory_mb"] = carve::limits::peak_resident_mb();
  if (sat)
    j["encoding"] = {{"variables", sat->variables}, {"clauses", sat->clauses}, {"lemmas", sat->lemmas},
                     {"solver_calls", sat->solver_calls}, {"path_length", sat->path_length},
                     {"symmetry_clauses", sat->symmetry_clauses}, {"learned_clauses", sat->learned_clauses},
                     {"collapse_encoding", sat->walk_sets ? "edge-sets" : "positional"},
                     {"exact", sat->exact}, {"shortest", sat->shortest},
                     {"native_at_most_one", sat->native_constraints}};
  if (sat) j["solver"] = {{"name", sat->solver}, {"version", sat->solver_version}, {"seed", sat->seed}, {"configuration", sat->solver_configuration}};
  if (sat && c.game.universe.kind == model::Universe::Kind::Deduction)
    j["encoding"]["variable_scope"] = variable_scope_json(*sat, c.turns->value);
  if (!o.proof_path.empty()) j["proof"] = s.cert() ? certificate_json(*s.cert(), s.manifest) : nlohmann::json(nullptr);
  if (!s.no_proof.empty()) j["proof_not_written"] = s.no_proof;
  j["versions"] = versions_json();
  return j;
}

// The verdict line and what follows it: the witness and its component, the certificate, or why
// the answer is unknown.
void print_verdict(const SolveOptions& o, const elab::Case& c, const Solved& s) {
  const auto& r = s.r;
  const auto& sat = s.sat;
  switch (r.verdict) {
    case answer::Verdict::Win:
      if (sat)
        std::cout << fmt::format("verdict   win in {} turn{} ({}; {} engine, {} {} seed {}, {} solver calls, {:.3f} s)\n",
                                 *r.turns, *r.turns == 1 ? "" : "s", sat->shortest ? "shortest" : "not proved shortest",
                                 elab::name(s.engine), sat->solver, sat->solver_version, sat->seed, sat->solver_calls, r.seconds);
      else
        std::cout << fmt::format("verdict   win in {} turn{} (shortest; explicit search, {} states, {:.3f} s)\n", *r.turns,
                                 *r.turns == 1 ? "" : "s", r.states, r.seconds);
      std::cout << "witness   (replayed through the reference semantics)\n";
      for (std::size_t i = 0; i < r.witness.size(); ++i)
        std::cout << fmt::format("  {:>2}. {}\n", i + 1, model::move_text(c.game, r.witness[i]));
      {
        std::vector<std::string> names;
        for (auto v : s.component) names.push_back(model::vertex_name(c.game, v));
        std::cout << fmt::format("component {{{}}} ≅ {}\n", fmt::join(names, ", "), model::target_label(*c.target));
      }
      if (!o.witness_path.empty()) std::cout << fmt::format("written   {}\n", o.witness_path);
      if (!s.no_proof.empty()) std::cout << fmt::format("proof     {}\n", s.no_proof);
      break;
    case answer::Verdict::NoWin:
      // States are explicit search's measure; the symbolic engines name their solver calls.
      std::cout << fmt::format("verdict   no-win: no play within the scope reaches the target ({}, {:.3f} s)\n",
                               sat ? fmt::format("{} engine, {}", elab::name(s.engine), model::counted(sat->solver_calls, "solver call"))
                                   : model::counted(static_cast<long long>(r.states), "state"),
                               r.seconds);
      if (s.cert()) std::cout << certificate_text(*s.cert(), s.manifest);
      break;
    case answer::Verdict::Unknown:
      std::cout << fmt::format("verdict   unknown: {} ({}; {}, {:.3f} s)\n", r.reason, covered_text(r.completed_depth),
                               sat ? fmt::format("{} engine, {}", elab::name(s.engine), model::counted(sat->solver_calls, "solver call"))
                                   : model::counted(static_cast<long long>(r.states), "state"),
                               r.seconds);
      if (!s.no_proof.empty()) std::cout << fmt::format("proof     {}\n", s.no_proof);
      break;
  }
}

void print_solve(const SolveOptions& o, const elab::Case& c, const Solved& s) {
  const auto& sat = s.sat;
  std::cout << fmt::format("game      {} {} ({}), profile {}\n", c.game.document, c.game.title, c.game.spec_name, c.game.profile);
  std::cout << fmt::format("reading   {}\n", c.game.reading());
  std::cout << "rules\n" << model::rules_text(c.game, "  ");
  std::cout << fmt::format("question  target {} within {}\n", c.target->text, model::counted(c.turns->value, "turn"));
  std::cout << fmt::format("target    {}\n", model::target_summary(*c.target));
  std::cout << fmt::format("scope     {}\n", scope_text(c.game, c.turns->value));
  if (sat)
    std::cout << fmt::format("encoding  {} variables, {} clauses, {} stability lemmas; {}\n", sat->variables,
                             sat->clauses, sat->lemmas,
                             sat->walk_sets ? std::string("collapse walks by their edge sets (exact)")
                                            : fmt::format("collapse paths of at most {} ({})", model::counted(sat->path_length, "step"),
                                                          sat->exact ? "exact for this path kind" : "walks: not proved sufficient"));
  if (sat && c.game.universe.kind == model::Universe::Kind::Deduction)
    std::cout << fmt::format("variables {}\n", variable_scope_text(*sat, c.turns->value));
  print_verdict(o, c, s);
}

int run_solve(const SolveOptions& o) {
  refuse_misplaced_options(o);
  if (o.split.parts > 0) return run_split(o);
  model::Budget budget(o.run.limits());  // from the start: elaborating a large universe counts too
  elab::Case c;
  try {
    c = load_question(o.input, o.target, o.turns, o.game, &budget);
  } catch (const limits::LimitReached& e) {
    return answer_before_game("solve", o.input, e.what(), budget.elapsed_seconds(), o.run.json);
  }
  using elab::Engine;
  const Engine asked = !o.engine.empty() ? engine_named(o.engine) : c.engine ? c.engine->value : Engine::Auto;
  if (o.game.depth_any)
    return solve_infinite({&c, asked, o.witness_path, o.render_dir, o.proof_path, o.proof_format == "binary", o.seed, o.min_turns,
                           o.run, certified_question(o), o.proof_parts ? o.split.jobs : 1});
  Solved s;
  s.engine = chosen_engine(o, c, asked);
  search(o, c, budget, s);
  if (s.r.verdict == answer::Verdict::Win)
    if (const std::string internal = cases::confirm_witness(c.game, *c.target, s.r); !internal.empty()) {
      std::fprintf(stderr, "carve: internal error: the engine's witness does not replay: %s\n", internal.c_str());
      return 3;
    }
  settle_certificate(o, c, s);
  s.component = s.r.component ? s.r.component->vertices : std::vector<model::VertexId>{};
  if (int rc = write_play_files(o, c, s)) return rc;
  if (o.run.json)
    std::cout << solve_json(o, c, s).dump(2) << "\n";
  else
    print_solve(o, c, s);
  return s.cert_broken ? 3 : kAnswered;
}
}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SolveOptions>();
  auto* sub = app.add_subcommand("solve", "decide whether a target can be carved within k turns (win + witness | no-win | unknown)");
  sub->add_option("input", o->input, "a case file, or a spec (.carve) with --target and --turns")->required();
  sub->add_option("--engine", o->engine,
                  "auto (the fastest engine that encodes the rules: sat, else explicit), explicit (exhaustive search), sat "
                  "(CaDiCaL) or smt (Z3; the same encoding and search as sat), documents 000 and 001; an engine that does not "
                  "encode the rules is refused by name; default: the case's `engine` item, else auto")
      ->check(engine_check(elab::bounded()));
  auto* every = sub->add_flag("--z3-native-cardinality", o->z3_native,
                              "smt: every at-most-one as Z3's native atmost (the same as --z3-native-from 2; measured slower "
                              "on short rows: bench/carving/backends_table.py)");
  sub->add_option("--z3-native-from", o->z3_native_from,
                  "smt: at-most-one over at least N literals as Z3's native atmost, shorter ones as clauses; 0: never "
                  "(default 512: very long rows as clauses stall Z3, shorter ones are faster as clauses; engines/solvers/z3_backend.cpp)")
      ->excludes(every);
  sub->add_option("--seed", o->seed, "sat/smt: the solver's random seed (CaDiCaL seed, Z3 random_seed; reported in --json)");
  sub->add_option("--target", o->target,
                  "G: a named graph -- " + model::named_targets_help() +
                      " -- an edge list a-b,b-c, graph6 (Bg), or a hyperedge list {a,b,c},{c,d} (001); with iso=typed "
                      "every edge gets its type: a-b:T,b-c:V or {a,b}:T (T inherent, V virtual)");
  sub->add_option("--turns", o->turns, "k: the largest number of turns");
  sub->add_option("--witness", o->witness_path, "write the winning play as a witness file (case syntax)");
  sub->add_option("--render", o->render_dir, "draw the winning play, every turn as SVG, and an index.html to step through them into this folder; "
                  "on a no-win or unknown verdict (no play), S_0 and the scope, and stderr says so");
  sub->add_option("--proof", o->proof_path,
                  "on a no-win (--engine sat), write FILE.cnf (the encoding, DIMACS; for 000 with the search's lex-leader "
                  "symmetry chains unless --no-symmetry) and FILE.drat (CaDiCaL's DRAT proof of a fresh solve), check them with carve's checker, and write FILE.certificate.json (the question "
                  "and the files' SHA-256: `carve verify-certificate FILE.certificate.json`); exit 3 if the checker rejects the proof; "
                  "with --depth any the certified formula of the rules alone is refuted first, before any search (docs/infinite-tree.md)");
  sub->add_flag("--proof-parts", o->proof_parts,
                "--depth any with --proof: certify by parts -- the certified formula with each sign pattern of its last frame's "
                "collapse literals (and with that frame switched off) as unit clauses, 2^k + 1 parts, each written as "
                "FILE.part-NN.cnf, refuted by its own DRAT proof FILE.part-NN.drat and checked; the cubes are shown to cover "
                "every assignment (docs/infinite-tree.md, \"Certificate by parts\"): smaller proofs than the whole formula's; "
                "an accepted part is kept (FILE.part-NN.accepted.json) and a later run of the same command does not make it again; "
                "--jobs N works on N parts at once");
  sub->add_option("--proof-format", o->proof_format, "binary (default) or text DRAT")->check(CLI::IsMember({"binary", "text"}));
  sub->add_flag("--no-table", o->no_table, "explicit search without the transposition table (a cross-check of state canonicalisation)");
  sub->add_flag("--no-symmetry", o->no_symmetry, "sat engine without its lex-leader symmetry-breaking clauses (child swaps, target automorphisms), in the "
                "search and in a --proof certificate within --depth D (whose no-win then rests on the DRAT proof alone)");
  sub->add_option("--min-turns", o->min_turns,
                  "--depth any: ask only about plays won at turn J..k (a win is then not proved shortest, and no win there answers "
                  "unknown, not no-win); not with --proof")
      ->check(CLI::Range(1, 1000));
  auto* split = sub->add_option("--split", o->split.parts,
                  "cut a no-win question into N independent parts by the first turn's moves, grouped by their orbits under the "
                  "tree's symmetry (a spec with --target, --turns, --depth; docs/atlas.md, Split): each part's no-win is certified "
                  "by its own DRAT proof, the covering of every first move is checked, a win in a part is replayed as a whole play")
      ->check(CLI::Range(1, 100000));
  sub->add_option("--dir", o->split.dir, "--split: the folder of the plan, the parts' results and proofs (default: a new temporary folder)")
      ->needs(split);
  auto* jobs = sub->add_option("--jobs", o->split.jobs,
                               "parts at once (default 1): with --split, by the atlas's pool of worker processes; with --proof-parts, "
                               "parts refuted and checked on as many threads (a part that is not accepted stops new parts from starting, "
                               "the running ones finish and are kept when accepted)")
                   ->check(CLI::Range(1, 256));
  sub->add_flag("--plan-only", o->split.plan_only, "--split: write the plan only (run it with `carve atlas run DIR` or `carve atlas slurm DIR`)")
      ->needs(split);
  o->game.depth_any_allowed = true;
  o->game.add_to(*sub);
  o->run.add_to(*sub);
  sub->callback([o, jobs, &exit_code]() {
    o->jobs_given = jobs->count() > 0;
    exit_code = run_solve(*o);
  });
}

}  // namespace carve::cli
