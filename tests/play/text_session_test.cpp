// carve play's terminal commands driven by a script: the witness carve's own search finds, played
// turn by turn, each turn's ℛ, roots and components checked against the witness replayed through
// replay::replay; the play saved as a case that `carve check` passes; every bad command an error
// with the session as it was. Document 000 (p3_d4) and document 001 (path3_formulas).
#include <filesystem>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "rules/model/graph_view.hpp"
#include "tests/play/play_fixture.hpp"

namespace carve::play::testing {
namespace {

// The identities ("op:slots") of the edges a collapse path takes, found in the view G' by their
// slots (000 paths name only vertices: each step's pair).
std::set<std::string> path_edge_keys(const model::Game& g, const model::State& s, const model::Move& m) {
  model::GraphView view(g, s);
  view.set_candidate(m.added);
  std::set<std::string> keys;
  const auto& p = *m.collapse;
  for (std::size_t i = 0; i + 1 < p.vertices.size(); ++i) {
    std::vector<model::VertexId> slots = i < p.edges.size() ? p.edges[i].slots
                                                            : std::vector<model::VertexId>{std::min(p.vertices[i], p.vertices[i + 1]),
                                                                                           std::max(p.vertices[i], p.vertices[i + 1])};
    const auto e = view.find(slots);
    EXPECT_TRUE(e.has_value());
    if (!e) continue;
    const auto& ve = view.edges()[*e];
    const std::string op = ve.inherent >= 0 ? g.universe.inherent[static_cast<std::size_t>(ve.inherent)].op
                           : ve.virtual_index >= 0 ? s.virtuals[static_cast<std::size_t>(ve.virtual_index)].op
                                                   : m.added.op;
    keys.insert(fmt::format("{}:{}", op, fmt::join(*ve.slots, ",")));
  }
  return keys;
}

std::set<std::string> listed_keys(const json& path) {
  std::set<std::string> keys;
  for (const auto& e : path["edges"]) keys.insert(e["key"].get<std::string>());
  return keys;
}

std::string add_line(const model::Game& g, const model::Move& m) {
  if (g.rules.construct == model::Rules::Construct::Pair)
    return "add " + model::vertex_name(g, m.added.slots[0]) + " " + model::vertex_name(g, m.added.slots[1]);
  return "add " + model::edge_name(g, m.added);
}

// The witness played through the terminal's commands, checked turn by turn against its replay.
void play_through_terminal(Driver& d, const std::vector<model::Move>& moves, const model::Target& target) {
  const auto& g = d.game();
  model::Budget budget;
  const auto rep = replay::replay(g, moves, &target, std::nullopt, budget);
  ASSERT_TRUE(rep.legal) << rep.violation.message;
  for (std::size_t t = 0; t < moves.size(); ++t) {
    SCOPED_TRACE(fmt::format("turn {}: {}", t + 1, model::move_text(g, moves[t])));
    const auto& m = moves[t];
    const auto& before = rep.states[t];
    auto r = d.line(add_line(g, m));
    ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    ASSERT_EQ(r["state"]["phase"], "collapse");
    // ℛ: as many edge sets as the reference enumeration gives, shortest first.
    model::GraphView view(g, before);
    view.set_candidate(m.added);
    std::size_t count = 0;
    model::CollapsePaths(g, view, before.root).for_each_removal(budget, [&](const model::EdgeSet&, const model::ViewPath&) {
      ++count;
      return true;
    });
    const auto page = d.api->handle({{"command", "paths"}, {"limit", kMaxPathsLimit}})["paths"];
    EXPECT_EQ(page["listed"].get<std::size_t>(), count);
    EXPECT_TRUE(page["complete"].get<bool>());
    for (std::size_t i = 1; i < page["paths"].size(); ++i)
      EXPECT_LE(page["paths"][i - 1]["length"].get<int>(), page["paths"][i]["length"].get<int>());
    if (m.collapse) {
      const auto want = path_edge_keys(g, before, m);
      std::optional<std::size_t> index;
      for (const auto& p : page["paths"])
        if (listed_keys(p) == want) index = p["index"].get<std::size_t>();
      ASSERT_TRUE(index.has_value()) << "the witness's collapse is not listed in ℛ";
      r = d.line(fmt::format("collapse {}", *index));
    } else {
      r = d.line("stable");
    }
    ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    if (r["state"]["phase"] == "succession") {
      // The eligible roots are those of E'' by the reference semantics; the witness's is one.
      model::Budget b;
      const auto after = std::get<model::State>(model::collapse_phase(g, before, m.added, m.collapse, b));
      std::vector<model::VertexId> listed;
      for (const auto& v : r["state"]["pending"]["eligible_roots"]) listed.push_back(v["id"].get<model::VertexId>());
      EXPECT_EQ(listed, model::eligible_roots(g, after));
      ASSERT_TRUE(m.new_root.has_value());
      EXPECT_NE(std::find(listed.begin(), listed.end(), *m.new_root), listed.end());
      r = d.line("root " + model::vertex_name(g, *m.new_root));
      ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    }
    const auto v = d.view();
    EXPECT_EQ(v["turn"].get<std::size_t>(), t + 1);
    EXPECT_EQ(v["state"]["root"]["id"].get<model::VertexId>(), rep.states[t + 1].root);
    EXPECT_EQ(component_sets(v["state"]), component_sets(g, rep.states[t + 1]));
    if (t + 1 < moves.size()) {
      EXPECT_TRUE(v["won"].is_null());
    }
  }
  const auto v = d.view();
  ASSERT_FALSE(v["won"].is_null());
  EXPECT_EQ(v["won"]["turn"].get<int>(), *rep.win_turn);
  std::vector<model::VertexId> won;
  for (const auto& x : v["won"]["component"]["vertices"]) won.push_back(x["id"].get<model::VertexId>());
  EXPECT_EQ(won, rep.component->vertices);
  EXPECT_EQ(v["phase"], "over");
}

// The saved case: `expect win at N`, and `carve check` passes it.
void save_and_check(Driver& d, int won_at) {
  const std::string file = carve::testing::unique_path("saved.case");
  std::filesystem::remove(file);
  auto r = d.line("save " + file + " win");
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["saved"]["expect"], fmt::format("win at {}", won_at));
  EXPECT_NE(carve::testing::file_text(file).find(fmt::format("expect win at {};", won_at)), std::string::npos);
  const auto check = run_carve("check " + file);
  EXPECT_EQ(check.code, 0) << check.out;
  EXPECT_NE(check.out.find("1 passed, 0 failed"), std::string::npos) << check.out;
  // Never overwritten silently.
  r = d.line("save " + file + " win");
  EXPECT_FALSE(r["ok"].get<bool>());
  EXPECT_EQ(r["error"], "file");
  EXPECT_TRUE(d.line("save " + file + " win overwrite")["ok"].get<bool>());
}

// The case's witness (explicit search) played through the terminal and saved; every case here
// expects a win in 2.
Driver witness_played(const std::string& path) {
  auto c = elab::load_case(repo(path));
  const auto w = witness_of(c);
  EXPECT_EQ(w.witness.size(), 2u);  // the case's own expectation: win in 2
  const auto target = *c.target;
  Driver d(std::move(c));
  play_through_terminal(d, w.witness, target);
  save_and_check(d, 2);
  return d;
}

TEST(PlayText, TheWitnessOfP3Depth4PlayedTurnByTurn) {
  auto d = witness_played("cases/binary_tree/simple/p3_d4.case");
  // After the victory every move is refused by the victory rule, named in the spec's words.
  const auto before = settled(d.view());
  auto r = d.line("add 1 10");
  EXPECT_EQ(r["error"], "refused");
  EXPECT_EQ(r["rule"]["number"], d.game().rule_label("victory"));
  EXPECT_EQ(r["rule"]["title"], d.game().definition(d.game().rule_label("victory"))->title);
  EXPECT_EQ(settled(d.view()), before);
  // undo still works.
  EXPECT_TRUE(d.line("undo")["ok"].get<bool>());
  EXPECT_EQ(d.view()["turn"], 1);
  EXPECT_TRUE(d.view()["won"].is_null());
}

TEST(PlayText, TheWitnessOfADocument001CasePlayedTurnByTurn) {
  auto d = witness_played("cases/triangle/path3_formulas.case");
  EXPECT_EQ(d.view()["phase"], "over");
}

// A bad command: an error response, the session's view as it was before.
json refused_intact(Driver& d, const std::string& line, const std::string& error) {
  const auto before = settled(d.view());
  auto r = d.line(line);
  EXPECT_FALSE(r["ok"].get<bool>()) << line;
  EXPECT_EQ(r["error"], error) << line << ": " << r.dump();
  EXPECT_EQ(settled(d.view()), before) << line;
  return r;
}

TEST(PlayText, EveryBadCommandIsAnErrorAndTheSessionIsIntact) {
  auto d = Driver::of_case("cases/binary_tree/simple/p3_d4.case");
  // Malformed lines: what is wrong, and `help`.
  for (const char* line : {"frobnicate", "add", "add 0 1 2", "collapse", "collapse x", "paths 0", "paths x", "hint", "hint two",
                           "hint 2 now", "root", "save", "save f.case maybe", "profile", "load", "state now"}) {
    const auto r = refused_intact(d, line, "bad_request");
    EXPECT_NE(r["message"].get<std::string>().find("help"), std::string::npos) << line << ": " << r.dump();
  }
  // Unknown vertices: outside the depth bound, a letter outside the alphabet, no vertex at all.
  EXPECT_NE(refused_intact(d, "add 0 00000", "bad_request")["message"].get<std::string>().find("outside the scope"), std::string::npos);
  EXPECT_NE(refused_intact(d, "add 0 2", "bad_request")["message"].get<std::string>().find("alphabet"), std::string::npos);
  refused_intact(d, "add 0 Delta(x,x,x)", "bad_request");
  refused_intact(d, "add 0 x;y", "bad_request");
  // Out of phase: nothing is being built.
  refused_intact(d, "stable", "bad_request");
  refused_intact(d, "collapse 0", "bad_request");
  refused_intact(d, "root 0", "bad_request");
  refused_intact(d, "undo", "bad_request");
  refused_intact(d, "redo", "bad_request");
  // A tree pair under readd=forbid: construction (3.1) refuses it, in the spec's words.
  auto r = refused_intact(d, "add lambda 0", "refused");
  EXPECT_EQ(r["rule"]["number"], d.game().rule_label("construct"));
  EXPECT_FALSE(r["rule"]["location"].get<std::string>().empty());
  ASSERT_TRUE(d.line("add 0 1")["ok"].get<bool>());
  // `stable` while ℛ ≠ ∅ (the path λ, 0, 1 takes e_new): refused by the collapse rule (3.2), with its words.
  r = refused_intact(d, "stable", "refused");
  EXPECT_EQ(r["rule"]["number"], d.game().rule_label("collapse"));
  EXPECT_EQ(r["rule"]["title"], d.game().definition(d.game().rule_label("collapse"))->title);
  EXPECT_NE(r["text"].get<std::string>().find("collapse R;"), std::string::npos) << r.dump();
  EXPECT_EQ(d.view()["last_refusal"]["rule"]["number"], d.game().rule_label("collapse"));
  // A path not in ℛ: λ, 1 takes no e_new (Φ_inc); a step along no edge; an index past the listing.
  r = refused_intact(d, "collapse lambda 1", "refused");
  EXPECT_EQ(r["rule"]["number"], d.game().rule_label("paths"));
  refused_intact(d, "collapse lambda 01", "refused");
  refused_intact(d, "collapse 999", "bad_request");
  refused_intact(d, "add 0 1", "bad_request");  // a turn is already being built
  // The turn goes on after every refusal: the shortest path, λ 0 1.
  r = d.line("collapse lambda 0 1");
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["state"]["turn"], 1);
}

// Succession: a new root that is not eligible is refused by 3.3; keep where the reading allows it.
TEST(PlayText, SuccessionRefusesAnIneligibleRootAndKeepsWhereAllowed) {
  // cases/plays/succession_ineligible.case: after the cycle λ,0,1,λ the root must move; 00 keeps
  // its parent edge {0,00}, so it is not eligible; λ itself is (reroot=allow under cycle).
  for (const bool forbid : {false, true}) {
    elab::Overrides ov;
    if (forbid) ov.sets.emplace_back(elab::Located<std::string>{"reroot", {}}, elab::Located<std::string>{"forbid", {}});
    auto d = Driver::of_case("cases/plays/succession_ineligible.case", ov);
    ASSERT_TRUE(d.line("add 0 1")["ok"].get<bool>());
    auto r = d.line("collapse lambda 0 1 lambda");
    ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    ASSERT_EQ(r["state"]["phase"], "succession");
    EXPECT_EQ(r["state"]["pending"]["keep_allowed"].get<bool>(), !forbid);
    r = refused_intact(d, "root 00", "refused");
    EXPECT_EQ(r["rule"]["number"], d.game().rule_label("succession"));
    if (forbid) {
      EXPECT_EQ(refused_intact(d, "keep", "refused")["rule"]["number"], d.game().rule_label("succession"));
      EXPECT_TRUE(d.line("root 0")["ok"].get<bool>());
    } else {
      EXPECT_TRUE(d.line("keep")["ok"].get<bool>());
      EXPECT_EQ(d.view()["state"]["root"]["name"], "lambda");
    }
    EXPECT_EQ(d.view()["turn"], 1);
  }
}

// The refused attempt saved as a regression case: `expect illegal at 1 rule "3.2"`, which carve
// check passes (cases/plays/collapse_obligatory.case is the same move at depth 2).
TEST(PlayText, ARefusedMoveIsSavedAsAnIllegalCase) {
  auto d = Driver::of_case("cases/binary_tree/simple/p3_d4.case");
  const std::string file = carve::testing::unique_path("illegal.case");
  std::filesystem::remove(file);
  EXPECT_EQ(d.line("save " + file + " illegal")["error"], "bad_request");  // nothing refused yet
  ASSERT_TRUE(d.line("add 00 11")["ok"].get<bool>());
  EXPECT_EQ(d.line("stable")["error"], "refused");
  auto r = d.line("save " + file + " illegal");
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["saved"]["expect"], fmt::format("illegal at 1 rule \"{}\"", d.game().rule_label("collapse")));
  auto check = run_carve("check " + file);
  EXPECT_EQ(check.code, 0) << check.out;
  // Refused at turn 2, then both turns taken back: the attempt is saved with the play it followed.
  ASSERT_TRUE(d.line("undo")["ok"].get<bool>());
  ASSERT_TRUE(d.line("add 0 1")["ok"].get<bool>());
  ASSERT_TRUE(d.line("collapse lambda 0 1")["ok"].get<bool>());
  ASSERT_TRUE(d.line("add 00 11")["ok"].get<bool>());
  EXPECT_EQ(d.line("stable")["error"], "refused");  // λ 1 11 00 (T T V) is in ℛ
  ASSERT_TRUE(d.line("undo")["ok"].get<bool>());
  ASSERT_TRUE(d.line("undo")["ok"].get<bool>());
  EXPECT_EQ(d.view()["turn"], 0);
  r = d.line("save " + file + " illegal overwrite");
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["saved"]["expect"], fmt::format("illegal at 2 rule \"{}\"", d.game().rule_label("collapse")));
  check = run_carve("check " + file);
  EXPECT_EQ(check.code, 0) << check.out;
}

// The same session through the binary: `carve play --text --json` reads commands on stdin and
// answers one JSON line per command; a bad command line changes nothing; EOF ends with exit 0.
TEST(PlayText, TheBinaryAnswersOneJsonLinePerCommand) {
  const std::string script = carve::testing::temp_file("script.txt", "add lambda 00\nfrobnicate\ncollapse lambda 00 0\nstate\n");
  const auto r = run_carve("play --text --json " + repo("cases/binary_tree/simple/p3_d4.case") + " < " + script + " 2>/dev/null");
  ASSERT_EQ(r.code, 0) << r.out;
  std::vector<json> lines;
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);) lines.push_back(json::parse(l));
  ASSERT_EQ(lines.size(), 5u);  // the opening state, then one per command
  EXPECT_TRUE(lines[1]["ok"].get<bool>());
  EXPECT_FALSE(lines[2]["ok"].get<bool>());
  EXPECT_TRUE(lines[3]["ok"].get<bool>()) << lines[3].dump();
  EXPECT_EQ(lines[4]["state"]["turn"], 1);
  // Words: the rule named, and a bad command line points at help.
  const std::string words = carve::testing::temp_file("words.txt", "add 00 11\nstable\nadd\n");
  const auto w = run_carve("play --text " + repo("cases/binary_tree/simple/p3_d4.case") + " < " + words);
  EXPECT_EQ(w.code, 0) << w.out;
  EXPECT_NE(w.out.find("refused by def 3.2"), std::string::npos) << w.out;
  EXPECT_NE(w.out.find("`help` lists the commands"), std::string::npos) << w.out;
  // Bad options are bad input (exit 2), never a session.
  EXPECT_EQ(run_carve("play --text " + repo("cases/binary_tree/simple/p3_d4.case") + " --target Q9 < /dev/null").code, 2);
  EXPECT_EQ(run_carve("play --text /nonexistent.case < /dev/null").code, 2);
}

}  // namespace
}  // namespace carve::play::testing
