// carve play's hints: "can the target still be carved within K more turns from here?" Every win a
// hint reports is replayed here (the play so far and the hint's rest, through replay::replay); a
// no-win from S_0 is cross-checked by the SAT engine's solve from S_0, one from a later state by
// the SAT engine with the play pinned, whose DRAT proof carve's checker accepts -- and rejects
// once the proof or the formula is tampered with.
#include <filesystem>

#include <fmt/format.h>

#include "checkers/drat/drat.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "rules/model/graph_view.hpp"
#include "text/parser/parse.hpp"
#include "foundations/files/sha256.hpp"
#include "tests/play/play_fixture.hpp"

namespace carve::play::testing {
namespace {

// The hint's win replayed from S_0: the play so far, then its rest; the first victory at its end.
void expect_replayed_win(Driver& d, const json& hint) {
  ASSERT_EQ(hint["verdict"], "win") << hint.dump();
  const auto& g = d.game();
  std::vector<model::Move> play = d.session->play();
  // The rest as the hint wrote it, read back as a case file reads a play.
  std::string text = "case \"\" {\n  play {\n";
  for (const auto& m : play) text += "    " + model::move_text(g, m) + "\n";
  for (const auto& m : hint["rest"]) text += "    " + m["text"].get<std::string>() + "\n";
  text += "  }\n}\n";
  const auto ast = parser::parse_case(text, "<hint>");
  const auto* items = std::get_if<parser::ast::PlayItem>(&ast.items.at(0));
  ASSERT_NE(items, nullptr);
  std::vector<model::Move> all;
  for (const auto& t : items->turns) all.push_back(elab::resolve_turn(g, t));
  model::Budget b;
  const auto rep = replay::replay(g, all, d.session->target(), std::nullopt, b);
  ASSERT_TRUE(rep.legal) << rep.violation.message;
  ASSERT_TRUE(rep.win_turn.has_value());
  EXPECT_EQ(*rep.win_turn, static_cast<int>(all.size()));
  EXPECT_EQ(hint["won"]["turn"].get<int>(), *rep.win_turn);
  EXPECT_EQ(static_cast<int>(hint["rest"].size()), *rep.win_turn - d.session->turn());
  EXPECT_LE(hint["rest"].size(), hint["within"].get<std::size_t>());
}

// A proof carve's checker does not accept: rejected, or refused as a malformed file.
bool rejected(const drat::Cnf& cnf, const std::string& proof) {
  try {
    return !drat::check_file(cnf, proof).accepted;
  } catch (const drat::InputError&) {
    return true;
  }
}

json hint(Driver& d, const std::string& line) {
  auto r = d.line(line);
  EXPECT_TRUE(r["ok"].get<bool>()) << line << ": " << r.dump();
  return r["hint"];
}

// solve from S_0 by both engines (the hint races the same two from S_t): they must agree.
answer::Verdict solve_from_s0(const elab::Case& c, int turns) {
  encoder::SatOptions o;
  o.max_turns = turns;
  const auto sat = encoder::sat_search(c.game, *c.target, o).result.verdict;
  search::Options e;
  e.max_turns = turns;
  EXPECT_EQ(search::explicit_search(c.game, *c.target, e).verdict, sat);
  return sat;
}

TEST(PlayHint, FromS0TheHintsAgreeWithSolve) {
  const auto c = elab::load_case(repo("cases/binary_tree/simple/p3_d4.case"));
  Driver d(c);
  auto h = hint(d, "hint 1");
  EXPECT_EQ(h["verdict"], "no-win");
  EXPECT_EQ(solve_from_s0(c, 1), answer::Verdict::NoWin);
  EXPECT_NE(h["scope"].get<std::string>().find("within 1 more turn from turn 0, word tree to depth 4"), std::string::npos) << h.dump();
  h = hint(d, "hint 2");
  expect_replayed_win(d, h);
  EXPECT_EQ(solve_from_s0(c, 2), answer::Verdict::Win);
  // A hint changes nothing.
  EXPECT_EQ(d.view()["turn"], 0);
}

TEST(PlayHint, MidPlayWinsReplayAndNoWinsAreCertified) {
  auto c = elab::load_case(repo("cases/binary_tree/simple/p3_d4.case"));
  const auto w = witness_of(c);
  Driver d(c);
  // After the witness's first turn, one more turn wins.
  ASSERT_TRUE(d.session->play_move(w.witness[0]) == std::nullopt);
  expect_replayed_win(d, hint(d, "hint 1"));
  ASSERT_TRUE(d.line("undo")["ok"].get<bool>());
  // After the turn {0, 1} collapsing λ 0 1 (λ's edge to 0 and e_new gone), no single turn wins --
  // explicit search says so from the state, and the SAT engine with the play pinned proves it.
  ASSERT_TRUE(d.line("add 0 1")["ok"].get<bool>());
  ASSERT_TRUE(d.line("collapse lambda 0 1")["ok"].get<bool>());
  auto h = hint(d, "hint 1 certify");
  ASSERT_EQ(h["verdict"], "no-win") << h.dump();
  EXPECT_TRUE(h["engine"] == "explicit and sat agree" || h["engine"] == "sat") << h.dump();
  const auto& cert = h["certificate"];
  ASSERT_TRUE(cert["accepted"].get<bool>()) << h.dump();
  EXPECT_EQ(parser::file_sha256_hex(cert["cnf"].get<std::string>()), cert["cnf_sha256"]);
  // carve's checker reading the files again accepts the proof; without the clause "some frame
  // after turn 1 is won" (the formula's last) the formula has models and the proof is rejected,
  // and so is the proof cut in half.
  const auto cnf = drat::read_cnf_file(cert["cnf"].get<std::string>());
  const auto proof_path = cert["proof"].get<std::string>();
  EXPECT_TRUE(drat::check_file(cnf, proof_path).accepted);
  drat::Cnf cut;
  cut.num_vars = cnf.num_vars;
  for (std::size_t i = 0; i + 1 < cnf.num_clauses(); ++i)
    cut.add_clause(std::vector<std::int32_t>(cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i]),
                                             cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i + 1])));
  EXPECT_FALSE(drat::check_file(cut, proof_path).accepted);
  const auto bytes = carve::testing::file_text(proof_path);
  const std::string halved = carve::testing::temp_file("halved.drat", bytes.substr(0, bytes.size() / 2));
  EXPECT_TRUE(rejected(cnf, halved));
  // Two more turns do win from there (replayed).
  expect_replayed_win(d, hint(d, "hint 2"));
}

// The SAT engine with a play pinned (the certified hint's engine) finds the same continuation
// questions' answers: after the witness's first turn, a win in one more turn, which replays.
TEST(PlayHint, ThePinnedSatEngineWinsWhereTheHintDoes) {
  auto c = elab::load_case(repo("cases/binary_tree/simple/p3_d4.case"));
  const auto w = witness_of(c);
  encoder::SatOptions o;
  o.max_turns = 2;
  o.symmetry_breaking = false;
  o.pinned = encoder::pinned_play(c.game, {w.witness[0]});
  const auto r = encoder::sat_search(c.game, *c.target, o);
  ASSERT_EQ(r.result.verdict, answer::Verdict::Win) << r.result.reason;
  ASSERT_EQ(r.result.witness.size(), 2u);
  model::Budget b;
  const auto rep = replay::replay(c.game, r.result.witness, &*c.target, std::nullopt, b);
  ASSERT_TRUE(rep.legal) << rep.violation.message;
  EXPECT_EQ(rep.win_turn, 2);
  EXPECT_EQ(rep.states[1], o.pinned.states[1]);  // the pinned turn is the play's own
}

// Every opposite assumption about a pinned turn -- another e_new, another edge of G' removed or
// one the play removed kept, the root elsewhere -- is unsatisfiable; the pinned formula is not.
void expect_pins_force_the_play(const model::Game& game, const model::Target& target, const std::vector<model::Move>& moves) {
  const auto pinned = encoder::pinned_play(game, moves);
  encoder::CadicalBackend solver;
  encoder::Cnf cnf(solver);
  encoder::TreeEncoding enc(game, target, cnf);
  for (int t = 0; t < pinned.turns(); ++t) enc.add_turn();
  for (int t = 0; t < pinned.turns(); ++t) encoder::pin_turn(enc, cnf, game, pinned, t);
  ASSERT_EQ(solver.solve({}), encoder::SolveStatus::Sat);
  int probes = 0;
  for (int t = 0; t < pinned.turns(); ++t) {
    const auto& before = pinned.states[static_cast<std::size_t>(t)];
    const auto& after = pinned.states[static_cast<std::size_t>(t) + 1];
    model::GraphView view(game, before);
    view.set_candidate(pinned.moves[static_cast<std::size_t>(t)].added);
    for (const auto& e : view.edges()) {
      const auto a = std::min((*e.slots)[0], (*e.slots)[1]), b = std::max((*e.slots)[0], (*e.slots)[1]);
      const bool kept = e.inherent >= 0 ? after.inherent.test(static_cast<std::size_t>(e.inherent))
                                        : std::binary_search(after.virtuals.begin(), after.virtuals.end(),
                                                             model::EdgeElement::make("V", {a, b}));
      const int removed = enc.removed_lit(t, a, b);
      EXPECT_EQ(solver.solve({kept ? removed : -removed}), encoder::SolveStatus::Unsat) << "turn " << t + 1 << " pair " << a << "," << b;
      ++probes;
    }
    for (model::VertexId v = 0; v < game.universe.size(); ++v) {
      if (v != after.root) {
        EXPECT_EQ(solver.solve({enc.root_lit(t + 1, v)}), encoder::SolveStatus::Unsat) << "turn " << t + 1 << " root " << v;
      }
    }
    const auto& added = pinned.moves[static_cast<std::size_t>(t)].added;
    const model::VertexId other = added.slots[1] + 1 < game.universe.size() ? added.slots[1] + 1 : added.slots[1] - 1;
    if (const int lit = enc.fresh_lit(t, added.slots[0], other)) {
      EXPECT_EQ(solver.solve({lit}), encoder::SolveStatus::Unsat);
    }
  }
  EXPECT_GT(probes, 2);
}

TEST(PlayHint, APinnedPlayIsTheOnlyPrefixOfTheFormulasModels) {
  auto c = elab::load_case(repo("cases/binary_tree/simple/p3_d4.case"));
  expect_pins_force_the_play(c.game, *c.target, witness_of(c).witness);
  // A turn with a succession choice: after the cycle λ, 0, 1, λ (profile cycle, depth 2) λ, 0 and
  // 1 are eligible (cases/plays/succession_ineligible.case); the play names 0.
  auto cycle = elab::load_case(repo("cases/plays/succession_ineligible.case"));
  auto move = cycle.play->at(0);
  move.new_root = cycle.game.universe.by_name.at("0");
  expect_pins_force_the_play(cycle.game, model::parse_target_auto("K1"), {move});
}

TEST(PlayHint, RefusalsAndLimitsAreSaidByName) {
  // Document 001: after a turn its encoding has no play to pin, so a certificate is refused by
  // name -- the hint itself still answers (win in 2 from S_0: the case's expectation).
  auto d001 = Driver::of_case("cases/triangle/path3_formulas.case");
  auto h = hint(d001, "hint 1");
  EXPECT_EQ(h["verdict"], "no-win");
  ASSERT_TRUE(d001.line("add Theta(Nabla(x,x,x), Delta(x,x,x), Delta(x,x,x), Delta(x,x,x), Delta(y,y,y))")["ok"].get<bool>());
  ASSERT_TRUE(d001.line("collapse 0")["ok"].get<bool>());
  if (d001.view()["phase"] == "succession") {
    ASSERT_TRUE(d001.line("keep")["ok"].get<bool>());
  }
  h = hint(d001, "hint 1 certify");
  EXPECT_EQ(h["certificate"]["status"], "refused");
  EXPECT_FALSE(h["certificate"]["accepted"].get<bool>());
  EXPECT_NE(h["certificate"]["message"].get<std::string>().find("document 001"), std::string::npos) << h.dump();
  // A limit is `unknown` with its reason: the literal reading (walks) at depth 4, C4 within 4 more
  // turns (about a second for the SAT engine, minutes for explicit search), under 0.1 s.
  elab::Overrides ov;
  ov.profile = elab::Located<std::string>{"literal", {}};
  ov.target = elab::Located<std::string>{"C4", {}};
  auto slow = Driver::of_case("cases/binary_tree/simple/p3_d4.case", ov);
  auto r = slow.api->handle({{"command", "hint"}, {"turns", 4}, {"timeout", 0.1}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["hint"]["verdict"], "unknown");
  EXPECT_NE(r["hint"]["reason"].get<std::string>().find("timeout after 0.1 s"), std::string::npos) << r.dump();
  // No target: nothing to hint at; after a victory the game is over (rule 4).
  auto bare = Driver(elab::load_case(repo("cases/plays/collapse_obligatory.case")));
  EXPECT_EQ(bare.line("hint 1")["error"], "bad_request");
  auto c = elab::load_case(repo("cases/binary_tree/simple/p3_d4.case"));
  const auto w = witness_of(c);
  c.play = w.witness;
  Driver won(std::move(c));
  won.line("redo");
  won.line("redo");
  r = won.line("hint 1");
  EXPECT_EQ(r["error"], "refused");
  EXPECT_EQ(r["rule"]["number"], won.game().rule_label("victory"));
}

}  // namespace
}  // namespace carve::play::testing
