// carve export against the solvers' own command lines: the DIMACS file read by `cadical` and
// `z3 -dimacs`, the SMT-LIB2 file by `z3 -smt2` and `cvc5`, each answer equal to the in-process
// one (sat for a win, unsat for a no-win) on wins and no-wins of several path kinds; the DIMACS
// header and clause counts; bad arguments exit 2.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

using carve::testing::run_command;
using carve::testing::unique_path;

std::string carve(const std::string& args) { return std::string(CARVE_BINARY) + " " + args; }

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The first line of a solver's answer that says sat or unsat.
std::string answer_of(const std::string& out) {
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line == "s SATISFIABLE" || line == "sat") return "sat";
    if (line == "s UNSATISFIABLE" || line == "unsat") return "unsat";
  }
  return "no answer in: " + out.substr(0, 400);
}

struct Question {
  std::string profile, target;
  int depth, turns;
};

std::string fmt_args(const Question& q) {
  return "export spec/binary_tree.carve --profile " + q.profile + " --target " + q.target + " --depth " + std::to_string(q.depth) +
         " --turns " + std::to_string(q.turns);
}

void export_and_solve(const Question& q, int& sats, int& unsats) {
  const std::string cnf = unique_path(q.profile + q.target + ".cnf"), smt = unique_path(q.profile + q.target + ".smt2");
  const auto e = run_command(carve(fmt_args(q) + " --dimacs " + cnf + " --smt2 " + smt + " --json"));
  ASSERT_EQ(e.code, 0) << e.out;
  const auto j = nlohmann::json::parse(e.out);
  const std::string want = j["in_process"]["expected_status"];
  ASSERT_NE(want, "unknown") << e.out;
  (want == "sat" ? sats : unsats)++;
  const std::string what = q.profile + " " + q.target + " D=" + std::to_string(q.depth) + " k=" + std::to_string(q.turns);
  EXPECT_EQ(answer_of(run_command("cadical -q " + cnf).out), want) << what << " cadical";
  EXPECT_EQ(answer_of(run_command("z3 -dimacs " + cnf).out), want) << what << " z3 -dimacs";
  EXPECT_EQ(answer_of(run_command("z3 -smt2 " + smt).out), want) << what << " z3 -smt2";
  EXPECT_EQ(answer_of(run_command("cvc5 --lang smt2 " + smt).out), want) << what << " cvc5";
  EXPECT_EQ(j["unsat_certifies_no_win"], true) << what;
  EXPECT_EQ(j["sat_certifies_win"], q.profile == "literal" || q.profile == "lenient") << what;
}

}  // namespace

TEST(Export, ExternalSolversAgreeWithTheInProcessAnswer) {
  int sats = 0, unsats = 0;
  for (const Question& q : std::vector<Question>{{"simple", "K2", 2, 2},
                                                 {"simple", "K3", 2, 2},
                                                 {"trail", "P3", 2, 3},
                                                 {"trail", "C4", 2, 2},
                                                 {"cycle", "K1,3", 2, 2},
                                                 {"literal", "P3", 2, 2},
                                                 {"literal", "K3", 2, 1},
                                                 {"lenient", "K1", 2, 2}})
    export_and_solve(q, sats, unsats);
  EXPECT_GE(sats, 2);
  EXPECT_GE(unsats, 2);
}

TEST(Export, DimacsHeaderAndCountsAreRight) {
  const std::string cnf = unique_path("p3.cnf");
  const auto e = run_command(carve("export spec/binary_tree.carve --profile simple --target P3 --depth 2 --turns 2 --dimacs " + cnf + " --json"));
  ASSERT_EQ(e.code, 0) << e.out;
  const auto j = nlohmann::json::parse(e.out);
  std::istringstream in(read(cnf));
  std::string line;
  bool header_done = false, seen_version = false, seen_profile = false;
  long vars = -1, declared = -1, clauses = 0, max_var = 0;
  while (std::getline(in, line)) {
    if (line.rfind("c ", 0) == 0) {
      EXPECT_FALSE(header_done) << "a comment after the p line: " << line;
      seen_version = seen_version || line.find("carve 0.") != std::string::npos;
      seen_profile = seen_profile || line.find("profile simple") != std::string::npos;
      continue;
    }
    if (line.rfind("p cnf ", 0) == 0) {
      std::istringstream p(line.substr(6));
      p >> vars >> declared;
      header_done = true;
      continue;
    }
    ASSERT_TRUE(header_done) << line;
    std::istringstream c(line);
    long l = 0, last = 1;
    while (c >> l) {
      max_var = std::max(max_var, std::abs(l));
      last = l;
    }
    EXPECT_EQ(last, 0) << "a clause line not ended by 0: " << line;
    ++clauses;
  }
  EXPECT_TRUE(seen_version);
  EXPECT_TRUE(seen_profile);
  EXPECT_EQ(declared, clauses);
  EXPECT_EQ(declared, j["clauses"].get<long>());
  EXPECT_EQ(vars, j["variables"].get<long>());
  EXPECT_LE(max_var, vars);
  EXPECT_GT(clauses, 100);
}

TEST(Export, SmtLib2IsStandard) {
  const std::string smt = unique_path("k2.smt2");
  ASSERT_EQ(run_command(carve("export spec/binary_tree.carve --profile trail --target K2 --depth 2 --turns 1 --smt2 " + smt)).code, 0);
  const std::string text = read(smt);
  EXPECT_NE(text.find("(set-logic QF_UF)"), std::string::npos);
  EXPECT_NE(text.find("(check-sat)"), std::string::npos);
  EXPECT_EQ(text.find("at-most"), std::string::npos);
  EXPECT_EQ(text.find("pbeq"), std::string::npos);
  // Strict mode: cvc5 rejects anything outside the declared logic.
  EXPECT_EQ(answer_of(run_command("cvc5 --lang smt2 --strict-parsing " + smt).out), "sat");
}

TEST(Export, BadArgumentsExit2) {
  const std::string f = unique_path("x.cnf");
  for (const std::string args : {
           "export spec/binary_tree.carve --target P3 --depth 2 --turns 2",                          // nothing to write
           "export spec/binary_tree.carve --depth 2 --turns 2 --dimacs " + f,                        // no target
           "export spec/binary_tree.carve --target P3 --depth 2 --dimacs " + f,                      // no turns
           "export spec/binary_tree.carve --target P3 --depth 2 --turns -1 --dimacs " + f,           // bad turns
           "export spec/binary_tree.carve --target Q9 --depth 2 --turns 1 --dimacs " + f,            // bad target
           "export spec/binary_tree.carve --target P3 --depth 2 --turns 1 --dimacs /nonexistent/d/x.cnf",
           "export spec/binary_tree.carve --target P3 --depth 2 --turns 1 --dimacs " + f + " --smt2 " + f,
           "export cases/triangle/three_vars.case --dimacs " + f,                                    // 001
           "export no/such.case --dimacs " + f,
       }) {
    const auto r = run_command(carve(args));
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << args << "\n" << r.out;
  }
}
