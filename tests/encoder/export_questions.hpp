// carve export, then the solvers' own command lines on the files: what export_test.cpp and
// export_slow_test.cpp share. An answer counts only when the solver prints it (`s SATISFIABLE`,
// `sat`, ...); each must equal the in-process answer of the search the formula was recorded from.
#pragma once
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace carve::testing {

inline std::string carve_cmd(const std::string& args) { return std::string(CARVE_BINARY) + " " + args; }

inline std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The first line of a solver's answer that says sat or unsat.
inline std::string answer_of(const std::string& out) {
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line == "s SATISFIABLE" || line == "sat") return "sat";
    if (line == "s UNSATISFIABLE" || line == "unsat") return "unsat";
  }
  return "no answer in: " + out.substr(0, 400);
}

// A 000 question (a spec, spec/binary_tree.carve unless said, at a depth, with switches `set`), or
// a case file whose profile is named in `profile` (it decides what a model certifies).
struct Question {
  std::string profile, target;
  int depth, turns;
  std::string case_path = {};
  std::string spec = "spec/binary_tree.carve";
  std::string set = {};  // "SWITCH=VALUE", or nothing
};

inline std::string fmt_args(const Question& q) {
  if (!q.case_path.empty()) return "export " + q.case_path;
  return "export " + q.spec + " --profile " + q.profile + " --target " + q.target + " --depth " + std::to_string(q.depth) +
         " --turns " + std::to_string(q.turns) + (q.set.empty() ? "" : " --set " + q.set);
}

inline void export_and_solve(const Question& q, int& sats, int& unsats) {
  const std::string stem = q.case_path.empty() ? std::filesystem::path(q.spec).stem().string() + q.profile + q.target
                                                : std::filesystem::path(q.case_path).stem().string();
  const std::string cnf = unique_path(stem + ".cnf"), smt = unique_path(stem + ".smt2");
  const auto e = run_command(carve_cmd(fmt_args(q) + " --dimacs " + cnf + " --smt2 " + smt + " --json"));
  ASSERT_EQ(e.code, 0) << e.out;
  const auto j = nlohmann::json::parse(e.out);
  const std::string want = j["in_process"]["expected_status"];
  ASSERT_NE(want, "unknown") << e.out;
  (want == "sat" ? sats : unsats)++;
  const std::string what = !q.case_path.empty() ? q.case_path
                           : q.spec + " " + q.set + " " + q.profile + " " + q.target + " D=" + std::to_string(q.depth) +
                                 " k=" + std::to_string(q.turns);
  EXPECT_EQ(answer_of(run_command("cadical -q " + cnf).out), want) << what << " cadical";
  EXPECT_EQ(answer_of(run_command("z3 -dimacs " + cnf).out), want) << what << " z3 -dimacs";
  EXPECT_EQ(answer_of(run_command("z3 -smt2 " + smt).out), want) << what << " z3 -smt2";
  EXPECT_EQ(answer_of(run_command("cvc5 --lang smt2 " + smt).out), want) << what << " cvc5";
  EXPECT_EQ(j["unsat_certifies_no_win"], true) << what;
  EXPECT_EQ(j["sat_certifies_win"], q.profile == "literal" || q.profile == "lenient") << what;
}

}  // namespace carve::testing
