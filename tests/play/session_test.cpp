// carve play's API and session beyond one turn: bad JSON requests, undo and redo, a case's play on
// the redo stack, a profile switch naming the first turn the new reading breaks, save and load
// kept inside the session's folder.
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "tests/play/play_fixture.hpp"

namespace carve::play::testing {
namespace {

json request_intact(Driver& d, const json& request, const std::string& error) {
  const auto before = settled(d.view());
  const auto r = d.api->handle(request);
  EXPECT_FALSE(r.value("ok", true)) << request.dump();
  EXPECT_EQ(r.value("error", ""), error) << request.dump() << ": " << r.dump();
  EXPECT_FALSE(r.value("message", "").empty()) << request.dump();
  EXPECT_EQ(settled(d.view()), before) << request.dump();
  return r;
}

TEST(PlayApi, BadRequestsAreErrorsNeverExceptions) {
  auto d = Driver::of_case("cases/binary_tree/simple/p3_d4.case");
  for (const json& bad : {json(nullptr), json(3), json::array({"add"}), json{{"cmd", "state"}}, json{{"command", 7}},
                          json{{"command", "frobnicate"}}, json{{"command", "state"}, {"extra", 1}},
                          json{{"command", "add"}, {"u", "0"}}, json{{"command", "add"}, {"u", "0"}, {"v", true}},
                          json{{"command", "add"}, {"u", 0}, {"v", 99999}}, json{{"command", "add"}, {"u", -1}, {"v", 1}},
                          json{{"command", "add"}, {"u", "0"}, {"v", "1"}, {"edge", "{0, 1}"}},
                          json{{"command", "add"}, {"edge", "Theta(x)"}}, json{{"command", "paths"}},
                          json{{"command", "hint"}, {"turns", "2"}}, json{{"command", "hint"}, {"turns", 0}},
                          json{{"command", "hint"}, {"turns", 2}, {"timeout", -1}}, json{{"command", "save"}, {"file", 3}},
                          json{{"command", "save"}, {"file", "x.case"}, {"expect", "perhaps"}},
                          json{{"command", "profile"}, {"name", "nonsense"}}, json{{"command", "root"}, {"vertex", json::object()}}})
    request_intact(d, bad, "bad_request");
  auto r = d.api->handle({{"command", "add"}, {"edge", "{0, 1}"}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["state"]["pending"]["add"]["name"], "{0, 1}");
  for (const json& bad : {json{{"command", "paths"}, {"offset", -1}}, json{{"command", "paths"}, {"offset", 10000}},
                          json{{"command", "paths"}, {"limit", 0}}, json{{"command", "paths"}, {"limit", 100000}},
                          json{{"command", "collapse"}}, json{{"command", "collapse"}, {"index", 0}, {"path", {"lambda", "0"}}},
                          json{{"command", "collapse"}, {"index", 1000000}}, json{{"command", "collapse"}, {"path", "lambda 0"}},
                          json{{"command", "collapse"}, {"path", {"lambda"}}}, json{{"command", "collapse"}, {"path", {0, 99999}}}})
    request_intact(d, bad, "bad_request");
  // A path by ids: λ 0 1.
  const auto& u = d.game().universe;
  r = d.api->handle({{"command", "collapse"}, {"path", {u.by_name.at("lambda"), u.by_name.at("0"), u.by_name.at("1")}}});
  EXPECT_TRUE(r["ok"].get<bool>()) << r.dump();
}

// The play of a witness waits on the redo stack; redo re-judges it turn by turn; undo takes back
// a partial turn first, then whole turns; a new move that differs clears the redo stack.
TEST(PlaySession, UndoRedoAndACasesPlayOnTheRedoStack) {
  auto c = elab::load_case(repo("cases/binary_tree/simple/p3_d4.case"));
  const auto w = witness_of(c);
  c.play = w.witness;
  Driver d(std::move(c));
  EXPECT_EQ(d.view()["turn"], 0);
  EXPECT_EQ(d.view()["redo"].size(), 2u);
  EXPECT_EQ(d.view()["redo"][0]["text"], model::move_text(d.game(), w.witness[0]));
  ASSERT_TRUE(d.line("redo")["ok"].get<bool>());
  ASSERT_TRUE(d.line("redo")["ok"].get<bool>());
  EXPECT_EQ(d.view()["won"]["turn"], 2);
  EXPECT_EQ(d.line("redo")["error"], "bad_request");
  ASSERT_TRUE(d.line("undo")["ok"].get<bool>());
  ASSERT_TRUE(d.line("add 1 00")["ok"].get<bool>());  // a partial turn: undo cancels it first
  ASSERT_TRUE(d.line("undo")["ok"].get<bool>());
  EXPECT_EQ(d.view()["turn"], 1);
  EXPECT_TRUE(d.view()["pending"].is_null());
  EXPECT_EQ(d.view()["redo"].size(), 1u);
  ASSERT_TRUE(d.line("undo")["ok"].get<bool>());
  EXPECT_EQ(d.view()["redo"].size(), 2u);
  EXPECT_EQ(d.line("undo")["error"], "bad_request");
  // Another first move: the redo stack is cleared.
  ASSERT_TRUE(d.line("add 0 1")["ok"].get<bool>());
  ASSERT_TRUE(d.line("collapse 0")["ok"].get<bool>());
  EXPECT_TRUE(d.view()["redo"].empty());
}

// A play legal under one reading and not under another: cases/plays/wrong_claim.case's move
// (profile cycle) collapses the path λ, 0, 1, λ, which returns to the root. Profile simple allows
// no vertex twice (path=simple), so its first turn breaks there: the switch must name turn 1 and
// the rule replay gives under simple; the move then waits on the redo stack, and switching back
// to cycle plays it again.
TEST(PlaySession, AProfileSwitchNamesTheFirstTurnItBreaks) {
  auto d = Driver::of_case("cases/plays/wrong_claim.case");
  ASSERT_TRUE(d.line("redo")["ok"].get<bool>());
  EXPECT_EQ(d.view()["reading"]["profile"], "cycle");
  // The expectation from replay under simple (and not under cycle).
  elab::Overrides simple;
  simple.profile = elab::Located<std::string>{"simple", {}};
  const auto under_simple = elab::load_case(repo("cases/plays/wrong_claim.case"), simple);
  model::Budget b;
  const auto rep = replay::replay(under_simple.game, *under_simple.play, nullptr, std::nullopt, b);
  ASSERT_FALSE(rep.legal);
  ASSERT_EQ(rep.failed_turn, 1);
  auto r = d.line("profile simple");
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["switch"]["broken_turn"], 1);
  EXPECT_EQ(r["switch"]["kept"], 0);
  EXPECT_EQ(r["switch"]["broken_by"]["rule"]["number"], rep.violation.rule);
  EXPECT_EQ(r["state"]["reading"]["switches"]["path"], "simple");
  EXPECT_EQ(r["state"]["turn"], 0);
  ASSERT_EQ(r["state"]["redo"].size(), 1u);
  EXPECT_EQ(d.line("redo")["error"], "refused");
  r = d.line("profile cycle");
  EXPECT_TRUE(r["switch"]["broken_turn"].is_null()) << r.dump();
  ASSERT_TRUE(d.line("redo")["ok"].get<bool>());
  EXPECT_EQ(d.view()["turn"], 1);
  EXPECT_EQ(d.line("profile nonsense")["error"], "bad_request");
}

// Save and load inside the session's folder: no name leads out of it; an existing file is
// refused unless overwrite; a saved play loads back onto the redo stack.
TEST(PlaySession, FilesStayInsideTheSessionsFolder) {
  const std::string folder = carve::testing::unique_path("folder");
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder + "/sub");
  std::filesystem::create_directory_symlink("/tmp", folder + "/out");
  SessionOptions o;
  o.file_folder = folder;
  auto d = Driver::of_case("cases/binary_tree/simple/p3_d4.case", {}, o);
  ASSERT_TRUE(d.line("add lambda 00")["ok"].get<bool>());
  ASSERT_TRUE(d.line("collapse lambda 00 0")["ok"].get<bool>());
  for (const char* name : {"../x.case", "/tmp/x.case", "sub/../../x.case", "out/x.case"}) {
    const auto r = d.line(std::string("save ") + name);
    EXPECT_EQ(r["error"], "file") << name << ": " << r.dump();
    EXPECT_EQ(d.line(std::string("load ") + name)["error"], "file") << name;
  }
  auto r = d.line("save sub/one.case legal");
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_TRUE(std::filesystem::exists(folder + "/sub/one.case"));
  EXPECT_EQ(d.line("save sub/one.case legal")["error"], "file");
  EXPECT_EQ(d.line("load sub/missing.case")["error"], "file");
  EXPECT_EQ(d.line("load " + std::string("sub")).value("error", ""), "file");
  // Loading it: S_0, its one turn on the redo stack; a game of the other document is refused.
  r = d.line("load sub/one.case");
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["state"]["turn"], 0);
  EXPECT_EQ(r["state"]["redo"].size(), 1u);
  std::string other = carve::testing::file_text(repo("cases/triangle/three_vars.case"));
  other.replace(other.find("../../spec/triangle.carve"), std::string("../../spec/triangle.carve").size(), repo("spec/triangle.carve"));
  std::ofstream(folder + "/other.case") << other;
  r = d.line("load other.case");
  EXPECT_EQ(r["error"], "bad_request") << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("document 001"), std::string::npos) << r.dump();
}

}  // namespace
}  // namespace carve::play::testing
