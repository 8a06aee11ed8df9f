// One writer of an answer, its play and its certificate (questions/report): the same question
// asked through every command that prints an answer -- solve, check, diff, explain, the atlas and
// solve --split -- is printed alike: the same JSON object field for field, the same text lines for
// the witness, the same certificate object and phrase. A command that writes an answer or a
// certificate with code of its own (a field missing, renamed or worded otherwise) fails here.
// The answers compared are the engines' own (explicit search is deterministic; the sat engine on
// one formula too); what is asserted is that the commands print them alike, not what they are --
// the verdicts themselves are the corpus' pins (cases/binary_tree/trail/p4_d3.case: P4 in 3 under
// trail at depth 3; cases/binary_tree/simple/c4_d3.case: C4 no win within 3 at depth 3, both set
// by two engines).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using carve::testing::Outcome;
using nlohmann::json;

Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

std::string fresh_dir(const std::string& name) {
  const std::string d = carve::testing::unique_path(name);
  fs::remove_all(d);
  return d;
}

json parse_ok(const Outcome& r, const std::string& what) {
  EXPECT_EQ(r.code, 0) << what << "\n" << r.out;
  try {
    return json::parse(r.out);
  } catch (const json::exception&) {
    ADD_FAILURE() << what << ": not JSON\n" << r.out;
    return json();
  }
}

std::set<std::string> keys(const json& j) {
  std::set<std::string> out;
  if (j.is_object())
    for (const auto& [k, v] : j.items()) out.insert(k);
  return out;
}

std::set<std::string> with(std::set<std::string> s, std::initializer_list<const char*> more) {
  for (const char* k : more) s.insert(k);
  return s;
}

// The first record of an atlas folder's store.
json first_record(const std::string& dir) {
  std::ifstream in(dir + "/results.jsonl");
  std::string line;
  std::getline(in, line);
  return line.empty() ? json() : json::parse(line);
}

// An atlas of one question, run: its record.
json atlas_record(const std::string& dir, const std::string& question) {
  const auto plan = run("atlas plan spec/binary_tree.carve --dir " + dir + " " + question);
  EXPECT_EQ(plan.code, 0) << plan.out;
  const auto ran = run("atlas run " + dir + " --jobs 1 --quiet");
  EXPECT_EQ(ran.code, 0) << ran.out;
  return first_record(dir);
}

// The witness's lines of a text report ("   1. turn add ..."), without their indentation.
std::vector<std::string> witness_lines(const std::string& text) {
  static const std::regex line(R"(^\s+(\d+\. turn .*)$)");
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (std::smatch m; std::regex_match(l, m, line)) out.push_back(m[1]);
  return out;
}

}  // namespace

// The same question asked through solve --json, check --json (the case's `result`), diff --json
// (reading A's answer at that scope), explain --json (the question's own trial) and the atlas (the
// record's `answer`) is the same engine's same Answer, so the five print the same object -- verdict,
// turns, witness, component, engine and its figures -- field for field (all but the time it took).
// P4 under trail at depth 3 within 3 turns (cases/binary_tree/trail/p4_d3.case): a win, so the
// witness and component are compared too; reading B (simple) only makes diff ask the question.
TEST(AnswerWriter, SolveCheckDiffExplainAndAtlasPrintTheSameAnswer) {
  for (const std::string engine : {"explicit", "sat"}) {
    SCOPED_TRACE(engine);
    const auto s = parse_ok(run("solve spec/binary_tree.carve --target P4 --turns 3 --depth 3 --profile trail --engine " + engine +
                                " --json --quiet"),
                            "solve");
    auto c = parse_ok(run("check cases/binary_tree/trail/p4_d3.case --engine " + engine + " --json"), "check")["cases"][0]["result"];
    const auto diff = parse_ok(run("diff spec/binary_tree.carve --profile trail --with-profile simple --target P4 --turns 3 --depth 3 "
                                   "--engine " + engine + " --no-plays --json"),
                               "diff");
    json d;
    for (const auto& q : diff["verdicts"]["questions"])
      if (q["scope"] == 3) d = q["answers"]["A"];
    auto e = parse_ok(run("explain spec/binary_tree.carve --target P4 --turns 3 --depth 3 --profile trail --engine " + engine + " --json"),
                      "explain")["question"];
    auto a = atlas_record(fresh_dir("atlas"), "--target P4 --profiles trail --depths 3 --max-turns 3 --engine " + engine)["answer"];
    ASSERT_TRUE(c.is_object());
    ASSERT_TRUE(d.is_object());
    ASSERT_TRUE(e.is_object());
    ASSERT_TRUE(a.is_object());
    EXPECT_EQ(s["verdict"], "win");
    EXPECT_EQ(s["engine"], engine);
    ASSERT_EQ(s["witness"].size(), 3u);
    // explain's trial adds what relaxed it and that its witness replayed; the answer is the rest.
    EXPECT_EQ(e["relaxed"], json::array());
    EXPECT_EQ(e["replayed"], true);
    for (const char* own : {"relaxed", "replayed", "proof"}) e.erase(own);
    for (auto* answer : {&c, &d, &e, &a}) {
      answer->erase("seconds");
      EXPECT_EQ(keys(*answer), keys(c));
      for (const auto& [key, value] : answer->items()) EXPECT_EQ(value, s[key]) << key;
    }
  }
}

// The witness's turns read the same in every text report: solve's lines under `witness`, explain's
// under its verdict, diff's under the difference and the atlas's grid (its cell's title) -- one
// question (P3 under simple at depth 2 within 2 turns, explicit search), one play, one writer.
// The diff is the tutorial's: the spec against its variant with Φ_dense avoiding V, where A wins P3
// in 2 at depth 2 and B cannot.
TEST(AnswerWriter, TheSameWitnessReadsTheSameInEveryReport) {
  const std::string question = "--target P3 --turns 2 --depth 2 --profile simple --engine explicit";
  const auto solve = run("solve spec/binary_tree.carve " + question);
  ASSERT_EQ(solve.code, 0) << solve.out;
  const auto explain = run("explain spec/binary_tree.carve " + question);
  ASSERT_EQ(explain.code, 0) << explain.out;
  const auto diff = run("diff spec/binary_tree.carve cases/variants/binary_tree_avoid_v.carve " + question + " --no-plays");
  ASSERT_EQ(diff.code, 0) << diff.out;
  const auto lines = witness_lines(solve.out);
  ASSERT_EQ(lines.size(), 2u) << solve.out;
  EXPECT_THAT(solve.out, ::testing::HasSubstr("verdict   win in 2 turns (shortest; explicit search"));
  EXPECT_THAT(explain.out, ::testing::HasSubstr("verdict   win in 2 turns (explicit engine"));
  EXPECT_EQ(witness_lines(explain.out), lines) << explain.out;
  EXPECT_EQ(witness_lines(diff.out), lines) << diff.out;
}

// solve --split prints its win's witness in solve's lines, and its JSON `answer` is the winning
// part's answer as solve --json writes it: the same fields, the same verdict and turns as the
// unsplit question's (the part may have found another play of that length).
TEST(AnswerWriter, SplitPrintsItsAnswerAsSolveDoes) {
  const std::string question = "spec/binary_tree.carve --target P3 --turns 2 --depth 2 --profile simple";
  const auto s = parse_ok(run("solve " + question + " --engine sat --json --quiet"), "solve");
  const std::string dir = fresh_dir("split");
  const auto text = run("solve " + question + " --split 2 --dir " + dir + " --quiet");
  ASSERT_EQ(text.code, 0) << text.out;
  const auto split = parse_ok(run("solve " + question + " --split 2 --dir " + dir + " --json --quiet"), "split");
  ASSERT_EQ(split["verdict"], "win") << split.dump(2);
  auto a = split["answer"];
  ASSERT_TRUE(a.is_object()) << split.dump(2);
  auto whole = s;
  for (const auto& [key, value] : s.items())
    if (!a.contains(key)) whole.erase(key);  // solve's question fields around the answer
  EXPECT_EQ(keys(a), keys(whole));
  EXPECT_EQ(a["verdict"], s["verdict"]);
  EXPECT_EQ(a["turns"], s["turns"]);
  EXPECT_EQ(a["engine"], "sat");
  std::vector<std::string> moves;
  for (const auto& m : a["witness"]) moves.push_back(m["turn"].dump() + ". " + m["text"].get<std::string>());
  EXPECT_EQ(witness_lines(text.out), moves) << text.out;
}

// One writer of a certificate: solve --proof, check --certify (files kept and not), explain (the
// core game's, its files temporary), diff (each no-win's) and the atlas (the no-win below the
// shortest win) write the same object -- the same fields, each command adding only its own (check
// and explain their removed files' note, diff the question it certifies, the atlas its turns) --
// and check's note and diff's line say a certificate in the same words. solve and check certify
// the same question (C4 within 3 at depth 3, simple), so the same formula and proof: their figures
// agree, and check's words for the checked clauses are those of solve's checker line.
TEST(AnswerWriter, EveryCommandWritesTheSameCertificate) {
  const std::string c4 = "cases/binary_tree/simple/c4_d3.case";
  const std::string dir = fresh_dir("proofs");
  fs::create_directories(dir);
  const auto solve = parse_ok(run("solve " + c4 + " --proof " + dir + "/c4 --json --quiet"), "solve")["proof"];
  const auto solve_text = run("solve " + c4 + " --proof " + dir + "/c4-text --quiet");
  const auto kept = parse_ok(run("check " + c4 + " --certify --keep-proofs " + dir + "/check --json"), "check")["cases"][0]["certificate"];
  const auto check_text = run("check " + c4 + " --certify");
  const auto removed = parse_ok(run("check " + c4 + " --certify --json"), "check")["cases"][0]["certificate"];
  const auto explain = parse_ok(run("explain " + c4 + " --json"), "explain")["proof"];
  const auto explain_text = run("explain " + c4);
  const std::string variant = "diff spec/binary_tree.carve cases/variants/binary_tree_avoid_v.carve --profile simple --target P3 --turns 2 "
                              "--depth 2 --no-plays";
  const auto diff = parse_ok(run(variant + " --json"), "diff")["verdicts"]["certificates"];
  const auto diff_text = run(variant);
  const auto atlas = atlas_record(fresh_dir("atlas"), "--target P3 --profiles simple --depths 2 --max-turns 2")["certificate"];

  const auto base = keys(solve);
  ASSERT_TRUE(base.count("status") && base.count("proof_lemmas") && base.count("manifest")) << solve.dump(2);
  EXPECT_EQ(keys(kept), base);
  EXPECT_EQ(keys(removed), with(base, {"files"}));
  EXPECT_EQ(removed["files"], "removed after the check (--keep-proofs DIR keeps them)");
  EXPECT_TRUE(removed["cnf"].is_null() && removed["proof"].is_null() && removed["files_kept"] == false);
  EXPECT_EQ(keys(explain), with(base, {"files"}));
  EXPECT_EQ(explain["files"], "removed after the check (--proof FILE keeps them)");
  std::size_t no_wins = 0;
  for (const auto& c : diff) {
    if (c["kind"] != "no-win") continue;
    ++no_wins;
    EXPECT_EQ(keys(c), with(base, {"files", "kind", "reading", "scope", "target", "turns", "detail", "seconds"})) << c.dump(2);
  }
  EXPECT_GT(no_wins, 0u) << diff.dump(2);
  EXPECT_EQ(keys(atlas), with(base, {"turns"}));
  EXPECT_EQ(atlas["turns"], 1);

  // One question, one formula, one proof: solve's and check's figures are the same.
  for (const char* field : {"status", "certified", "cnf_sha256", "variables", "clauses", "stability_lemmas", "symmetry_clauses",
                            "proof_format", "proof_bytes", "proof_lemmas", "core_lemmas", "rat_lemmas", "checker", "universe"})
    EXPECT_EQ(kept[field], solve[field]) << field;
  // The phrase of an accepted certificate, check's note and diff's line for the difference alike.
  const std::regex phrase(R"(certified: DRAT proof accepted \((the \d+ clauses? of the \d+ the proof adds [^;]*); solve \d+\.\d{3} s, check \d+\.\d{3} s\))");
  std::smatch in_check;
  ASSERT_TRUE(std::regex_search(check_text.out, in_check, phrase)) << check_text.out;
  EXPECT_THAT(solve_text.out, ::testing::HasSubstr(in_check[1].str())) << "check's words for solve's proof";
  EXPECT_TRUE(std::regex_search(diff_text.out, std::regex("B: no play of at most 2 turns wins: certified: DRAT proof accepted \\(")))
      << diff_text.out;
  // Text lines: solve's names its files, explain's (temporary) says so, each with the checker's line.
  EXPECT_TRUE(std::regex_search(solve_text.out, std::regex(R"(proof     certified: \S+c4-text\.cnf \(sha256 [0-9a-f]{64}\), \S+c4-text\.drat \(binary DRAT, \d+ bytes\)\n          accepted: )")))
      << solve_text.out;
  EXPECT_TRUE(std::regex_search(explain_text.out, std::regex(R"(proof     certified: the formula \(sha256 [0-9a-f]{64}\), its proof \(binary DRAT, \d+ bytes\); the files were temporary \(--proof FILE keeps them\)\n          accepted: )")))
      << explain_text.out;
}
