// Shared by the 001 encoder tests: games of spec/triangle.carve built from settings (no case
// file), and the agreement check of the SAT engine with explicit search on one question.
// Where the SAT encoding is exact the verdict and the number of turns must be equal; where it
// is not (walks past the proved bound's budget) a SAT win must replay and nothing may
// contradict explicit search.
#pragma once
#include <gtest/gtest.h>

#include <random>

#include <fmt/format.h>

#include "checkers/replay/replay.hpp"
#include "rules/elaborate/case.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "engines/sat/search/sat_search.hpp"

namespace carve::encoder {

struct World {
  std::string profile = "simple";
  std::vector<std::pair<std::string, std::string>> sets;
  std::vector<std::string> types{"t"};
  std::vector<std::pair<std::string, std::string>> variables{{"a", "t"}, {"b", "t"}};
  std::vector<std::vector<std::string>> r_delta{{"t", "t", "t"}}, r_nabla{{"t", "t", "t"}};
  std::string root = "Delta(a,a,a)";
};

inline model::Game triangle(const World& w) {
  static const auto spec = elab::load_spec("spec/triangle.carve");
  elab::Settings s;
  s.profile = {w.profile, {}};
  for (const auto& [k, v] : w.sets) s.sets.push_back({{k, {}}, {v, {}}});
  s.types = elab::Located<std::vector<std::string>>{w.types, {}};
  s.variables = elab::Located<std::vector<std::pair<std::string, std::string>>>{w.variables, {}};
  s.relations.push_back({{"R_delta", w.r_delta}, {}});
  s.relations.push_back({{"R_nabla", w.r_nabla}, {}});
  s.root = elab::Located<std::string>{w.root, {}};
  return elab::elaborate(spec, s);
}

inline void agree(const model::Game& game, const model::Target& target, int turns, const std::string& what) {
  SatOptions so;
  so.max_turns = turns;
  const auto sat = sat_search(game, target, so);
  search::Options eo;
  eo.max_turns = turns;
  const auto exp = search::explicit_search(game, target, eo);
  ASSERT_NE(exp.verdict, answer::Verdict::Unknown) << what;
  if (sat.exact) {
    EXPECT_EQ(sat.result.verdict, exp.verdict) << what << ": " << sat.result.reason;
    EXPECT_EQ(sat.result.turns, exp.turns) << what;
  } else {
    // Walks beyond the proved bound's budget: a win is real, a no-win only by the refutation of
    // the over-approximated collapses, and no answer may contradict.
    EXPECT_EQ(game.rules.path(), model::PathKind::Walk) << what;
    if (sat.result.verdict == answer::Verdict::NoWin) {
      EXPECT_EQ(exp.verdict, answer::Verdict::NoWin) << what << ": " << sat.result.reason;
      EXPECT_NE(sat.result.reason.find("over-approximation"), std::string::npos) << what << ": " << sat.result.reason;
    }
    if (sat.result.verdict == answer::Verdict::Win) {
      EXPECT_GE(sat.result.turns, exp.turns) << what;
    }
  }
  if (sat.result.verdict == answer::Verdict::Win) {
    model::Budget b;
    const auto rep = replay::replay(game, sat.result.witness, &target, std::nullopt, b);
    EXPECT_TRUE(rep.legal) << what << ": " << rep.violation.message;
    EXPECT_EQ(rep.win_turn, sat.result.turns) << what;
  }
}

// Random one- and two-type variable sets (up to 3 variables), profiles, switches, targets, k <= 2;
// with `outside`, also virtual-scope = formulas (up to 2 variables: explicit search enumerates
// every vertex set over the formulas outside F*).
inline void random_agreement(unsigned seed, int rounds, bool allow_outside) {
  std::mt19937 rng(seed);
  const std::vector<std::string> profiles{"literal", "simple", "trail", "cycle", "lenient"};
  const std::vector<std::string> targets{"K1", "{a,b}", "{a,b},{a,b}", "{a,b},{b,c}", "{a,b,c}", "{a,b,c},{c,d}"};
  for (int round = 0; round < rounds; ++round) {
    World w;
    w.profile = profiles[rng() % profiles.size()];
    w.types = {"s", "t"};
    const int nv = 1 + static_cast<int>(rng() % 3);
    w.variables.clear();
    for (int i = 0; i < nv; ++i) w.variables.push_back({std::string(1, static_cast<char>('a' + i)), i == 0 || rng() % 2 ? "t" : "s"});
    w.r_delta = {{"t", "t", "t"}};
    w.r_nabla = rng() % 2 ? std::vector<std::vector<std::string>>{{"t", "t", "t"}, {"s", "s", "s"}}
                          : std::vector<std::vector<std::string>>{{"t", "t", "t"}};
    if (rng() % 3 == 0) w.sets.push_back({"duplicate", "forbid"});
    if (rng() % 3 == 0) w.sets.push_back({"start-win", "no"});
    // Formulas outside F*: explicit search enumerates every vertex set over them, so keep it small.
    if (!allow_outside && w.profile == "lenient") w.profile = "literal";
    const bool outside = allow_outside && (w.profile == "lenient" || rng() % 4 == 0);
    if (outside) {
      w.sets.push_back({"virtual-scope", "formulas"});
      w.variables.resize(std::min<std::size_t>(w.variables.size(), 2));
      for (auto& v : w.variables) v.second = "t";
    }
    const auto game = triangle(w);
    const auto target = model::parse_target_auto(targets[rng() % targets.size()]);
    const int k = 1 + static_cast<int>(rng() % 2);
    agree(game, target, k, fmt::format("round {} profile {} vars {} outside {} target {} k {}", round, w.profile,
                                       w.variables.size(), outside, target.text, k));
  }
}

}  // namespace carve::encoder
