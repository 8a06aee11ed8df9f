// carve export against the solvers' own command lines: the DIMACS file read by `cadical` and
// `z3 -dimacs`, the SMT-LIB2 file by `z3 -smt2` and `cvc5`, each answer equal to the in-process
// one (sat for a win, unsat for a no-win) on wins and no-wins of several path kinds, for both
// documents (001 from case files); the DIMACS header and clause counts; bad arguments exit 2.
#include "tests/encoder/export_questions.hpp"

using namespace carve::testing;

TEST(Export, ExternalSolversAgreeWithTheInProcessAnswer) {
  int sats = 0, unsats = 0;
  for (const Question& q : std::vector<Question>{{"simple", "K2", 2, 2},
                                                 {"simple", "K3", 2, 2},
                                                 {"trail", "C4", 2, 2},
                                                 {"literal", "P3", 2, 2},
                                                 {"literal", "K3", 2, 1},
                                                 {"lenient", "K1", 2, 2}})
    export_and_solve(q, sats, unsats);
  EXPECT_GE(sats, 2);
  EXPECT_GE(unsats, 2);
}

// Document 001: the hypergraph encoding exported from case files, a win and a no-win. Small ones:
// cvc5 takes about 100 s on the 24 000 clauses of edge_one_type.case (z3 and cadical 0.01-0.6 s).
TEST(Export, TriangleCasesAgreeWithTheInProcessAnswer) {
  int sats = 0, unsats = 0;
  for (const Question& q : std::vector<Question>{{"simple", "", 0, 0, "cases/triangle/three_vars.case"},
                                                 {"simple", "", 0, 0, "cases/triangle/path3_simple.case"}})
    export_and_solve(q, sats, unsats);
  EXPECT_EQ(sats, 1);
  EXPECT_EQ(unsats, 1);
}

// The rule variants (issue 13), a win and a no-win each: the succession swapped (the no-win's
// formula is guarded: a shorter play may find no eligible root), the old root excluded, victory
// in the root's component (001), by containing a copy, by typed isomorphism.
TEST(Export, RuleVariantsAgreeWithTheInProcessAnswer) {
  int sats = 0, unsats = 0;
  const std::string swapped = "cases/variants/binary_tree_swapped_succession.carve",
                    contains = "cases/variants/binary_tree_contains.carve";
  for (const Question& q : std::vector<Question>{{"simple", "", 0, 0, "cases/variants/swapped_succession_k1_d1.case"},
                                                 {"simple", "K2", 3, 2, "", swapped},
                                                 {"simple", "C4", 2, 2, "", "spec/binary_tree.carve", "reroot=forbid"},
                                                 {"cycle", "K1", 2, 2, "", "spec/binary_tree.carve", "reroot=forbid"},
                                                 {"simple", "", 0, 0, "cases/variants/root_component_k1_001.case"},
                                                 {"simple", "K2", 3, 1, "", "cases/variants/binary_tree_root_component.carve"},
                                                 {"simple", "", 0, 0, "cases/variants/contains_k1_d3.case"},
                                                 {"simple", "P4", 2, 2, "", contains},
                                                 {"simple", "", 0, 0, "cases/targets/typed_k2_tree_edge.case"},
                                                 {"simple", "", 0, 0, "cases/targets/typed_k2_virtual_edge.case"}})
    export_and_solve(q, sats, unsats);
  EXPECT_EQ(sats, 5);
  EXPECT_EQ(unsats, 5);
}

TEST(Export, DimacsHeaderAndCountsAreRight) {
  const std::string cnf = unique_path("p3.cnf");
  const auto e = run_command(carve_cmd("export spec/binary_tree.carve --profile simple --target P3 --depth 2 --turns 2 --dimacs " + cnf + " --json"));
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
  EXPECT_EQ(declared, j["clauses"].template get<long>());
  EXPECT_EQ(vars, j["variables"].template get<long>());
  EXPECT_LE(max_var, vars);
  EXPECT_GT(clauses, 100);
}

TEST(Export, SmtLib2IsStandard) {
  const std::string smt = unique_path("k2.smt2");
  ASSERT_EQ(run_command(carve_cmd("export spec/binary_tree.carve --profile trail --target K2 --depth 2 --turns 1 --smt2 " + smt)).code, 0);
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
  for (const std::string& args : std::vector<std::string>{
           "export spec/binary_tree.carve --target P3 --depth 2 --turns 2",                          // nothing to write
           "export spec/binary_tree.carve --depth 2 --turns 2 --dimacs " + f,                        // no target
           "export spec/binary_tree.carve --target P3 --depth 2 --dimacs " + f,                      // no turns
           "export spec/binary_tree.carve --target P3 --depth 2 --turns -1 --dimacs " + f,           // bad turns
           "export spec/binary_tree.carve --target Q9 --depth 2 --turns 1 --dimacs " + f,            // bad target
           "export spec/binary_tree.carve --target P3 --depth 2 --turns 1 --dimacs /nonexistent/d/x.cnf",
           "export spec/binary_tree.carve --target P3 --depth 2 --turns 1 --dimacs " + f + " --smt2 " + f,
           "export no/such.case --dimacs " + f,
       }) {
    const auto r = run_command(carve_cmd(args));
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << args << "\n" << r.out;
  }
}
