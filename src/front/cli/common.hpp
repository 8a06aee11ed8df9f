// What the carve commands share: the options that pick a game and a scope, output helpers,
// and the mapping of errors to exit codes (0 answered, 1 mismatch/refuted, 2 bad input).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "rules/elaborate/case.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "foundations/limits/budget.hpp"
#include "questions/report/answer_report.hpp"
#include "questions/report/certificate_report.hpp"
#include "questions/report/play_report.hpp"

namespace carve::cli {

// The one writer of an answer, its play and its certificate (questions/report) under the names
// every command uses.
using report::AnswerReport;
using report::answer_json;
using report::answer_text;
using report::CertificateWhere;
using report::certificate_json;
using report::certificate_phrase;
using report::certificate_text;
using report::encoding_text;
using report::Files;
using report::kInfiniteScope;
using report::move_json;
using report::play_json;
using report::play_lines;
using report::shape_of;

inline constexpr const char* kVersion = CARVE_VERSION;  // project(VERSION) in CMakeLists.txt

// kUndecided: verify-proof answered unknown, or check decided no case wrongly but not every case
// (a limit was reached) -- so that `carve verify-proof ... && trust` never trusts a timeout.
enum Exit { kAnswered = 0, kMismatch = 1, kBadInput = 2, kInternal = 3, kUndecided = 4 };
// The exit codes as `carve --help` lists them (README.md, "Exit codes", says the same).
inline constexpr const char* kExitCodesHelp =
    "Exit codes: 0 answered (solve: win, no-win or unknown; verify-proof, verify-certificate: accepted; check: every "
    "case passed), 1 mismatch, refuted or proof rejected (a hash other than the expected or recorded one included), "
    "2 bad input, no case selected, or a file that cannot be written (the "
    "path and the system's reason), 3 internal error, 4 undecided (verify-proof, verify-certificate, replay: unknown; check: nothing failed but "
    "some case is unknown, unless --allow-unknown), 130 interrupted by SIGINT, 143 by SIGTERM (what was known is "
    "printed first; temporary files are removed).";

// Options naming a game and a scope, for commands that take a spec or a case.
struct GameOptions {
  std::string profile;
  std::vector<std::string> sets;  // SWITCH=VALUE
  std::optional<int> depth;
  bool depth_any = false;          // --depth any: the infinite tree (solve, explain, diff; docs/infinite-tree.md)
  bool depth_any_allowed = false;  // set by the commands that answer about the infinite tree
  std::optional<int> vars;
  std::string root;
  void add_to(CLI::App& app, bool with_depth = true);
  // A case's overrides, or the settings for a bare spec.
  elab::Overrides overrides() const;
  elab::Settings settings_for_spec() const;
};

struct RunOptions {
  double timeout = 0;
  std::size_t memory_mb = 0;
  bool quiet = false;
  bool json = false;
  void add_to(CLI::App& app);
  // The memory limit defaults to limits::default_memory_mb(); progress only on a terminal.
  limits::Limits limits() const;
};

bool is_spec_path(const std::string& path);
// A case or witness file (with the options as overrides), or a bare spec (.carve) elaborated
// under the options: S_0 only, no play and no target. `budget` (may be null) bounds the
// elaboration (limits::LimitReached).
elab::Case load_input(const std::string& input, const GameOptions& game, limits::Budget* budget = nullptr);
// A reachability question (solve, export): a case with its target and turns, or a spec with
// --target and --turns; --target and --turns override the case's. Checks turns in 0..64 and
// that the target fits the rules (elab::check_target_fits: simple in 000, typed iff iso=typed).
// `spec_instead`: a spec to read instead of the one a case names (verify-certificate --spec).
elab::Case load_question(const std::string& input, const std::string& target, std::optional<int> turns, const GameOptions& game,
                         limits::Budget* budget = nullptr, const std::string& spec_instead = "");
// A command's answer when a limit ended it before there was a game to report on (elaboration):
// `unknown` with the reason, as text or JSON; exit code 0.
int answer_before_game(const std::string& command, const std::string& input, const std::string& reason, double seconds, bool json);
// `to` as a path relative to the folder of `from_file` (how a witness names its spec).
std::string fs_relative(const std::string& from_file, const std::string& to);
parser::Location cli_location(const std::string& what);
nlohmann::json interpretation_json(const model::Game& game);
// The rules in words (rules/model/rules_words.hpp): [{rule, def, heading, location, words, switches}].
nlohmann::json rules_json(const model::Game& game);
std::string scope_text(const model::Game& game, std::optional<int> turns);
nlohmann::json scope_json(const model::Game& game, std::optional<int> turns);
// carve's version and those of the libraries it was built with (CaDiCaL, Z3, nauty, Boost).
nlohmann::json versions_json();
// The path of the running carve binary (what a pool of workers runs).
std::string self_executable();
std::string version_text();  // --version
// The decoded target: {text, name, aliases, description, vertices, edges, edge_list, typed, hypergraph}.
nlohmann::json target_json(const model::Target& t);
// A proof the checker rejected, or a fresh formula with a model, is never a certified no-win: a
// bug in carve, said on stderr ("carve: internal error: the no-win certificate failed (STATUS):
// MESSAGE"). True when `c` (null: none) is such a certificate.
bool certificate_broken(const encoder::NoWinCertificate* c);

void add_elaborate_command(CLI::App& app, int& exit_code);
void add_solve_command(CLI::App& app, int& exit_code);
void add_replay_command(CLI::App& app, int& exit_code);
void add_check_command(CLI::App& app, int& exit_code);
void add_verify_proof_command(CLI::App& app, int& exit_code);
void add_verify_certificate_command(CLI::App& app, int& exit_code);
void add_claims_command(CLI::App& app, int& exit_code);
void add_render_command(CLI::App& app, int& exit_code);
void add_export_command(CLI::App& app, int& exit_code);
void add_play_command(CLI::App& app, int& exit_code);  // front/cli/play_command.cpp
void add_explain_command(CLI::App& app, int& exit_code);  // front/cli/explain_command.cpp
// argv: the command line, recorded in atlas plans and results.
void add_atlas_command(CLI::App& app, int& exit_code, int argc, char** argv);
// `completion bash` and the hidden `manpage`, generated from the subcommands added before them.
void add_docs_commands(CLI::App& app, int& exit_code);
// solve --render DIR: the frames of a play and index.html (exit code 0; 2 when DIR cannot be
// written; 3 when dot fails). With `no_play` set (a no-win or unknown verdict: there is no play),
// S_0 alone, and stderr says why there is nothing more and what was drawn.
int render_play_folder(const std::string& dir, const model::Game& game, const std::vector<model::Move>& moves,
                       const model::Target* target, const std::string& title, const std::string& no_play = "");

}  // namespace carve::cli
