// End-to-end tests of what carve says (issue 35, items 3-5): the rules in words, compiled from the
// rules record and naming their defs; one command line (the shared options on every command that
// works, CLI11's errors naming their command, one target parser, "did you mean"); portable and
// friendlier artefacts (verify-certificate --spec, diff's regression cases, check's true answer,
// solve --proof on a win, no removed temporary named, proof statistics in words).
// CARVE_UNDER_TEST=PATH runs them against another carve binary (an older build, to see them fail).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

std::string binary() {
  const char* other = std::getenv("CARVE_UNDER_TEST");
  return other && *other ? other : CARVE_BINARY;
}

carve::testing::Outcome run(const std::string& args) { return carve::testing::run_command(binary() + " " + args); }

// The JSON a command printed (stderr, merged in by run_command, may come first: skip to the brace).
nlohmann::json json_of(const carve::testing::Outcome& r) {
  const auto brace = r.out.find('{');
  if (brace == std::string::npos) return nlohmann::json::object();
  return nlohmann::json::parse(r.out.substr(brace), nullptr, false);
}

std::string fresh_dir(const std::string& name) {
  const std::string dir = carve::testing::unique_path(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string spec_text() { return carve::testing::file_text(std::string(CARVE_ROOT) + "/spec/binary_tree.carve"); }

// A copy of spec/binary_tree.carve with `from` replaced by `to` (once).
std::string edited_spec(const std::string& name, const std::string& from, const std::string& to) {
  std::string text = spec_text();
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return carve::testing::temp_file(name + ".carve", text);
}

// rule name -> words, from `elaborate --json`.
std::map<std::string, std::string> words_of(const std::string& args) {
  auto r = run("elaborate " + args + " --json");
  EXPECT_EQ(r.code, 0) << args << "\n" << r.out;
  std::map<std::string, std::string> out;
  const auto j = json_of(r);
  if (!j.contains("rules")) {
    ADD_FAILURE() << "no rules in words: " << args;
    return out;
  }
  for (const auto& rule : j["rules"]) out[rule["rule"].get<std::string>()] = rule["words"].get<std::string>();
  return out;
}

// ------------------------------------------------------------------------- item 3: rules in words

// Every rule of the documents, in the order a turn meets them, each with the def that states it:
// its number, its title and the place in the spec where that def stands.
TEST(RulesInWords, ElaborateNamesEveryRuleAndItsDef) {
  auto r = run("elaborate spec/binary_tree.carve --profile simple --depth 2 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = json_of(r);
  ASSERT_TRUE(j.contains("rules")) << r.out;
  std::vector<std::string> names;
  for (const auto& rule : j["rules"]) names.push_back(rule["rule"]);
  EXPECT_THAT(names, ::testing::ElementsAre("construction", "path", "Φ_dense", "Φ_root", "Φ_inc", "ℛ", "collapse", "succession",
                                            "isomorphism", "victory"));
  // The def each rule names is the one whose statement compiles it (spec/binary_tree.carve).
  const std::map<std::string, std::string> def_of = {{"construction", "3.1"}, {"path", "2.1"},     {"Φ_dense", "2.1.1"},
                                                     {"Φ_root", "2.1.2"},      {"Φ_inc", "2.1.3"},   {"ℛ", "2.2"},
                                                     {"collapse", "3.2"},      {"succession", "3.3"}, {"isomorphism", "4"},
                                                     {"victory", "4"}};
  std::vector<std::string> lines;
  {
    std::ifstream in(std::string(CARVE_ROOT) + "/spec/binary_tree.carve");
    for (std::string l; std::getline(in, l);) lines.push_back(l);
  }
  for (const auto& rule : j["rules"]) {
    const std::string name = rule["rule"];
    EXPECT_EQ(rule["def"], def_of.at(name)) << name;
    // "spec/binary_tree.carve:LINE:COL": that line opens the def with that number.
    const std::string loc = rule["location"];
    const std::smatch m = [&] {
      std::smatch mm;
      std::regex_match(loc, mm, std::regex("spec/binary_tree\\.carve:(\\d+):(\\d+)"));
      return mm;
    }();
    ASSERT_FALSE(m.empty()) << loc;
    const std::string& line = lines.at(std::stoul(m[1].str()) - 1);
    EXPECT_THAT(line, HasSubstr("def \"" + def_of.at(name) + "\"")) << name << " at " << loc;
    // The heading quotes the def's title as the spec writes it.
    const std::string heading = rule["heading"];
    EXPECT_THAT(line, HasSubstr(heading.substr(heading.find(' ', 4) + 1))) << heading;
  }
  // The switch values the rules read are in their rules' words.
  const auto words = words_of("spec/binary_tree.carve --profile simple --depth 2");
  EXPECT_THAT(words.at("path"), HasSubstr("(path=simple)"));
  EXPECT_THAT(words.at("Φ_dense"), HasSubstr("avoid V T{2,} V as a factor"));
  EXPECT_THAT(words.at("construction"), HasSubstr("(loop=forbid)"));
  EXPECT_THAT(words.at("succession"), HasSubstr("(reroot=allow)"));
}

// The words come from the compiled rules: an edit of one rule -- a switch, or a statement of a
// variant spec -- changes that rule's words and no other's.
TEST(RulesInWords, AnEditChangesTheWordsOfItsRuleAlone) {
  struct Edit {
    std::string base, edited, rule;
  };
  const std::string tree = "spec/binary_tree.carve --depth 2";
  const std::string triangle = "spec/triangle.carve --vars 2";
  const std::vector<Edit> edits = {
      {tree, tree + " --set loop=allow", "construction"},
      {tree, tree + " --set readd=allow", "construction"},
      {tree, tree + " --set duplicate=forbid", "construction"},
      {tree, tree + " --set path=trail", "path"},
      {tree, tree + " --set density=factor", "Φ_dense"},
      {tree, tree + " --set reroot=forbid", "succession"},
      {tree, tree + " --set iso=typed", "isomorphism"},
      {tree, tree + " --set start-win=no", "victory"},
      {tree, "cases/variants/binary_tree_avoid_v.carve --depth 2", "Φ_dense"},
      {tree, "cases/variants/binary_tree_avoid_tv.carve --depth 2", "Φ_dense"},
      {tree, "cases/variants/binary_tree_swapped_succession.carve --depth 2", "succession"},
      {tree, "cases/variants/binary_tree_contains.carve --depth 2", "victory"},
      {tree, "cases/variants/binary_tree_root_component.carve --depth 2", "victory"},
      {triangle, triangle + " --set virtual-scope=formulas", "construction"},
      {triangle, "cases/variants/triangle_root_component.carve --vars 2", "victory"},
  };
  for (const auto& e : edits) {
    const auto a = words_of(e.base), b = words_of(e.edited);
    ASSERT_EQ(a.size(), 10u) << e.base;
    ASSERT_EQ(b.size(), 10u) << e.edited;
    for (const auto& [rule, words] : a) {
      if (rule == e.rule)
        EXPECT_NE(words, b.at(rule)) << e.edited << ": " << rule << " reads the same";
      else
        EXPECT_EQ(words, b.at(rule)) << e.edited << ": " << rule << " changed too";
    }
  }
}

// The issue's own example: an avoided pattern is said as the spec writes it, how it is read, and
// what it forbids. V V as a subsequence forbids any two virtual edges on a path; as a factor, two
// in a row only.
TEST(RulesInWords, TheDensityPatternIsSaidWithWhatItForbids) {
  const std::string spec = edited_spec("avoid_vv", "avoid (V T{2,} V)", "avoid (V V)");
  EXPECT_EQ(words_of(spec + " --depth 2 --set density=subsequence").at("Φ_dense"),
            "avoid V V as a subsequence: no two virtual edges anywhere on a path (density=subsequence)");
  EXPECT_EQ(words_of(spec + " --depth 2 --set density=factor").at("Φ_dense"),
            "avoid V V as a factor: no two virtual edges in a row on a path (density=factor)");
  // A pattern of two types lists its items in order.
  EXPECT_THAT(words_of("spec/binary_tree.carve --depth 2 --set density=factor").at("Φ_dense"),
              HasSubstr("a virtual edge, then two or more tree edges, then a virtual edge"));
}

// solve's header gives the same rules, in text and in JSON.
TEST(RulesInWords, SolveSaysTheRulesItAnswersUnder) {
  const std::string question = "solve spec/binary_tree.carve --target P3 --turns 2 --depth 2 --profile simple --set reroot=forbid";
  const auto expected = words_of("spec/binary_tree.carve --depth 2 --profile simple --set reroot=forbid");
  auto j = json_of(run(question + " --json"));
  ASSERT_TRUE(j.contains("rules")) << j.dump();
  for (const auto& rule : j["rules"]) EXPECT_EQ(rule["words"], expected.at(rule["rule"])) << rule["rule"];
  auto t = run(question);
  ASSERT_EQ(t.code, 0) << t.out;
  EXPECT_THAT(t.out, HasSubstr("\n  succession   def 3.3 演替 (spec/binary_tree.carve:"));
  EXPECT_THAT(t.out, HasSubstr(expected.at("succession")));
  EXPECT_THAT(expected.at("succession"), HasSubstr("never the old root (reroot=forbid)"));
}

// The manifest of a certificate keeps the hashed record and says the same rules in words; a
// manifest whose words were edited still verifies (the record binds the rules) but says so.
TEST(RulesInWords, TheManifestSaysTheRulesInWords) {
  const std::string dir = fresh_dir("manifest");
  auto s = run("solve spec/binary_tree.carve --target K1,3 --turns 1 --depth 2 --profile simple --engine sat --proof " + dir + "/k13");
  ASSERT_EQ(s.code, 0) << s.out;
  const std::string manifest = dir + "/k13.certificate.json";
  auto m = nlohmann::json::parse(carve::testing::file_text(manifest));
  ASSERT_TRUE(m["rules"].contains("words")) << m["rules"].dump();
  const auto expected = words_of("spec/binary_tree.carve --depth 2 --profile simple");
  ASSERT_EQ(m["rules"]["words"].size(), expected.size());
  for (const auto& line : m["rules"]["words"]) {
    const std::string text = line;
    const std::string rule = text.substr(0, text.find("  "));
    EXPECT_THAT(text, HasSubstr(expected.at(rule))) << text;
    EXPECT_THAT(text, Not(HasSubstr(".carve:"))) << "a location depends on the folder: " << text;
  }
  // The record itself is the one whose hash atlases and older certificates carry.
  EXPECT_THAT(m["rules"]["record"].get<std::string>(), HasSubstr("victory scope=0 relation=0 match=2"));
  auto v = run("verify-certificate " + manifest);
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_THAT(v.out, HasSubstr("words     the 10 rules in words: as recorded"));
  m["rules"]["words"][0] = "construction  anything at all";
  std::ofstream(manifest) << m.dump(2);
  auto edited = run("verify-certificate " + manifest);
  EXPECT_EQ(edited.code, 0) << edited.out;
  EXPECT_THAT(edited.out, HasSubstr("the manifest words the same rules otherwise than this carve"));
}

// --------------------------------------------------------------- item 4: one command line

// Every command that does work takes --timeout, --memory-limit, --json and --quiet, and its JSON
// says which command answered.
TEST(CommandLine, EveryCommandThatWorksTakesTheSharedOptions) {
  const std::string dir = fresh_dir("shared");
  ASSERT_EQ(run("solve spec/binary_tree.carve --target K1,3 --turns 1 --depth 2 --profile simple --engine sat --proof " + dir + "/c").code, 0);
  const std::map<std::string, std::string> inputs = {
      {"elaborate", "spec/binary_tree.carve --depth 2"},
      {"solve", "spec/binary_tree.carve --target P3 --turns 2 --depth 2 --profile simple"},
      {"replay", "cases/plays/reroot_allow.case"},
      {"check", "cases/plays/reroot_allow.case"},
      {"export", "cases/binary_tree/simple/p3_d3.case --dimacs " + dir + "/e.cnf"},
      {"verify-proof", dir + "/c.cnf " + dir + "/c.drat"},
      {"verify-certificate", dir + "/c.certificate.json"},
      {"claims", "spec/kernels.carve --only \"002 lem 1: a kernel gives one side a non-losing strategy\""},
      {"render", "cases/plays/reroot_allow.case"},
      {"diff", "spec/binary_tree.carve --profile simple --with-set reroot=forbid --target K1 --turns 2 --depth 1 --no-verdicts"},
  };
  for (const auto& [command, input] : inputs) {
    const auto help = run(command + " --help");
    for (const char* option : {"--timeout", "--memory-limit", "--json", "--quiet"})
      EXPECT_THAT(help.out, HasSubstr(option)) << command << " --help lacks " << option;
    const auto r = run(command + " " + input + " --timeout 300 --memory-limit 4000 --quiet --json");
    EXPECT_THAT(r.out, Not(HasSubstr("not expected"))) << command << ": " << r.out;
    const auto j = json_of(r);
    EXPECT_EQ(j.value("command", ""), command) << command << ": " << r.out.substr(0, 400);
  }
}

// The limits reach the work of the commands that used to have none: a deadline already passed
// stops the 001 universe's fixed point, and the answer is unknown with the reason.
TEST(CommandLine, TheLimitsReachElaborateReplayAndRender) {
  for (const char* command : {"elaborate", "replay", "render"}) {
    const auto r = run(std::string(command) + " cases/plays/reroot_allow_001.case --timeout 0.000001 --json");
    const auto j = json_of(r);
    EXPECT_EQ(j.value("verdict", ""), "unknown") << command << ": " << r.out;
    EXPECT_THAT(j.value("reason", ""), HasSubstr("timeout")) << command << ": " << r.out;
  }
  // A replay that was not judged to its end is never "certified" (exit 4, as verify-proof's unknown).
  EXPECT_EQ(run("replay cases/plays/reroot_allow_001.case --timeout 0.000001").code, 4);
}

// CLI11's errors say which command they are about, and what a mistyped word may have meant.
TEST(CommandLine, ParseErrorsNameTheirCommandAndSuggest) {
  auto r = run("replay cases/plays/reroot_allow.case --timout 5");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_THAT(r.out, HasSubstr("carve replay: The following argument was not expected: --timout (did you mean '--timeout'?)"));
  auto sub = run("sovle spec/binary_tree.carve");
  EXPECT_EQ(sub.code, 2) << sub.out;
  EXPECT_THAT(sub.out, HasSubstr("carve: unknown subcommand 'sovle' (did you mean 'solve'?)"));
  auto nested = run("atlas rn x");
  EXPECT_EQ(nested.code, 2) << nested.out;
  EXPECT_THAT(nested.out, HasSubstr("carve atlas: unknown subcommand 'rn' (did you mean 'run'?)"));
}

// A case file with one target item, the rest as the command-line questions below.
std::string tree_case(const std::string& name, const std::string& target_item) {
  return carve::testing::temp_file(name + ".case", "case \"x\" {\n  spec \"" + std::string(CARVE_ROOT) + "/spec/binary_tree.carve\";\n" +
                                                       "  profile simple;\n  " + target_item + "\n  depth 2;\n  turns 1;\n}\n");
}

// The same text names the same target, on the command line and in a case file; an unknown name
// is an unknown name in both (never a graph6 decoding error), with the names near it.
TEST(CommandLine, ATargetIsReadTheSameOnTheCommandLineAndInACase) {
  const std::string q = "solve --turns 1 --depth 2 --profile simple --json ";
  // Names in any letter case (docs/dsl.md), graph6 by its bytes, wherever written.
  for (const auto& [text, name] : std::vector<std::pair<std::string, std::string>>{{"k4", "K4"}, {"K4", "K4"}, {"PAW", "paw"}, {"Bg", "P3"}}) {
    const auto cli = json_of(run(q + "spec/binary_tree.carve --target " + text));
    const auto file = json_of(run(q + tree_case("t", "target " + text + ";")));
    EXPECT_EQ(cli["target"].value("name", ""), name) << text << ": " << cli.dump().substr(0, 300);
    EXPECT_EQ(file["target"].value("name", ""), name) << text << ": " << file.dump().substr(0, 300);
  }
  const auto cli = run("solve spec/binary_tree.carve --turns 1 --depth 2 --target triangle");
  const auto file = run("solve " + tree_case("triangle", "target triangle;"));
  for (const auto* r : {&cli, &file}) {
    EXPECT_EQ(r->code, 2) << r->out;
    EXPECT_THAT(r->out, HasSubstr("bad target 'triangle' at character 1: unknown target name 'triangle' (for a triangle, write K3)"));
  }
  EXPECT_THAT(run("solve spec/binary_tree.carve --turns 1 --depth 2 --target diamnod").out, HasSubstr("(did you mean 'diamond'?)"));
  EXPECT_THAT(run("solve spec/binary_tree.carve --turns 1 --depth 2 --target Q4").out, HasSubstr("(did you mean 'K4', 'P4' or 'C4'?)"));
}

// A near name gets a suggestion wherever the set of names is closed: profiles, switches, their
// values, and the statements of the DSL.
TEST(CommandLine, NearNamesGetADidYouMean) {
  const std::string q = "elaborate spec/binary_tree.carve --depth 2 ";
  EXPECT_THAT(run(q + "--profile simpel").out, HasSubstr("unknown profile 'simpel' (did you mean 'simple'?)"));
  EXPECT_THAT(run(q + "--set pth=simple").out, HasSubstr("declares no switch 'pth' (did you mean 'path'?)"));
  EXPECT_THAT(run(q + "--set path=simpel").out, HasSubstr("switch path has no value 'simpel' (did you mean 'simple'?)"));
  const std::string misspelt = edited_spec("predicat", "predicate dense =", "predicat dense =");
  auto r = run("elaborate " + misspelt + " --depth 2");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_THAT(r.out, HasSubstr("'predicat' opens no statement here (did you mean 'predicate'?)"));
}

// diff --connected N names its family as a person would: the connected graphs on at most three
// vertices are exactly K1, K2, P3 (the path, K1,2) and K3 (the triangle), smallest first.
TEST(CommandLine, DiffListsAGeneratedFamilyByName) {
  auto r = run("diff spec/binary_tree.carve --profile simple --with-set reroot=forbid --connected 3 --turns 1 --depth 1 --no-plays --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = json_of(r);
  EXPECT_EQ(j["family"]["targets"], nlohmann::json({"K1", "K2", "P3", "K3"})) << j["family"].dump();
}

// ------------------------------------------------------- item 5: portable, friendlier artefacts

// A certificate folder moved away from its spec verifies with --spec, still bound by the hash.
TEST(Artefacts, VerifyCertificateTakesTheSpecFromElsewhere) {
  const std::string home = fresh_dir("home"), away = fresh_dir("away");
  fs::copy_file(std::string(CARVE_ROOT) + "/spec/binary_tree.carve", home + "/tree.carve");
  fs::create_directories(home + "/cert");
  auto s = carve::testing::run_command("cd " + home + " && " + binary() +
                                       " solve tree.carve --target K1,3 --turns 1 --depth 2 --profile simple --engine sat --proof cert/k13");
  ASSERT_EQ(s.code, 0) << s.out;
  fs::rename(home + "/cert", away + "/cert");
  const std::string manifest = away + "/cert/k13.certificate.json";
  auto lost = run("verify-certificate " + manifest);
  EXPECT_EQ(lost.code, 2) << lost.out;
  EXPECT_THAT(lost.out, HasSubstr("name the spec with --spec PATH"));
  auto found = run("verify-certificate " + manifest + " --spec " + home + "/tree.carve");
  EXPECT_EQ(found.code, 0) << found.out;
  EXPECT_THAT(found.out, HasSubstr("verdict   accepted"));
  std::ofstream(home + "/tree.carve", std::ios::app) << "// an edit\n";
  auto edited = run("verify-certificate " + manifest + " --spec " + home + "/tree.carve");
  EXPECT_EQ(edited.code, 1) << edited.out;
  EXPECT_THAT(edited.out, HasSubstr("the manifest records"));
}

// diff --write-case: each file's name says what it pins, each binds its spec's content, and a
// second run never overwrites the first's.
TEST(Artefacts, DiffWritesCasesNamedForWhatTheyPin) {
  const std::string dir = fresh_dir("cases");
  const std::string differ = "diff spec/binary_tree.carve --profile simple --with-set reroot=forbid --target K1 --turns 2 --depth 1 --write-case " + dir;
  ASSERT_EQ(run(differ).code, 0);
  std::map<std::string, std::string> first;
  for (const auto& f : fs::directory_iterator(dir)) first[f.path().filename().string()] = carve::testing::file_text(f.path().string());
  ASSERT_FALSE(first.empty());
  // The spec's SHA-256 as coreutils computes it.
  const auto sum = carve::testing::run_command("sha256sum " + std::string(CARVE_ROOT) + "/spec/binary_tree.carve");
  const std::string spec_sha = sum.out.substr(0, 64);
  for (const auto& [name, text] : first) {
    // The reading that sets the file apart (the switch the two sides differ in), and the kind.
    EXPECT_TRUE(name.rfind("reroot-allow.", 0) == 0 || name.rfind("reroot-forbid.", 0) == 0) << name;
    EXPECT_THAT(name, ::testing::AnyOf(HasSubstr(".play-"), HasSubstr(".K1-"))) << name;
    EXPECT_TRUE(std::regex_search(text, std::regex("spec \"[^\"]*binary_tree\\.carve\" sha256 \"" + spec_sha + "\";"))) << text;
  }
  EXPECT_EQ(run("check " + dir).code, 0);
  ASSERT_EQ(run(differ).code, 0);
  std::size_t files = 0;
  for (const auto& f : fs::directory_iterator(dir)) {
    ++files;
    const auto name = f.path().filename().string();
    if (first.count(name)) {
      EXPECT_EQ(carve::testing::file_text(f.path().string()), first[name]) << name << " was overwritten";
    }
  }
  EXPECT_EQ(files, 2 * first.size());
}

// A failing case says the true answer, not only that it differs.
TEST(Artefacts, AFailingCheckSaysTheTrueAnswer) {
  // P3 at depth 3 under simple: the shortest win is 2 turns (cases/binary_tree/simple/p3_d3.case).
  const std::string c = carve::testing::temp_file(
      "wrong.case", "case \"x\" {\n  spec \"" + std::string(CARVE_ROOT) +
                        "/spec/binary_tree.carve\";\n  profile simple;\n  target P3;\n  depth 3;\n  turns 3;\n  expect win in 1;\n}\n");
  auto r = run("check " + c);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_THAT(r.out, HasSubstr("the true answer: the shortest win is 2 turns"));
  const auto j = json_of(run("check --json " + c));
  EXPECT_THAT(j["cases"][0].value("answer", ""), HasSubstr("the shortest win is 2 turns")) << j.dump();
  // A play case: the rule the play breaks.
  std::string play = carve::testing::file_text(std::string(CARVE_ROOT) + "/cases/plays/reroot_forbid.case");
  play = std::regex_replace(play, std::regex("expect [^;]*;"), "expect legal;");
  play = std::regex_replace(play, std::regex("spec \"[^\"]*\""), "spec \"" + std::string(CARVE_ROOT) + "/spec/binary_tree.carve\"");
  auto p = run("check " + carve::testing::temp_file("play.case", play));
  EXPECT_EQ(p.code, 1) << p.out;
  EXPECT_THAT(p.out, HasSubstr("the true answer: turn 1 breaks rule 3.3: lambda is not eligible as the new root"));
}

// solve --proof on a win writes nothing, and says so and why.
TEST(Artefacts, ProofOnAWinSaysWhyNothingWasWritten) {
  const std::string base = carve::testing::unique_path("w");
  const std::string q = "solve spec/binary_tree.carve --target P3 --turns 2 --depth 2 --profile simple --engine sat --proof " + base;
  auto t = run(q);
  EXPECT_EQ(t.code, 0) << t.out;
  EXPECT_THAT(t.out, HasSubstr("proof     no certificate written: the answer is a win"));
  const auto j = json_of(run(q + " --json"));
  EXPECT_EQ(j["verdict"], "win");
  EXPECT_THAT(j.value("proof_not_written", ""), HasSubstr("a win's certificate is its witness"));
  EXPECT_FALSE(fs::exists(base + ".cnf"));
}

// Graphviz names the files it read and wrote; carve removes them, so its messages name them by
// what they held. A `dot` that fails naming its input stands in for a broken Graphviz.
TEST(Artefacts, NoMessageNamesARemovedTemporaryFile) {
  const std::string bin = fresh_dir("bin");
  std::ofstream(bin + "/dot") << "#!/bin/sh\necho \"Error: $2: syntax error in line 1 near 'graph'\" >&2\nexit 1\n";
  fs::permissions(bin + "/dot", fs::perms::owner_all);
  const std::string tmp = fresh_dir("tmp");
  auto r = carve::testing::run_command("PATH=" + bin + ":$PATH TMPDIR=" + tmp + " " + binary() +
                                       " render cases/plays/reroot_allow.case --format svg");
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_THAT(r.out, HasSubstr("Error: <the frame's DOT text>: syntax error")) << r.out;
  EXPECT_THAT(r.out, Not(HasSubstr(tmp))) << r.out;
  EXPECT_TRUE(fs::is_empty(tmp));
  // diff's certificates without --proof-dir live in a temporary folder removed at the end: its
  // JSON gives their hashes, not their paths.
  auto d = carve::testing::run_command("TMPDIR=" + tmp + " " + binary() +
                                       " diff spec/binary_tree.carve --profile simple --with-set reroot=forbid --target K1 --turns 2 "
                                       "--depth 1 --no-plays --json");
  EXPECT_EQ(d.code, 0) << d.out;
  const auto j = json_of(d);
  ASSERT_FALSE(j["verdicts"]["certificates"].empty()) << d.out;
  for (const auto& c : j["verdicts"]["certificates"]) {
    EXPECT_TRUE(c["cnf"].is_null()) << c.dump();
    EXPECT_TRUE(c["proof"].is_null()) << c.dump();
    if (c["kind"] == "no-win") {
      EXPECT_EQ(c["cnf_sha256"].get<std::string>().size(), 64u) << c.dump();
    }
  }
  EXPECT_THAT(d.out, Not(HasSubstr(tmp)));
  EXPECT_TRUE(fs::is_empty(tmp));
  // Nor does its text, where a difference's no-win side is shown with its proof.
  auto t = carve::testing::run_command("TMPDIR=" + tmp + " " + binary() +
                                       " diff spec/binary_tree.carve cases/variants/binary_tree_avoid_v.carve --profile simple "
                                       "--target P3 --turns 2 --depth 3 --no-plays");
  EXPECT_EQ(t.code, 0) << t.out;
  EXPECT_THAT(t.out, HasSubstr("no play of at most 2 turns wins")) << t.out;
  EXPECT_THAT(t.out, HasSubstr("the formula's sha256")) << t.out;
  EXPECT_THAT(t.out, Not(HasSubstr(tmp))) << t.out;
  EXPECT_TRUE(fs::is_empty(tmp));
}

// An accepted proof is summed up in words: what was checked and how.
TEST(Artefacts, ProofStatisticsAreInPlainWords) {
  const std::string dir = fresh_dir("p");
  // At depth 3 the refutation needs added clauses (at depth 2 unit propagation alone refutes it).
  auto s = run("solve spec/binary_tree.carve --target K1,3 --turns 1 --depth 3 --profile simple --engine sat --proof " + dir + "/c");
  ASSERT_EQ(s.code, 0) << s.out;
  auto v = run("verify-proof " + dir + "/c.cnf " + dir + "/c.drat");
  for (const auto* r : {&s, &v}) {
    EXPECT_THAT(r->out, HasSubstr("the proof adds that the refutation rests on were each checked to follow from the clauses before them"));
    EXPECT_THAT(r->out, Not(HasSubstr("core lemmas")));
    EXPECT_THAT(r->out, Not(HasSubstr("needed RAT")));
  }
}

}  // namespace
