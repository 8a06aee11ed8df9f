// The engines behind one interface (engines/registry/adapter.hpp): the registry's table holds one
// adapter a row of engines.def, in the enum's order; the adapters of document 000's bounded
// engines answer the same small questions alike -- explicit search, which runs the reference
// semantics itself, is the reference, sat and smt are cross-checked against it -- each Answer
// naming the engine that gave it and carrying what that engine says (the symbolic engines'
// formula and solver; the shape engine's shape, its rules and a witness that replays on it); a
// proof is asked only of an engine that certifies, and the sat engine's certificate of a no-win
// is accepted by carve's checker.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unistd.h>

#include "checkers/replay/replay.hpp"
#include "engines/registry/registry.hpp"
#include "rules/elaborate/elaborate.hpp"
#include "text/parser/parse.hpp"
#include "tests/variants/variant.hpp"

namespace carve::engines::testing {
namespace {

using elab::Engine;

// Document 000's rules at `depth`, with `change` made to them.
model::Game documents_game(int depth, void (*change)(variants::Variant&) = nullptr) {
  auto v = variants::documents(true);
  if (change) change(v);
  elab::Settings s;
  s.depth = elab::Located<int>{depth, {}};
  return elab::elaborate(parser::parse_spec(variants::spec_text(v), "adapter.carve"), s);
}

// The witness replays under `game` and wins first at its last turn.
void expect_replays(const model::Game& game, const model::Target& target, const answer::Answer& a) {
  model::Budget b;
  const auto r = replay::replay(game, a.witness, &target, std::nullopt, b);
  EXPECT_TRUE(r.legal) << elab::name(a.engine) << ": turn " << r.failed_turn << " breaks " << r.violation.rule;
  ASSERT_TRUE(r.win_turn) << elab::name(a.engine);
  EXPECT_EQ(*r.win_turn, static_cast<int>(a.witness.size())) << elab::name(a.engine);
}

TEST(Adapters, TheTableHoldsOneAdapterARowInTheEnumsOrder) {
  const Engine rows[] = {
#define ENGINE(Enum, name, help, automatic, bounded, solver, adapter) Engine::Enum,
#include "rules/elaborate/engines.def"
#undef ENGINE
  };
  for (const Engine e : rows) {
    const Adapter& a = adapter(e);
    EXPECT_EQ(a.engine(), e) << elab::name(e);
    EXPECT_STREQ(a.name(), elab::name(e));
    EXPECT_STREQ(a.help(), elab::help(e));
    EXPECT_EQ(elab::parse(a.name()), e);
  }
  // Only the engines that trace a DRAT proof take a proof request.
  EXPECT_TRUE(adapter(Engine::Sat).certifies());
  EXPECT_TRUE(adapter(Engine::Shape).certifies());
  EXPECT_FALSE(adapter(Engine::Explicit).certifies());
  EXPECT_FALSE(adapter(Engine::Smt).certifies());
}

TEST(Adapters, TheBoundedEnginesAnswerAlike) {
  const model::Game game = documents_game(3);
  int wins = 0, no_wins = 0;
  for (const char* text : {"K1", "P3", "K3", "C4", "a-b,b-c,c-d"}) {
    const auto target = model::parse_target_auto(text);
    for (int turns = 0; turns <= 2; ++turns) {
      const Question q{.game = game, .target = target, .turns = turns};
      const auto reference = adapter(Engine::Explicit).answer(q, model::Budget{});
      ASSERT_NE(reference.verdict, answer::Verdict::Unknown) << text << " within " << turns;
      EXPECT_EQ(reference.engine, Engine::Explicit);
      EXPECT_FALSE(reference.encoding) << "explicit search has no formula";
      EXPECT_TRUE(turns == 0 || reference.states > 0) << "a search of at least one turn expands states";
      (reference.win() ? wins : no_wins)++;
      for (const Engine e : {Engine::Sat, Engine::Smt, Engine::Auto}) {
        ASSERT_FALSE(refusal(e, game, target)) << elab::name(e);
        const auto a = adapter(e).answer(q, model::Budget{});
        const std::string what = std::string(elab::name(e)) + " on " + text + " within " + std::to_string(turns);
        // Auto answers by the engine it chose, and names that one.
        EXPECT_EQ(a.engine, e == Engine::Auto ? choose(Engine::Auto, game, target) : e) << what;
        EXPECT_NE(a.engine, Engine::Auto) << what;
        EXPECT_EQ(a.verdict, reference.verdict) << what;
        EXPECT_EQ(a.turns, reference.turns) << what;
        ASSERT_TRUE(a.encoding) << what;
        EXPECT_GT(a.encoding->variables, 0u) << what;
        EXPECT_EQ(a.encoding->solver, elab::name(elab::solver(a.engine))) << what;
        EXPECT_FALSE(a.certificate) << what << ": no proof was asked";
        if (a.win()) {
          expect_replays(game, target, a);
          EXPECT_EQ(a.shortest(), a.encoding->shortest) << what;
        }
      }
    }
  }
  // The questions exercise both verdicts.
  EXPECT_GT(wins, 0);
  EXPECT_GT(no_wins, 0);
}

TEST(Adapters, AProofIsAskedOnlyOfAnEngineThatCertifies) {
  const model::Game game = documents_game(2);
  const auto target = model::parse_target_auto("K3");  // no triangle in a forest of carvings: a no-win
  const auto dir = std::filesystem::temp_directory_path() / ("carve-adapter-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  Question q{.game = game, .target = target, .turns = 1};
  q.proof = encoder::ProofRequest{(dir / "k3").string(), true};
  EXPECT_THROW(adapter(Engine::Explicit).answer(q, model::Budget{}), std::logic_error);
  EXPECT_THROW(adapter(Engine::Smt).answer(q, model::Budget{}), std::logic_error);
  const auto a = adapter(Engine::Sat).answer(q, model::Budget{});
  ASSERT_EQ(a.verdict, answer::Verdict::NoWin);
  ASSERT_TRUE(a.certificate);
  EXPECT_TRUE(a.certificate->accepted()) << a.certificate->message;
  EXPECT_TRUE(std::filesystem::exists(a.certificate->cnf_path));
  std::filesystem::remove_all(dir);
}

TEST(Adapters, TheShapeEngineAnswersWithItsShapeAndRefusesByName) {
  const model::Game game = documents_game(2);
  const auto target = model::parse_target_auto("P3");
  ASSERT_FALSE(refusal(Engine::Shape, game, target));
  const auto a = adapter(Engine::Shape).answer(Question{.game = game, .target = target, .turns = 2}, model::Budget{});
  // Within depth 2 explicit search finds a win; a win at a bounded depth is one on the infinite tree.
  const auto bounded = adapter(Engine::Explicit).answer(Question{.game = game, .target = target, .turns = 2}, model::Budget{});
  ASSERT_TRUE(bounded.win());
  ASSERT_TRUE(a.win());
  EXPECT_EQ(a.engine, Engine::Shape);
  EXPECT_LE(*a.turns, *bounded.turns);
  ASSERT_TRUE(a.shape);
  EXPECT_FALSE(a.shape->words.empty());
  EXPECT_GE(a.shape->bound, a.shape->words.size());
  ASSERT_TRUE(a.game) << "the witness is in the winning shape's vertex ids";
  EXPECT_EQ(&a.witness_game(game), a.game.get());
  expect_replays(*a.game, target, a);

  // A succession the shape theorem does not cover: refused before any work, naming the rule.
  const model::Game other = documents_game(2, [](variants::Variant& v) { v.trigger_by_conclusion = true; });
  const auto no = adapter(Engine::Shape).supports(other, target);
  ASSERT_TRUE(no);
  EXPECT_NE(no->rule.find("succession"), std::string::npos) << no->text();
  EXPECT_EQ(no->engine, "shape (--depth any)");
  EXPECT_FALSE(refusal(Engine::Explicit, other, target)) << "explicit search supports every rules record";
}

// The symbolic rows refuse, each naming itself and the rule, walks their encodings cannot take
// within the solver's reach (tests/variants/density_slow_test.cpp: V V under path=walk at depth 3
// as a factor is one of the four patterns the sat engine refuses); explicit search does not, and auto turns
// to it -- the table's order, the registry's dispatch.
TEST(Adapters, ASymbolicRefusalNamesItsEngineAndTheRule) {
  const model::Game game = documents_game(3, [](variants::Variant& v) {
    v.pattern = "V V";
    v.density = "factor";
    v.path = "walk";
  });
  const auto target = model::parse_target_auto("P3");
  for (const Engine e : {Engine::Sat, Engine::Smt}) {
    const auto no = refusal(e, game, target);
    ASSERT_TRUE(no) << elab::name(e);
    EXPECT_EQ(no->engine, elab::name(e));
    EXPECT_NE(no->rule.find("paths"), std::string::npos) << no->text();
    EXPECT_NE(no->text().find(elab::name(e)), std::string::npos) << no->text();
  }
  EXPECT_FALSE(refusal(Engine::Explicit, game, target));
  EXPECT_EQ(choose(Engine::Auto, game, target), Engine::Explicit);
}

}  // namespace
}  // namespace carve::engines::testing
