// Every kind of file carve writes is read back -- by carve, and by the tool it is meant for where
// one is installed -- when the titles are not ASCII (the spec's 二叉树雕刻游戏, a case titled
// "Bäume ∇ 🌳") and the files sit in a folder whose name is not ASCII either:
//   witness / case from --witness  -> carve replay, carve check, carve render
//   DIMACS (export, solve --proof) -> carve verify-proof (with cadical's DRAT proof), cadical, z3
//   DRAT (solve --proof)           -> carve verify-proof; LRAT (--lrat) -> tests/lrat's checker
//   SMT-LIB2 (export)              -> z3, cvc5
//   JSON (--json)                  -> a JSON parser, the title intact
//   DOT (render)                   -> Graphviz dot
// The questions: K3 within 1 turn at depth 2 under simple paths, a no-win by explicit search (the
// reference semantics) that the exported formula's solvers confirm (unsat); P3 at depth 4, won in
// 2 (cases/binary_tree/simple/p3_d4.case, cross-checked by sat there).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/encoder/export_questions.hpp"
#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using carve::testing::answer_of;
using carve::testing::Outcome;
using carve::testing::read;
using carve::testing::run_command;

const std::string kCarve = CARVE_BINARY;
const std::string kRoot = CARVE_ROOT;
const std::string kTitle = "B\xc3\xa4ume \xe2\x88\x87 \xf0\x9f\x8c\xb3";  // Bäume ∇ 🌳

Outcome carve(const std::string& args) { return run_command(kCarve + " " + args); }
std::string q(const std::string& path) { return "'" + path + "'"; }
bool installed(const std::string& tool) { return run_command("command -v " + tool).code == 0; }

struct Folder {
  std::string dir, win, no_win;
};

// dir/Bäume/ with the spec (a copy) and two cases naming it relative to themselves.
Folder make_folder() {
  Folder f;
  f.dir = carve::testing::unique_path("rt") + "/B\xc3\xa4ume";
  fs::remove_all(fs::path(f.dir).parent_path());
  fs::create_directories(f.dir);
  fs::copy_file(kRoot + "/spec/binary_tree.carve", f.dir + "/tree.carve");
  auto write_case = [&](const std::string& name, const std::string& body) {
    const std::string path = f.dir + "/" + name;
    std::ofstream(path) << "case \"" << kTitle << " " << name << "\" {\n  spec \"tree.carve\";\n  profile simple;\n" << body << "}\n";
    return path;
  };
  f.win = write_case("p3.case", "  target P3;\n  depth 4;\n  turns 3;\n  expect win in 2;\n");
  f.no_win = write_case("k3.case", "  target K3;\n  depth 2;\n  turns 1;\n  expect no-win;\n");
  return f;
}

bool has_non_ascii(const std::string& s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

TEST(RoundTrip, WitnessJsonAndDot) {
  const Folder f = make_folder();
  const std::string w = f.dir + "/p3.witness";
  const auto solved = carve("solve " + q(f.win) + " --witness " + q(w) + " --json");
  ASSERT_EQ(solved.code, 0) << solved.out;
  const auto j = nlohmann::json::parse(solved.out);  // throws on bytes that are not UTF-8
  EXPECT_EQ(j["verdict"], "win");
  const std::string text = read(w);
  EXPECT_NE(text.find(kTitle), std::string::npos) << text;
  for (const std::string& from : {std::string("/"), f.dir}) {
    const auto r = run_command("cd " + q(from) + " && " + kCarve + " replay " + q(w));
    EXPECT_EQ(r.code, 0) << r.out;
  }
  EXPECT_EQ(carve("check " + q(w)).code, 0);
  const std::string dot = f.dir + "/play.dot";
  const auto rendered = carve("render " + q(w) + " -o " + q(dot));
  ASSERT_EQ(rendered.code, 0) << rendered.out;
  if (installed("dot")) {
    const auto svg = run_command("dot -Tsvg " + q(dot) + " -o " + q(f.dir + "/play.svg"));
    EXPECT_EQ(svg.code, 0) << svg.out;
  }
}

TEST(RoundTrip, ExportedFormulasReadByCarveAndTheSolvers) {
  const Folder f = make_folder();
  const std::string cnf = f.dir + "/k3.cnf", smt = f.dir + "/k3.smt2";
  const auto e = carve("export " + q(f.no_win) + " --dimacs " + q(cnf) + " --smt2 " + q(smt));
  ASSERT_EQ(e.code, 0) << e.out;
  EXPECT_TRUE(has_non_ascii(read(cnf))) << "the titles are in the DIMACS comments";
  EXPECT_EQ(carve("solve " + q(f.no_win) + " --engine sat").code, 0);
  const auto verdict = nlohmann::json::parse(carve("solve " + q(f.no_win) + " --json").out);
  EXPECT_EQ(verdict["verdict"], "no-win");
  // carve reads the DIMACS it wrote: with cadical's DRAT proof of it, verify-proof accepts.
  if (installed("cadical")) {
    const std::string drat = f.dir + "/k3.drat";
    const auto solved = run_command("cadical -q --no-binary " + q(cnf) + " " + q(drat));
    EXPECT_EQ(answer_of(solved.out), "unsat") << solved.out;
    const auto checked = carve("verify-proof " + q(cnf) + " " + q(drat));
    EXPECT_EQ(checked.code, 0) << checked.out;
  }
  if (installed("z3")) {
    EXPECT_EQ(answer_of(run_command("z3 -dimacs " + q(cnf)).out), "unsat");
    EXPECT_EQ(answer_of(run_command("z3 -smt2 " + q(smt)).out), "unsat");
  }
  if (installed("cvc5")) {
    EXPECT_EQ(answer_of(run_command("cvc5 " + q(smt)).out), "unsat");
  }
}

TEST(RoundTrip, CertificateFilesReadBack) {
  const Folder f = make_folder();
  const std::string base = f.dir + "/cert";
  const auto solved = carve("solve " + q(f.no_win) + " --engine sat --proof " + q(base) + " --json");
  ASSERT_EQ(solved.code, 0) << solved.out;
  const auto j = nlohmann::json::parse(solved.out);
  EXPECT_EQ(j["verdict"], "no-win");
  const auto checked = carve("verify-proof " + q(base + ".cnf") + " " + q(base + ".drat") + " --lrat " + q(base + ".lrat") + " --json");
  ASSERT_EQ(checked.code, 0) << checked.out;
  EXPECT_EQ(nlohmann::json::parse(checked.out)["verdict"], "accepted");
  EXPECT_TRUE(fs::file_size(base + ".lrat") > 0);
  if (installed("cadical")) {
    EXPECT_EQ(answer_of(run_command("cadical -q " + q(base + ".cnf")).out), "unsat");
  }
}

}  // namespace
