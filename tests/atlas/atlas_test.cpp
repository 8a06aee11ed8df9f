// The atlas machinery in-process: answers of single questions against explicit search (which
// runs the reference semantics itself), asked of the plan's engine's adapter (an smt plan
// certified by the sat engine, a refusal in the adapter's words), the store's reading rules, the grid's marking of
// differing readings, and the Slurm array's ranges.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "questions/atlas/job_pool.hpp"
#include "questions/atlas/question_game.hpp"
#include "questions/atlas/question_run.hpp"
#include "questions/atlas/report.hpp"
#include "questions/atlas/result_store.hpp"
#include "questions/atlas/slurm_script.hpp"
#include "checkers/replay/replay.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "engines/registry/registry.hpp"
#include "rules/elaborate/case.hpp"
#include "rules/model/target.hpp"
#include "tests/process.hpp"
#include "tests/variants/variant.hpp"

namespace {

namespace fs = std::filesystem;
using namespace carve;

std::string fresh_dir(const std::string& name) {
  const std::string d = carve::testing::unique_path(name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

atlas::Plan small_plan(const std::string& dir, const std::vector<std::string>& targets, const std::vector<std::string>& profiles,
                       int depth, int max_turns, elab::Engine engine = elab::Engine::Sat,
                       const std::string& spec = std::string(getenv("CARVE_ROOT")) + "/spec/binary_tree.carve") {
  atlas::Settings s;
  s.max_turns = max_turns;
  s.engine = engine;
  return atlas::make_plan(dir, spec, targets, profiles, {depth}, s);
}

answer::Result explicit_answer(const std::string& target, const std::string& profile, int depth, int turns) {
  elab::Settings s;
  s.profile = {profile, {}};
  s.depth = elab::Located<int>{depth, {}};
  const auto game = elab::elaborate(elab::load_spec(std::string(getenv("CARVE_ROOT")) + "/spec/binary_tree.carve"), s);
  const auto t = elab::resolve_target_text({target, {}});
  search::Options o;
  o.max_turns = turns;
  return search::explicit_search(game, t, o);
}

// The shortest carving the atlas certifies is the one explicit search finds; the witness file
// replays to a win at exactly that turn; the certificate was accepted and names files whose
// hashes it states.
TEST(AnswerQuestion, ShortestCarvingAgreesWithExplicitSearch) {
  const std::string dir = fresh_dir("atlas");
  const auto plan = small_plan(dir, {"K1", "K2", "P3", "K3", "P4", "K1,3"}, {"simple"}, 3, 6);
  for (const auto& q : plan.questions) {
    const auto rec = atlas::answer_question(plan, q, {dir, {"test"}, false, {}});
    const auto ex = explicit_answer(q.target, q.profile, q.depth, 6);
    ASSERT_EQ(ex.verdict, answer::Verdict::Win) << q.label;
    EXPECT_EQ(rec["status"], "certified") << q.label;
    EXPECT_EQ(rec["turns"].get<int>(), *ex.turns) << q.label;
    EXPECT_EQ(rec["lower_bound"].get<int>(), *ex.turns);
    EXPECT_TRUE(rec["certificate"]["certified"].get<bool>());
    EXPECT_EQ(rec["certificate"]["turns"].get<int>(), *ex.turns - 1);
    EXPECT_TRUE(fs::exists(fs::path(dir) / rec["certificate"]["proof"].get<std::string>()));
    const auto c = elab::load_case((fs::path(dir) / rec["witness"]["file"].get<std::string>()).string());
    model::Budget b;
    const auto rep = replay::replay(c.game, *c.play, &*c.target, std::nullopt, b);
    EXPECT_TRUE(rep.legal) << q.label;
    EXPECT_EQ(rep.win_turn, *ex.turns) << q.label;
  }
}

// Literal reading, where walks make the search wide: the cheap targets only.
TEST(AnswerQuestion, LiteralReadingAgreesWithExplicitSearch) {
  const std::string dir = fresh_dir("atlas");
  const auto plan = small_plan(dir, {"K1", "K2", "P3", "K1,3"}, {"literal"}, 3, 4);
  for (const auto& q : plan.questions) {
    const auto rec = atlas::answer_question(plan, q, {dir, {"test"}, false, {}});
    const auto ex = explicit_answer(q.target, q.profile, q.depth, 4);
    ASSERT_EQ(ex.verdict, answer::Verdict::Win) << q.label;
    EXPECT_EQ(rec["status"], "certified") << q.label;
    EXPECT_EQ(rec["turns"].get<int>(), *ex.turns) << q.label;
  }
}

// A turn bound below the shortest carving: no win within it, certified, lower bound bound + 1;
// explicit search agrees there is no win within the bound.
TEST(AnswerQuestion, BelowTheShortestCarvingIsACertifiedNoWin) {
  const std::string dir = fresh_dir("atlas");
  const auto plan = small_plan(dir, {"K3"}, {"simple"}, 3, 2);
  const auto rec = atlas::answer_question(plan, plan.questions[0], {dir, {"test"}, false, {}});
  EXPECT_EQ(explicit_answer("K3", "simple", 3, 2).verdict, answer::Verdict::NoWin);
  EXPECT_EQ(rec["status"], "no-win");
  EXPECT_EQ(rec["lower_bound"].get<int>(), 3);
  EXPECT_TRUE(rec["lower_bound_certified"].get<bool>());
  EXPECT_TRUE(rec["turns"].is_null());
  EXPECT_TRUE(atlas::is_settled(rec));
}

// A limit gives `unknown`, never a verdict, and the record is not settled (a re-run may retry it).
TEST(AnswerQuestion, LimitGivesUnknownWithItsBound) {
  const std::string dir = fresh_dir("atlas");
  auto plan = small_plan(dir, {"C4"}, {"literal"}, 4, 6);
  plan.settings.timeout = 1e-6;
  const auto rec = atlas::answer_question(plan, plan.questions[0], {dir, {"test"}, false, {}});
  EXPECT_EQ(rec["status"], "unknown");
  EXPECT_NE(rec["reason"].get<std::string>().find("timeout"), std::string::npos);
  EXPECT_FALSE(rec["lower_bound_certified"].get<bool>());
  EXPECT_FALSE(atlas::is_settled(rec));
}

// A win found from above whose frames below ran out of time (SatOptions::probe_from_above): its
// record holds the win and the frames refuted as its lower bound. It is not settled while the bound
// is below the win (a longer run may close the gap), and its cell shows the range; a win whose
// lower bound is its own length, or the older "win" record (lower bound not certified), read as before.
TEST(AnswerQuestion, AWinFromAboveIsOpenUntilItsLowerBoundReachesIt) {
  nlohmann::json rec = {{"status", "win"}, {"turns", 8}, {"lower_bound", 7}, {"lower_bound_certified", true},
                       {"target", {{"label", "EEjw"}}}, {"profile", "cycle"}, {"depth", 4}, {"seconds", {{"total", 208.4}}}};
  EXPECT_FALSE(atlas::is_settled(rec));
  EXPECT_EQ(atlas::cell_value(&rec), "7–8");
  EXPECT_EQ(atlas::record_line(rec), "EEjw cycle d4: a win in 8 turns found from above, none in fewer than 7 (certified) (208.4 s)");
  rec["lower_bound_certified"] = false;
  EXPECT_EQ(atlas::cell_value(&rec), "7?–8");
  EXPECT_FALSE(atlas::is_settled(rec));
  rec["lower_bound"] = 8;
  EXPECT_EQ(atlas::cell_value(&rec), "8?");
  EXPECT_EQ(atlas::record_line(rec), "EEjw cycle d4: 8 turns, lower bound not certified (208.4 s)");
  EXPECT_FALSE(atlas::is_settled(rec));
  rec["lower_bound"] = 0;
  EXPECT_EQ(atlas::cell_value(&rec), "8?");
  rec["status"] = "certified";
  rec["lower_bound"] = 8;
  rec["lower_bound_certified"] = true;
  EXPECT_TRUE(atlas::is_settled(rec));
  EXPECT_EQ(atlas::cell_value(&rec), "8");
}

// The atlas asks the plan's engine's adapter (engines/registry): under an smt plan Z3 searches --
// the smt adapter takes no proof request -- and the sat adapter certifies the no-win below the win
// afterwards (docs/atlas.md: the certificate always comes from the sat engine). Explicit search
// (the reference semantics itself) gives the same shortest carvings.
TEST(AnswerQuestion, AnSmtPlanSearchesWithZ3AndTheSatEngineCertifies) {
  const std::string dir = fresh_dir("atlas");
  const auto plan = small_plan(dir, {"P3", "K3"}, {"simple"}, 3, 4, elab::Engine::Smt);
  for (const auto& q : plan.questions) {
    const auto rec = atlas::answer_question(plan, q, {dir, {"test"}, false, {}});
    const auto ex = explicit_answer(q.target, q.profile, q.depth, 4);
    ASSERT_EQ(ex.verdict, answer::Verdict::Win) << q.label;
    EXPECT_EQ(rec["engine"], "smt") << q.label;
    EXPECT_EQ(rec["status"], "certified") << q.label << ": " << rec["reason"];
    EXPECT_EQ(rec["turns"].get<int>(), *ex.turns) << q.label;
    ASSERT_TRUE(rec["certificate"].is_object()) << q.label;
    EXPECT_TRUE(rec["certificate"]["certified"].get<bool>()) << q.label;
    EXPECT_EQ(rec["certificate"]["turns"].get<int>(), *ex.turns - 1) << q.label;
  }
}

// Rules an engine does not encode: the record is `refused` with the adapter's own refusal, which
// names the engine and the rule (path=walk with the density pattern V V as a factor at depth 3:
// tests/engines/adapter_test.cpp, ASymbolicRefusalNamesItsEngineAndTheRule); the explicit engine
// answers the same question, as explicit search itself does.
TEST(AnswerQuestion, ARefusedEngineGivesTheAdaptersRefusal) {
  const std::string dir = fresh_dir("atlas");
  auto v = variants::documents(true);
  v.pattern = "V V";
  v.density = "factor";
  v.path = "walk";
  const std::string spec = dir + "/vv.carve";
  std::ofstream(spec) << variants::spec_text(v);
  for (const auto engine : {elab::Engine::Sat, elab::Engine::Smt}) {
    const auto plan = small_plan(dir, {"P3"}, {"literal"}, 3, 2, engine, spec);
    const auto rec = atlas::answer_question(plan, plan.questions[0], {dir, {"test"}, false, {}});
    const auto g = atlas::elaborate_question(plan, plan.questions[0], dir);
    const auto no = engines::adapter(engine).supports(g.game, g.target);
    ASSERT_TRUE(no) << elab::name(engine);
    EXPECT_EQ(rec["status"], "refused") << elab::name(engine);
    EXPECT_EQ(rec["reason"], no->text()) << elab::name(engine);
    EXPECT_NE(no->text().find(elab::name(engine)), std::string::npos) << no->text();
    EXPECT_NE(no->rule.find("paths"), std::string::npos) << no->text();
    EXPECT_TRUE(atlas::is_settled(rec));
  }
  const auto plan = small_plan(dir, {"P3"}, {"literal"}, 3, 2, elab::Engine::Explicit, spec);
  const auto rec = atlas::answer_question(plan, plan.questions[0], {dir, {"test"}, false, {}});
  const auto g = atlas::elaborate_question(plan, plan.questions[0], dir);
  search::Options o;
  o.max_turns = 2;
  const auto ex = search::explicit_search(g.game, g.target, o);
  ASSERT_NE(ex.verdict, answer::Verdict::Unknown);
  EXPECT_EQ(rec["status"], ex.verdict == answer::Verdict::Win ? "win" : "no-win") << rec["reason"];
}

// A plan names an engine the atlas searches with: another (auto, shape) is bad input, named.
TEST(Plan, AnEngineTheAtlasDoesNotSearchWithIsRefused) {
  const std::string dir = fresh_dir("atlas");
  auto plan = small_plan(dir, {"K2"}, {"simple"}, 2, 2);
  atlas::write_plan(dir, plan);
  auto j = atlas::plan_json(plan);
  for (const std::string engine : {"shape", "auto", "minisat"}) {
    j["settings"]["engine"] = engine;
    try {
      atlas::plan_from_json(j);
      ADD_FAILURE() << engine << " was read";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("'" + engine + "'"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("sat, smt or explicit"), std::string::npos) << e.what();
    }
  }
  j["settings"]["engine"] = "explicit";
  EXPECT_EQ(atlas::plan_from_json(j).settings.engine, elab::Engine::Explicit);
}

// What a record looks like when the search's win is in but the certificate below it did not fit.
nlohmann::json as_uncertified_win(nlohmann::json rec) {
  rec["status"] = "win";
  rec["lower_bound_certified"] = false;
  rec["certificate"] = nullptr;
  rec["reason"] = "no certificate: timeout (as a limit would have left it)";
  return rec;
}

// A retried win is completed, not searched again: the same witness file (untouched), a certificate
// of the no-win one turn below, no search time; explicit search agrees on the shortest carving. A
// later `unknown` of the same key (a retry that searched and stopped short) does not hide it.
TEST(CompleteWin, CertifiesBelowTheRecordedWitnessWithoutSearching) {
  const std::string dir = fresh_dir("atlas");
  const auto plan = small_plan(dir, {"P4"}, {"simple"}, 3, 6);
  const auto& q = plan.questions[0];
  const auto first = atlas::answer_question(plan, q, {dir, {"test"}, false, {}});
  ASSERT_EQ(first["status"], "certified");
  const auto won = as_uncertified_win(first);
  auto stopped = won;
  stopped["status"] = "unknown";
  stopped["witness"] = stopped["turns"] = stopped["upper_bound"] = nullptr;
  stopped["lower_bound"] = first["turns"].get<int>() - 1;
  const std::vector<nlohmann::json> records{won, stopped};
  const auto* earlier = atlas::completable_win(records, q.key);
  ASSERT_NE(earlier, nullptr);
  EXPECT_EQ(atlas::completable_win(records, "another key"), nullptr);
  EXPECT_EQ(atlas::completable_win({first}, q.key), nullptr);  // certified: nothing to complete

  const auto rec = atlas::complete_win(plan, q, {dir, {"test"}, false, {}}, *earlier);
  EXPECT_EQ(rec["status"], "certified");
  EXPECT_EQ(rec["witness"], first["witness"]);
  EXPECT_EQ(rec["witness_from"], first["finished"]);
  EXPECT_EQ(rec["seconds"]["search"].get<double>(), 0.0);
  EXPECT_TRUE(rec["lower_bound_certified"].get<bool>());
  EXPECT_EQ(rec["certificate"]["turns"].get<int>(), first["turns"].get<int>() - 1);
  EXPECT_TRUE(rec["certificate"]["certified"].get<bool>());
  const auto ex = explicit_answer("P4", "simple", 3, 6);
  ASSERT_EQ(ex.verdict, answer::Verdict::Win);
  EXPECT_EQ(rec["turns"].get<int>(), *ex.turns);
  // A completion of a completion names the search's record, not the attempt between.
  auto attempt = won;
  attempt["witness_from"] = "2026-01-01T00:00:00Z";
  attempt["finished"] = "2026-01-02T00:00:00Z";
  EXPECT_EQ(atlas::complete_win(plan, q, {dir, {"test"}, false, {}}, attempt)["witness_from"], "2026-01-01T00:00:00Z");
}

// When the witness file is not the recorded one, or the rules hash otherwise, the question is
// asked afresh: a search (its time is counted) and a witness of its own.
TEST(CompleteWin, AChangedWitnessOrRulesAskAfresh) {
  const std::string dir = fresh_dir("atlas");
  const auto plan = small_plan(dir, {"P3"}, {"simple"}, 3, 6);
  const auto& q = plan.questions[0];
  const auto first = atlas::answer_question(plan, q, {dir, {"test"}, false, {}});
  ASSERT_EQ(first["status"], "certified");
  auto other_rules = as_uncertified_win(first);
  other_rules["rules_sha256"] = std::string(64, '0');
  auto rec = atlas::complete_win(plan, q, {dir, {"test"}, false, {}}, other_rules);
  EXPECT_FALSE(rec.contains("witness_from"));
  EXPECT_EQ(rec["status"], "certified");
  auto other_file = as_uncertified_win(first);
  std::ofstream(fs::path(dir) / first["witness"]["file"].get<std::string>(), std::ios::app) << "// edited\n";
  rec = atlas::complete_win(plan, q, {dir, {"test"}, false, {}}, other_file);
  EXPECT_FALSE(rec.contains("witness_from"));
  EXPECT_EQ(rec["status"], "certified");
  EXPECT_EQ(rec["turns"], first["turns"]);
}

TEST(ResultStore, TornLastLineIsIgnoredAndCutOffByTheNextAppend) {
  const std::string dir = fresh_dir("store");
  atlas::append_record(dir, {{"key", "a"}, {"status", "unknown"}});
  atlas::append_record(dir, {{"key", "a"}, {"status", "certified"}});
  std::ofstream(atlas::store_path(dir), std::ios::app) << R"({"key":"b","sta)";  // a run killed mid-write
  auto s = atlas::read_store(dir);
  EXPECT_EQ(s.records.size(), 2u);
  EXPECT_EQ(s.torn_lines, 1);
  EXPECT_EQ(s.latest.at("a")["status"], "certified");  // the last record of a key is its answer
  atlas::append_record(dir, {{"key", "b"}, {"status", "certified"}});
  s = atlas::read_store(dir);
  EXPECT_EQ(s.records.size(), 3u);
  EXPECT_EQ(s.torn_lines, 0);
  EXPECT_EQ(s.latest.at("b")["status"], "certified");
}

TEST(ResultStore, MalformedLineInsideTheStoreIsAnError) {
  const std::string dir = fresh_dir("store");
  std::ofstream(atlas::store_path(dir)) << "{\"key\":\"a\"}\nnot json\n{\"key\":\"b\"}\n";
  try {
    atlas::read_store(dir);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("results.jsonl:2:"), std::string::npos) << e.what();
  }
}

TEST(ResultStore, FoldingDropsPartsOfSettledKeys) {
  const std::string dir = fresh_dir("store");
  const nlohmann::json settled = {{"key", "a"}, {"status", "certified"}, {"lower_bound_certified", true}};
  atlas::append_record(dir, settled);
  atlas::write_part(dir, 0, {{"key", "a"}, {"status", "unknown"}, {"lower_bound_certified", false}});
  atlas::write_part(dir, 1, {{"key", "b"}, {"status", "unknown"}, {"lower_bound_certified", false}});
  const auto n = atlas::fold_parts(dir);
  EXPECT_EQ(n.appended, 1);
  EXPECT_EQ(n.dropped, 1);
  const auto s = atlas::read_store(dir);
  EXPECT_EQ(s.latest.at("a"), settled);
  EXPECT_TRUE(s.latest.count("b"));
  EXPECT_FALSE(fs::exists(atlas::part_path(dir, 0)));
}

nlohmann::json fake(const atlas::Question& q, const std::string& status, int turns) {
  return {{"key", q.key}, {"status", status}, {"turns", turns}, {"turn_bound", 8}, {"lower_bound", turns},
          {"lower_bound_certified", status == "certified"}, {"witness", nullptr}, {"certificate", nullptr},
          {"reason", nullptr}, {"seconds", {{"search", 1.0}, {"certify", 1.0}, {"total", 2.0}}}};
}

// Readings disagree at a depth exactly when two answered ones claim ranges of the shortest
// carving's length that share no length; an unanswered cell neither differs nor makes others
// differ. The expectations follow from the ranges by hand: "k" is [k, k]; "k?" is [lower_bound, k]
// (lower_bound k when the engine covered every shorter play, 0 when it did not); "≥b" and "≥b?"
// are [b, ∞); a "?" says only that the lower end is not certified.
TEST(Grid, MarksTheTargetsWhoseReadingsDisagree) {
  const std::string dir = fresh_dir("grid");
  const auto plan = small_plan(dir, {"K2", "K3", "P3", "P4", "C4", "K1,3", "K1,4"}, {"literal", "simple"}, 3, 8);
  atlas::StoreContents store;
  auto put = [&](int i, const std::string& status, int k) { store.latest[plan.questions[i].key] = fake(plan.questions[i], status, k); };
  put(0, "certified", 1);  // K2: 1 and 1 -- the same
  put(1, "certified", 1);
  put(2, "certified", 3);  // K3: 3 and 4 -- certainly not the same
  put(3, "certified", 4);
  put(4, "win", 2);        // P3: 2? and unanswered
  put(6, "win", 3);        // P4: 3? and 3 -- the engine's 3 and a certified 3 may be one answer
  put(7, "certified", 3);
  put(8, "unknown", 6);    // C4: ≥6? and 7 -- 7 lies in [6, ∞)
  put(9, "certified", 7);
  put(10, "win", 3);       // K1,3: 3? and 4 -- a replayed win in 3 against no win within 3
  put(11, "certified", 4);
  put(12, "win", 7);       // K1,4: 7? whose search covered no shorter play ([0, 7]) and 5
  store.latest[plan.questions[12].key]["lower_bound"] = 0;
  put(13, "certified", 5);
  const auto g = atlas::make_grid(plan, store);
  ASSERT_EQ(g.rows.size(), 7u);
  ASSERT_EQ(g.columns.size(), 2u);
  const std::vector<bool> differs = {false, true, false, false, false, true, false};
  for (std::size_t r = 0; r < differs.size(); ++r)
    for (std::size_t c = 0; c < 2; ++c)
      EXPECT_EQ(g.rows[r].cells[c].differs, differs[r] && g.rows[r].cells[c].record) << g.rows[r].target << " column " << c;
  EXPECT_EQ(g.rows[2].cells[0].value, "2?");
  EXPECT_EQ(g.rows[2].cells[1].value, "—");
  EXPECT_EQ(g.rows[4].cells[0].value, "≥6?");
  EXPECT_EQ(g.answered, 13);
  EXPECT_EQ(g.certified, 8);
  const std::string md = atlas::grid_markdown(plan, g);
  EXPECT_NE(md.find("| K3 | `K3` | 3 | 3 | **3** | **4** |"), std::string::npos) << md;
  EXPECT_NE(md.find("| P4 | `P4` | 4 | 3 | 3? | 3 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| K1,3 | `K1,3` | 4 | 3 | **3?** | **4** |"), std::string::npos) << md;
  const std::string html = atlas::grid_html(plan, g);
  std::size_t differing = 0;
  for (std::size_t p = html.find("class=\"v differs\""); p != std::string::npos; p = html.find("class=\"v differs\"", p + 1)) ++differing;
  EXPECT_EQ(differing, 4u);
}

// "Certified" counts both ways of being certified: a shortest carving, and a no-win within the turn
// bound whose certificate holds (the cell shows ">T" without "?"); an uncertified no-win is not.
TEST(Grid, ACertifiedNoWinWithinTheBoundCountsAsCertified) {
  const std::string dir = fresh_dir("grid");
  const auto plan = small_plan(dir, {"K2", "K3"}, {"literal", "simple"}, 3, 8);
  atlas::StoreContents store;
  auto put = [&](int i, const std::string& status, int k, bool bound_certified) {
    auto r = fake(plan.questions[i], status, k);
    r["lower_bound_certified"] = bound_certified;
    store.latest[plan.questions[i].key] = r;
  };
  put(0, "certified", 1, true);
  put(1, "no-win", 9, true);
  put(2, "no-win", 9, false);
  put(3, "win", 3, false);
  const auto g = atlas::make_grid(plan, store);
  EXPECT_EQ(g.rows[0].cells[1].value, ">8");
  EXPECT_EQ(g.rows[1].cells[0].value, ">8?");
  EXPECT_EQ(g.answered, 4);
  EXPECT_EQ(g.certified, 2);
}

TEST(SlurmScript, ArrayListsThePendingQuestionsAsRanges) {
  EXPECT_EQ(atlas::array_ranges({0, 1, 2, 3, 7, 9, 10, 11, 12}), "0-3,7,9-12");
  EXPECT_EQ(atlas::array_ranges({5}), "5");
  const std::string s = atlas::slurm_script({"/opt/carve", "/shared/atlas", "batch", 4, 0, ""}, {0, 1, 5});
  EXPECT_NE(s.find("#SBATCH --array=0-1,5%4\n"), std::string::npos) << s;
  EXPECT_NE(s.find("exec '/opt/carve' atlas run '/shared/atlas' --job \"$SLURM_ARRAY_TASK_ID\""), std::string::npos) << s;
  EXPECT_NE(s.find("#SBATCH --partition=batch\n"), std::string::npos);
}

}  // namespace
