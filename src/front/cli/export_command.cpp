// carve export: the formula "some play of at most K turns reaches the target" for other solvers,
// as DIMACS CNF and/or standard SMT-LIB2 (engines/sat/search/formula_export.hpp says what it proves).
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "questions/check/run_case.hpp"
#include "front/cli/common.hpp"
#include "engines/sat/search/formula_export.hpp"
#include "engines/registry/registry.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/files/write_error.hpp"

namespace carve::cli {

namespace {
struct ExportOptions {
  std::string input;
  std::string target;
  std::optional<int> turns;
  std::string dimacs, smt2;
  unsigned seed = 0;
  GameOptions game;
  RunOptions run;
};

// The whole formula in memory first, then one checked, atomic write (foundations/files/atomic_file.hpp): a
// full disk is exit 2 naming the file and the reason, and leaves no partial file.
void write_file(const std::string& path, const std::string& option, const auto& writer) {
  std::ostringstream text;
  writer(text);
  try {
    files::write_file_atomically(path, text.str());
  } catch (const files::WriteError& e) {
    elab::fail(cli_location(option), e.what());
  }
}

int run_export(const ExportOptions& o) {
  if (o.dimacs.empty() && o.smt2.empty()) elab::fail(cli_location("--dimacs"), "nothing to write: give --dimacs F and/or --smt2 F");
  if (!o.dimacs.empty() && o.dimacs == o.smt2) elab::fail(cli_location("--smt2"), "--dimacs and --smt2 name the same file");
  limits::Budget budget(o.run.limits());  // one budget for the whole command: elaboration, search, writing
  auto unknown = [&](const std::string& reason) {
    return answer_before_game("export", o.input, reason + "; no formula written", budget.elapsed_seconds(), o.run.json);
  };
  elab::Case c;
  try {
    c = load_question(o.input, o.target, o.turns, o.game, &budget);
  } catch (const limits::LimitReached& e) {
    return unknown(e.what());
  }
  if (auto no = engines::refusal(engines::Route::Export, c.game, *c.target)) elab::fail(cli_location("export"), no->text());
  auto so = cases::sat_options(elab::Engine::Sat, c.turns->value, o.run.limits());
  so.budget = budget;
  so.seed = o.seed;
  auto f = encoder::export_reachability(c.game, *c.target, so);
  if (f.search.result.limit_reached) return unknown(f.search.result.reason);
  std::vector<std::string> head{
      fmt::format("carve {} export", kVersion),
      fmt::format("input {}{}", o.input, c.title.empty() ? "" : " (" + c.title + ")"),
      fmt::format("game {} {}, profile {}, reading {}, density avoid {}", c.game.document, c.game.title, c.game.profile,
                  c.game.reading(), c.game.rules.density_words()),
      fmt::format("scope: {}", scope_text(c.game, c.turns->value)),
      fmt::format("{} variables, {} clauses", f.variables, f.clauses.size())};
  f.header.insert(f.header.begin(), head.begin(), head.end());
  try {
    if (!o.dimacs.empty()) write_file(o.dimacs, "--dimacs", [&](std::ostream& out) { encoder::write_dimacs(out, f, &budget); });
    if (!o.smt2.empty()) write_file(o.smt2, "--smt2", [&](std::ostream& out) { encoder::write_smt2(out, f, &budget); });
  } catch (const limits::LimitReached& e) {
    std::error_code ec;
    if (!o.dimacs.empty()) std::filesystem::remove(o.dimacs, ec);  // the formula is written whole or not at all
    return unknown(std::string(e.what()) + " while writing the formula");
  }
  const auto& r = f.search.result;
  if (o.run.json) {
    nlohmann::json j;
    j["command"] = "export";
    j["input"] = o.input;
    j["target"] = target_json(*c.target);
    j["profile"] = c.game.profile;
    j["scope"] = scope_json(c.game, c.turns->value);
    j["variables"] = f.variables;
    j["clauses"] = f.clauses.size();
    j["lemmas"] = f.search.lemmas;
    j["dimacs"] = o.dimacs.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.dimacs);
    j["smt2"] = o.smt2.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.smt2);
    j["in_process"] = {{"verdict", answer::verdict_name(r.verdict)},
                       {"turns", r.turns ? nlohmann::json(*r.turns) : nlohmann::json(nullptr)},
                       {"expected_status", r.verdict == answer::Verdict::Win     ? "sat"
                                           : r.verdict == answer::Verdict::NoWin ? "unsat"
                                                                                 : "unknown"}};
    j["unsat_certifies_no_win"] = f.unsat_certifies;
    j["sat_certifies_win"] = f.sat_certifies;
    j["solver"] = {{"name", f.search.solver}, {"version", f.search.solver_version}, {"seed", f.search.seed}, {"configuration", f.search.solver_configuration}};
    j["header"] = f.header;
    j["versions"] = versions_json();
    std::cout << j.dump(2) << "\n";
    return kAnswered;
  }
  for (const auto& line : f.header) std::cout << line << "\n";
  if (!o.dimacs.empty()) std::cout << "written " << o.dimacs << "\n";
  if (!o.smt2.empty()) std::cout << "written " << o.smt2 << "\n";
  return kAnswered;
}
}  // namespace

void add_export_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ExportOptions>();
  auto* sub = app.add_subcommand(
      "export",
      "write \"some play of at most K turns reaches the target\" (documents 000 and 001) as DIMACS and/or SMT-LIB2 for other solvers.\n"
      "The formula is the sat engine's encoding after its own search ran (so it carries every stability lemma that search\n"
      "needed), the frames completed up to K, and OR(won at frame j, j <= K) as one clause instead of assumptions.\n"
      "UNSAT certifies no-win within K turns in the scope (when the header says so). SAT: under path=walk the model's\n"
      "play is legal; under trail/simple/cycle a model may break the obligation to collapse (those lemmas are added lazily),\n"
      "so a win is certified by carve's replayed witness (`carve solve`), not by an external model.");
  sub->add_option("input", o->input, "a case file, or a spec (.carve) with --target and --turns")->required();
  sub->add_option("--target", o->target, "a named graph (" + model::named_targets_help() + "), an edge list a-b,b-c (typed: a-b:T,b-c:V), graph6, or {a,b},{b,c}");
  sub->add_option("--turns", o->turns, "K: the largest number of turns (default: the case's `turns`)");
  sub->add_option("--dimacs", o->dimacs, "write DIMACS CNF here (header comment block, then `p cnf`)");
  sub->add_option("--smt2", o->smt2, "write SMT-LIB2 here ((set-logic QF_UF), Bool constants, one assert per clause)");
  sub->add_option("--seed", o->seed, "the random seed of the search run before writing (CaDiCaL seed)");
  o->game.add_to(*sub);
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_export(*o); });
}

}  // namespace carve::cli
