// LRAT written by carve for accepted DRAT proofs -- hand-made ones (RUP, RAT, deletions, a
// lenient pivot) and CaDiCaL's proofs of the standard families -- must be verified by the
// independent forward checker; a mutated LRAT step (a hint dropped or renamed, a literal
// flipped, a deletion of a clause still needed) must be refused by it.
#include <gtest/gtest.h>

#include <sstream>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/lrat_writer.hpp"
#include "tests/drat/cadical_proof.hpp"
#include "tests/drat/families.hpp"
#include "tests/lrat/forward_checker.hpp"

namespace carve {
namespace {

const char* kAll8 =
    "p cnf 3 8\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"
    "-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";

std::string lrat_of(const std::string& dimacs, const std::string& proof_text, bool lenient = false) {
  const drat::Cnf cnf = drat::read_cnf(dimacs);
  const drat::Proof proof = drat::read_proof(proof_text);
  drat::Options o;
  o.record_lrat = true;
  o.lenient = lenient;
  const drat::Result r = drat::check(cnf, proof, o);
  EXPECT_TRUE(r.accepted) << r.message;
  if (!r.accepted) return {};
  std::ostringstream out;
  drat::write_lrat(out, cnf, proof, r);
  return out.str();
}

void expect_verified(const std::string& dimacs, const std::string& lrat) {
  const auto v = lrat_test::check_lrat(dimacs, lrat);
  EXPECT_TRUE(v.verified) << v.message << "\n" << lrat;
}

TEST(Lrat, RupProof) {
  const std::string lrat = lrat_of(kAll8, "1 2 0\n1 0\n2 0\n0\n");
  expect_verified(kAll8, lrat);
  // The forward checker is no rubber stamp: the same proof against a satisfiable formula fails.
  EXPECT_FALSE(lrat_test::check_lrat("p cnf 3 7\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n", lrat).verified);
}

TEST(Lrat, RatLemmasAndExtensionVariables) {
  const std::string lrat = lrat_of(kAll8, "1 1000000 0\n1 -1000000 0\n1 0\n2 0\n0\n");
  expect_verified(kAll8, lrat);
  EXPECT_NE(lrat.find(" -"), std::string::npos) << "expected RAT hints:\n" << lrat;
}

TEST(Lrat, DeletionsBecomeDeletionLines) {
  // Original clause 1 (1 2 3) is subsumed by the lemma (1 2) and deleted: the deletion line
  // names it, and no later hint may.
  const std::string lrat = lrat_of(kAll8, "1 2 0\nd 1 2 3 0\n1 0\n2 0\n0\n");
  expect_verified(kAll8, lrat);
  EXPECT_NE(lrat.find(" d 1 0"), std::string::npos) << lrat;
}

TEST(Lrat, FormulaRefutedByUnitPropagation) {
  const char* cnf = "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n";
  const std::string lrat = lrat_of(cnf, "");
  expect_verified(cnf, lrat);
  EXPECT_EQ(lrat, "4 0 1 2 3 0\n");
}

// A literal written twice in a clause (carve's certificate CNFs have such clauses) is one
// literal: (1 2 2) is unit on 2 once 1 is false.
TEST(Lrat, DuplicateLiteralsInTheFormula) {
  const char* cnf = "p cnf 2 3\n-1 0\n1 2 2 0\n1 -2 0\n";
  const std::string lrat = lrat_of(cnf, "");
  EXPECT_EQ(lrat, "4 0 1 2 3 0\n");
  expect_verified(cnf, lrat);
}

TEST(Lrat, LenientPivotIsWrittenFirst) {
  // (4 1) is RAT on 1, its second literal (drat.hpp: Relaxation::PivotNotFirst): LRAT reads the
  // pivot first, so carve writes (1 4).
  const char* cnf =
      "p cnf 5 10\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"
      "-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n-4 5 0\n-4 -5 2 0\n";
  const std::string lrat = lrat_of(cnf, "4 1 0\n1 0\n2 0\n0\n", /*lenient=*/true);
  EXPECT_EQ(lrat.rfind("11 1 4 0", 0), 0u) << lrat;
  expect_verified(cnf, lrat);
}

// An LRAT file line by line, each addition split into its id, literals and hints.
struct Line {
  std::string text;  // kept as is when not an addition
  bool addition = false;
  long id = 0;
  std::vector<long> lits, hints;
  std::string str() const {
    if (!addition) return text;
    std::string out = std::to_string(id);
    for (const long l : lits) out += " " + std::to_string(l);
    out += " 0";
    for (const long h : hints) out += " " + std::to_string(h);
    return out + " 0";
  }
};
std::vector<Line> lines_of(const std::string& lrat) {
  std::vector<Line> out;
  std::istringstream in(lrat);
  std::string text;
  while (std::getline(in, text)) {
    Line l;
    l.text = text;
    std::istringstream words(text);
    std::string w;
    std::vector<std::string> ws;
    while (words >> w) ws.push_back(w);
    l.addition = ws.size() >= 3 && ws[1] != "d";
    if (l.addition) {
      l.id = std::stol(ws[0]);
      std::size_t i = 1;
      for (; ws[i] != "0"; ++i) l.lits.push_back(std::stol(ws[i]));
      for (++i; ws[i] != "0"; ++i) l.hints.push_back(std::stol(ws[i]));
    }
    out.push_back(l);
  }
  return out;
}
std::string join(const std::vector<Line>& lines) {
  std::string out;
  for (const auto& l : lines) out += l.str() + "\n";
  return out;
}

// Mutants of every addition line with hints: its last hint dropped (the conflict, or a RAT
// candidate's group), or its first hint renamed to a clause that is not live. Every one must be
// refused.
void expect_mutants_refused(const std::string& dimacs, const std::string& lrat, const std::string& what) {
  const auto lines = lines_of(lrat);
  int tried = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].addition || lines[i].hints.empty()) continue;
    auto dropped = lines;
    dropped[i].hints.pop_back();
    auto renamed = lines;
    renamed[i].hints.front() = renamed[i].hints.front() > 0 ? lines[i].id + 1000000 : -(lines[i].id + 1000000);
    for (const auto* mutant : {&dropped, &renamed}) {
      ++tried;
      const auto v = lrat_test::check_lrat(dimacs, join(*mutant));
      EXPECT_FALSE(v.verified) << what << ": mutant of line " << i + 1 << " verified: " << (*mutant)[i].str();
    }
  }
  EXPECT_GT(tried, 0) << what;
}

TEST(Lrat, MutatedStepsRefused) {
  expect_mutants_refused(kAll8, lrat_of(kAll8, "1 2 0\nd 1 2 3 0\n1 0\n2 0\n0\n"), "all8 RUP");
  expect_mutants_refused(kAll8, lrat_of(kAll8, "1 1000000 0\n1 -1000000 0\n1 0\n2 0\n0\n"), "all8 RAT");
  const drat::Cnf php = drat::families::pigeonhole(5);
  const auto solved = drat::testing::solve_with_proof(php, false);
  expect_mutants_refused(drat::families::to_dimacs(php), lrat_of(drat::families::to_dimacs(php), solved.proof), "php5");
}

TEST(Lrat, FamiliesFromCadicalVerified) {
  struct Family {
    std::string name;
    drat::Cnf cnf;
  };
  std::vector<Family> families{{"php5", drat::families::pigeonhole(5)},
                               {"php6", drat::families::pigeonhole(6)},
                               {"random3sat", drat::families::random_3sat(60, 5.0, 7)},
                               {"parity", drat::families::parity_chains(10, 3)}};
  for (const auto& f : families) {
    const auto solved = drat::testing::solve_with_proof(f.cnf, true);
    ASSERT_EQ(solved.status, 20) << f.name;
    const std::string dimacs = drat::families::to_dimacs(f.cnf);
    const drat::Proof proof = drat::read_proof(solved.proof);
    drat::Options o;
    o.record_lrat = true;
    const drat::Result r = drat::check(f.cnf, proof, o);
    ASSERT_TRUE(r.accepted) << f.name << ": " << r.message;
    std::ostringstream out;
    drat::write_lrat(out, f.cnf, proof, r);
    const auto v = lrat_test::check_lrat(dimacs, out.str());
    EXPECT_TRUE(v.verified) << f.name << ": " << v.message;
    EXPECT_EQ(v.additions, r.core_lemmas + 1) << f.name << ": every core lemma and the empty clause";
  }
}

}  // namespace
}  // namespace carve
