// carve replay --states (and --json): the state after every turn in words, from the describer
// carve play uses; a wrong claim names where the claimed vertices really lie.
#include <fmt/format.h>

#include "tests/play/play_fixture.hpp"

namespace carve::play::testing {
namespace {

// cases/plays/wrong_claim.case, depth 2, profile cycle, target K1: its one turn adds {0, 1} and
// collapses λ, 0, 1, λ -- the tree edges {λ, 0}, {λ, 1} and e_new itself go. λ is left alone, a
// finite component ≅ K1 (the win at turn 1); 0 keeps its children 00 and 01, which lie at the
// depth bound and stay joined to their untouched subtrees: {0, 00, 01} is infinite, so the claim
// {0} names no finite component, and the message must say where 0 lies.
TEST(ReplayStates, TheWrongClaimNamesTheRealComponent) {
  const auto r = run_carve("replay " + repo("cases/plays/wrong_claim.case") + " --states");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("{0} lies in an infinite component (3 vertices in scope: {0, 00, 01}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("after turn 1: turn add {0, 1} collapse (lambda, 0, 1, lambda) root lambda;"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("finite component {lambda}: no edge (the root's) -- wins"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("won at turn 1: component {lambda} ≅ K1"), std::string::npos) << r.out;

  const auto j = run_carve("replay " + repo("cases/plays/wrong_claim.case") + " --states --json");
  ASSERT_EQ(j.code, 1) << j.out;
  const auto doc = json::parse(j.out);
  ASSERT_EQ(doc["states"]["turns"].size(), 1u);
  const auto& turn = doc["states"]["turns"][0];
  std::set<std::string> removed;
  for (const auto& e : turn["removed"]) removed.insert(e["name"].get<std::string>() + " " + e["type"].get<std::string>());
  EXPECT_EQ(removed, (std::set<std::string>{"{lambda, 0} T", "{lambda, 1} T", "{0, 1} V"}));
  std::set<std::pair<std::string, bool>> comps;
  for (const auto& c : turn["state"]["components"]) {
    std::string names;
    for (const auto& v : c["vertices"]) names += (names.empty() ? "" : " ") + v["name"].get<std::string>();
    comps.insert({names, c["finite"].get<bool>()});
  }
  EXPECT_EQ(comps, (std::set<std::pair<std::string, bool>>{{"lambda", true}, {"0 00 01", false}, {"1 10 11", false}}));
  EXPECT_EQ(turn["state"]["won"]["turn"], 1);
  EXPECT_EQ(doc["states"]["initial"]["components"].size(), 1u);  // S_0: the whole tree, one infinite component
  EXPECT_FALSE(doc["states"]["initial"]["components"][0]["finite"].get<bool>());
}

// A legal play: the saved witness of p3_d4, every turn's state as the replay's own states give it.
TEST(ReplayStates, EveryTurnOfAWitness) {
  auto c = elab::load_case(repo("cases/binary_tree/simple/p3_d4.case"));
  const auto w = witness_of(c);
  Driver d(c);
  for (const auto& m : w.witness) ASSERT_EQ(d.session->play_move(m), std::nullopt);
  const std::string file = carve::testing::unique_path("witness.case");
  std::filesystem::remove(file);
  ASSERT_TRUE(d.line("save " + file)["ok"].get<bool>());
  const auto j = run_carve("replay " + file + " --states --json");
  ASSERT_EQ(j.code, 0) << j.out;
  const auto doc = json::parse(j.out);
  model::Budget b;
  const auto rep = replay::replay(c.game, w.witness, &*c.target, std::nullopt, b);
  ASSERT_EQ(doc["states"]["turns"].size(), w.witness.size());
  for (std::size_t t = 0; t < w.witness.size(); ++t) {
    const auto& s = doc["states"]["turns"][t]["state"];
    EXPECT_EQ(component_sets(s), component_sets(c.game, rep.states[t + 1])) << t;
    EXPECT_EQ(s["root"]["id"].get<model::VertexId>(), rep.states[t + 1].root) << t;
  }
  EXPECT_EQ(doc["states"]["turns"].back()["state"]["won"]["turn"], 2);
}

}  // namespace
}  // namespace carve::play::testing
