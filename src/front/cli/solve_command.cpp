// carve solve: can the target be carved within k turns? (explicit search, or the encoder with
// CaDiCaL -- engine sat -- or Z3 -- engine smt.)
#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "questions/check/certificate_files.hpp"
#include "questions/check/run_case.hpp"
#include "front/cli/certificate_manifest.hpp"
#include "front/cli/common.hpp"
#include "front/cli/infinite_solve.hpp"
#include "front/cli/solve_report.hpp"
#include "front/cli/split_solve.hpp"
#include "rules/elaborate/witness_writer.hpp"
#include "front/cli/engine_option.hpp"
#include "engines/registry/registry.hpp"
#include "foundations/files/atomic_file.hpp"
#include "rules/model/counted.hpp"
#include "rules/model/target_echo.hpp"

namespace carve::cli {

namespace {

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
  std::string part_ledger;  // --part-ledger DIR: with --proof-parts, each accepted part's record there
  bool proof_in_memory = false;  // --proof-in-memory: with --proof-parts, each part's proof held compressed, no proof file
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
  q.by_capacity = !o.engine.empty() && engine_named(o.engine) == elab::Engine::Capacity;
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
  if (!o.part_ledger.empty() && !o.proof_parts)
    elab::fail(cli_location("--part-ledger"), "--part-ledger keeps the records of a certificate's parts: it needs --proof-parts");
  if (o.proof_in_memory && !o.proof_parts)
    elab::fail(cli_location("--proof-in-memory"), "--proof-in-memory holds each part's proof in memory instead of a file: it needs "
                                                  "--proof-parts (a whole certificate's proof is kept as its file, for verify-certificate)");
  if (o.proof_in_memory && o.proof_format != "binary")
    elab::fail(cli_location("--proof-in-memory"), "--proof-in-memory holds binary DRAT: drop --proof-format text");
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
  if (!o.proof_path.empty() && engine != Engine::Sat && engine != Engine::Capacity)
    elab::fail(cli_location("--proof"), "proofs of no-win come from the sat engine (or the capacity engine, where it decides): add --engine sat");
  // The capacity formula encodes no rule, only the operators: nothing for the certificate route to refuse.
  if (auto no = o.proof_path.empty() || engine == Engine::Capacity ? std::nullopt
                                                                   : engines::refusal(engines::Route::Certificate, c.game, *c.target))
    elab::fail(cli_location("--proof"), no->text());
  return engine;
}

// What a solve within a depth bound found, for its files and its report.
struct Solved {
  answer::Answer a;
  std::string manifest;  // FILE.certificate.json of an accepted proof
  bool cert_broken = false;
};

// The chosen engine's adapter answers (engines/registry/adapter.hpp), the proof's files staged
// (written under temporary names, renamed when complete).
answer::Answer search(const SolveOptions& o, const elab::Case& c, elab::Engine engine, const model::Budget& budget) {
  engines::Question q{.game = c.game, .target = *c.target, .turns = c.turns->value, .progress = o.run.limits().progress};
  q.tuning = certified_tuning(certified_question(o));
  q.tuning.transpositions = !o.no_table;
  if (o.z3_native) q.tuning.native_from = 2;
  if (o.z3_native_from) q.tuning.native_from = *o.z3_native_from;
  std::optional<cases::StagedProof> staged;
  if (!o.proof_path.empty()) {
    staged.emplace(o.proof_path, o.proof_format == "binary");
    q.proof = staged->request();
  }
  auto a = engines::adapter(engine).answer(q, budget);
  a.seconds = budget.elapsed_seconds();  // the command's time, elaboration included: what --timeout bounds
  if (staged && a.certificate) staged->settle(*a.certificate);
  return a;
}

// The certificate judged: one that cannot be written is an error of the input; a proof the
// checker rejects, or a fresh formula with a model, is never a certified no-win (exit 3).
void settle_certificate(const SolveOptions& o, const elab::Case& c, Solved& s) {
  const encoder::NoWinCertificate* cert = s.a.certificate_or_null();
  if (cert && cert->status == encoder::NoWinCertificate::Status::CannotWrite)
    elab::fail(cli_location("--proof"), cert->message);
  s.manifest = cert && cert->accepted() ? write_certificate_manifest(certified_question(o), c, *cert) : "";
  s.cert_broken = certificate_broken(cert);
}

// --witness FILE and --render DIR.
int write_play_files(const SolveOptions& o, const elab::Case& c, const answer::Answer& r) {
  if (r.verdict == answer::Verdict::Win && !o.witness_path.empty()) {
    const std::vector<model::VertexId> component = r.component ? r.component->vertices : std::vector<model::VertexId>{};
    elab::WitnessInput w{fs_relative(o.witness_path, c.spec_path), &c.spec, &c.settings, &c.game, &*c.target, r.witness,
                         component, "witness: " + (c.title.empty() ? c.target->text : c.title),
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
  if (c.settings.depth_any) {  // --depth any, or a case's `depth any;`
    CertifiedQuestion certified = certified_question(o);
    certified.game.depth_any = certified.game.depth_any_allowed = true;
    return solve_infinite({&c, asked, o.witness_path, o.render_dir, o.proof_path, o.proof_format == "binary", o.seed, o.min_turns,
                           o.run, certified, o.proof_parts ? o.split.jobs : 1, o.part_ledger, o.proof_in_memory});
  }
  Solved s;
  s.a = search(o, c, chosen_engine(o, c, asked), budget);
  if (s.a.win())
    if (const std::string internal = cases::confirm_witness(c.game, *c.target, s.a); !internal.empty()) {
      std::fprintf(stderr, "carve: internal error: the engine's witness does not replay: %s\n", internal.c_str());
      return 3;
    }
  settle_certificate(o, c, s);
  if (int rc = write_play_files(o, c, s.a)) return rc;
  const SolveReport report{c, s.a, o.input, false, o.witness_path, !o.proof_path.empty(), s.manifest};
  if (o.run.json)
    std::cout << solve_json(report).dump(2) << "\n";
  else
    print_solve(report);
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
  sub->add_option("--part-ledger", o->part_ledger,
                  "with --proof-parts: a folder (to commit) for the ledger of the parts -- each accepted part's record "
                  "(DIR/part-NN.json: its cube, the SHA-256 of its CNF and proof, the checker's verdict, the carve and commit that "
                  "accepted it), written as the part is accepted; a part recorded there is taken without its files, solving or "
                  "checking nothing, and the run and verify-certificate say so (docs/infinite-tree.md, \"Certificate by parts\")");
  sub->add_flag("--proof-in-memory", o->proof_in_memory,
                "with --proof-parts: hold each part's DRAT proof compressed in memory as CaDiCaL writes it (zstd, some 3-4.5 "
                "times smaller) and check it there, writing only the part's CNF -- no proof of gigabytes on disk; the part's "
                "SHA-256 and size are recorded as written, but no proof file stays: nothing is kept for a later run (a check "
                "cut by a limit starts the part again) and verify-certificate checks such a part only through its "
                "--part-ledger record (docs/infinite-tree.md, \"Certificate by parts\")");
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
