// The differential check of one question across engines.
#include "tests/variants/differential.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "questions/check/run_case.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/search/formula_export.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "engines/registry/registry.hpp"
#include "text/parser/parse.hpp"

namespace carve::variants {

namespace {

std::string answer(const answer::Result& r) {
  if (r.verdict == answer::Verdict::Win) return fmt::format("win in {}", *r.turns);
  if (r.verdict == answer::Verdict::NoWin) return "no-win";
  return "unknown (" + r.reason + ")";
}

// carve export's formula, solved afresh: it must be satisfiable exactly when the reference wins
// (engines/sat/search/formula_export.cpp; guarded turns where a shorter win may not extend). "inexact"
// where its UNSAT would prove nothing (collapse walks cut short).
std::string exported(const model::Game& game, const model::Target& goal, int turns) {
  const auto f = encoder::export_reachability(game, goal, cases::sat_options(elab::Engine::Sat, turns, {}));
  if (!f.unsat_certifies) return "inexact";
  encoder::CadicalBackend solver;
  for (int v = 0; v < f.variables; ++v) solver.new_var();
  f.clauses.for_each([&](std::span<const int> c) { solver.add_clause(std::vector<int>(c.begin(), c.end())); });
  return solver.solve({}) == encoder::SolveStatus::Sat ? "win" : "no-win";
}

// A no-win's DRAT certificate (files in the test's temporary folder, removed after): its status.
std::string certified(const model::Game& game, const model::Target& goal, int turns) {
  auto so = cases::sat_options(elab::Engine::Sat, turns, {});
  const std::string base = ::testing::TempDir() + fmt::format("variant_certificate_{}", ::getpid());
  so.proof = encoder::ProofRequest{base, true};
  const auto r = encoder::sat_search(game, goal, so);
  std::filesystem::remove(base + ".cnf");
  std::filesystem::remove(base + ".drat");
  if (r.result.verdict != answer::Verdict::NoWin) return "search answered " + answer(r.result);
  return r.certificate ? encoder::status_name(r.certificate->status) : "no certificate";
}

// The routes that are not engines: `export` on every question, `certificate` on no-wins.
void check_route(const std::string& route, const model::Game& game, const model::Target& goal, int turns,
                 const answer::Result& reference, const std::string& what, Tally& tally) {
  const bool win = reference.verdict == answer::Verdict::Win;
  if (route == "export") {
    const std::string got = exported(game, goal, turns);
    if (got == "inexact") return;
    EXPECT_EQ(got, win ? "win" : "no-win") << "export: " << what;
  } else {
    if (win) return;
    EXPECT_EQ(certified(game, goal, turns), "accepted") << "certificate: " << what;
  }
  ++tally.decided[route];
}

}  // namespace

elab::Settings tree_settings(int depth, const std::string& profile) {
  elab::Settings s;
  s.depth = elab::Located<int>{depth, {}};
  if (!profile.empty()) s.profile = elab::Located<std::string>{profile, {}};
  return s;
}

elab::Settings triangle_settings(int variables) {
  elab::Settings s;
  s.types = elab::Located<std::vector<std::string>>{{"t"}, {}};
  std::vector<std::pair<std::string, std::string>> vars;
  for (int i = 0; i < variables; ++i) vars.emplace_back(std::string(1, static_cast<char>('x' + i)), "t");
  s.variables = elab::Located<std::vector<std::pair<std::string, std::string>>>{vars, {}};
  for (const char* r : {"R_delta", "R_nabla"})
    s.relations.push_back({{r, {{"t", "t", "t"}}}, {}});
  s.root = elab::Located<std::string>{"Delta(x,x,x)", {}};
  return s;
}

void decide_everywhere(const std::string& spec, const elab::Settings& settings, const std::string& target, int turns,
                       const std::vector<std::string>& engines, const std::string& what, Tally& tally) {
  const auto ast = parser::parse_spec(spec, "variant.carve");
  const auto game = elab::elaborate(ast, settings);
  const auto goal = model::parse_target_auto(target);
  ++tally.questions;
  search::Options eo;
  eo.max_turns = turns;
  const auto reference = search::explicit_search(game, goal, eo);
  ASSERT_NE(reference.verdict, answer::Verdict::Unknown) << what;
  if (reference.verdict == answer::Verdict::Win) {
    ASSERT_EQ(cases::confirm_witness(game, goal, reference), "") << what;
  }
  ++tally.verdicts[answer(reference)];
  ++tally.decided["explicit"];
  for (const auto& engine : engines) {
    const auto route = engine == "export" ? std::optional(engines::Route::Export)
                       : engine == "certificate" ? std::optional(engines::Route::Certificate)
                                                 : std::nullopt;
    const auto no = route ? engines::refusal(*route, game, goal) : engines::refusal(*elab::parse(engine), game, goal);
    if (no) {
      ++tally.refused[engine];
      ++tally.reasons[no->text()];
      continue;
    }
    if (route) {
      check_route(engine, game, goal, turns, reference, what, tally);
      continue;
    }
    auto so = cases::sat_options(*elab::parse(engine), turns, {});
    const auto sat = encoder::sat_search(game, goal, so);
    EXPECT_EQ(answer(sat.result), answer(reference)) << engine << ": " << what;
    if (sat.result.verdict == answer::Verdict::Win) {
      EXPECT_EQ(cases::confirm_witness(game, goal, sat.result), "") << engine << ": " << what;
    }
    ++tally.decided[engine];
  }
}

std::string report(const Tally& t) {
  std::string out = fmt::format("{} questions;", t.questions);
  for (const auto& [e, n] : t.decided) out += fmt::format(" {} decided {}", e, n);
  for (const auto& [e, n] : t.refused) out += fmt::format(", {} refused {}", e, n);
  for (const auto& [why, n] : t.reasons) out += fmt::format("\n  refused x{}: {}", n, why);
  out += "\nreference answers:";
  for (const auto& [v, n] : t.verdicts) out += fmt::format(" {} x{}", v, n);
  return out;
}

}  // namespace carve::variants
