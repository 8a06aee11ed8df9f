// carve export read back by cadical, z3 and cvc5 at depth 3, where the formula carries the
// stability lemmas carve's search needed (simple P3: a win found after 5 lemmas) and where
// cvc5 takes tens of seconds on the SMT-LIB2 file. Labelled `slow`.
#include "tests/encoder/export_questions.hpp"

using namespace carve::testing;

TEST(ExportSlow, ExternalSolversAgreeAtDepth3AndWithLemmas) {
  int sats = 0, unsats = 0;
  for (const Question& q : std::vector<Question>{{"simple", "P3", 3, 2},
                                                 {"simple", "P3", 3, 1},
                                                 {"trail", "K3", 3, 2},
                                                 {"trail", "P3", 2, 3},
                                                 {"cycle", "K1,3", 2, 2},
                                                 {"literal", "K2", 3, 2}})
    export_and_solve(q, sats, unsats);
  EXPECT_GE(sats, 2);
  EXPECT_GE(unsats, 2);
}
