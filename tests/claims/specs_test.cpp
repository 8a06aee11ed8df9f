// Every claim of spec/kernels.carve (002), spec/sprague_grundy.carve (003) and
// spec/hackenbush.carve (004) gets the verdict its `expect` states, within the default bounds,
// and the refuted claims keep their smallest counterexamples (docs/claims-findings.md).
#include <gtest/gtest.h>

#include <map>

#include "questions/claims/run.hpp"
#include "text/parser/parse.hpp"
#include "tests/claims/counterexample_binding.hpp"

namespace {
using namespace carve;

std::map<std::string, claims::ClaimOutcome> run_spec(const std::string& path) {
  auto ir = elab::claims::elaborate_claims(parser::parse_spec_file(path), false);
  std::map<std::string, claims::ClaimOutcome> out;
  for (auto& o : claims::run_claims(ir, {})) {
    EXPECT_TRUE(o.matches()) << path << ": " << o.label << " is " << o.verdict;
    EXPECT_NE(o.verdict, "unknown") << o.label << ": " << o.note;
    out.emplace(o.label, std::move(o));
  }
  EXPECT_FALSE(out.empty());
  return out;
}
using carve::testing::binding;

TEST(Specs, Document002) {
  auto r = run_spec("spec/kernels.carve");
  EXPECT_EQ(binding(r.at("002 lem 1 proof: kernel <=> losing positions (any digraph)"), "g"), "digraph n=2 [0->1 1->0]");
  EXPECT_EQ(binding(r.at("002 lem 2 scope: every finite digraph has a kernel"), "g"), "digraph n=3 [0->1 1->2 2->0]");
  const auto& nimk = r.at("002 Nim-k conclusion");
  EXPECT_EQ(binding(nimk, "k"), "1");
  EXPECT_EQ(binding(nimk, "h"), "[0]");
  EXPECT_EQ(r.at("002 Nim-k conclusion, corrected: good condition <=> first player loses").verdict, "proved");
  EXPECT_EQ(r.at("002 staircase Nim conclusion (kernel form, Z3)").verdict, "proved");
}

TEST(Specs, Document003) {
  auto r = run_spec("spec/sprague_grundy.carve");
  EXPECT_EQ(binding(r.at("003 SJ theorem"), "s"), "[digraph n=4 [0->1 1->2 1->3 2->3]]");
  EXPECT_EQ(binding(r.at("003 tree deletion proof: the options of a branch are exactly {0, 1, ..., sg(v)}"), "t"),
            "tree parents [-1, 0, 1, 1]");
  EXPECT_EQ(binding(r.at("003 edge deletion: an odd cycle has SG 0"), "n"), "1");
  EXPECT_EQ(binding(r.at("003 edge deletion: an even cycle has SG 1"), "n"), "2");
  EXPECT_EQ(binding(r.at("003 Anti-SG: misère Nim, empty heaps allowed"), "h"), "[0]");
  EXPECT_EQ(binding(r.at("003 Anti-SG over any games (a one-stone heap read as a game of SG 1)"), "s"), "[digraph n=1 []]");
  const auto& stairs = r.at("003 staircase: any game on the stairs, the outcome is the SG sum of the odd stairs");
  EXPECT_EQ(binding(stairs, "r"), "take {1:- 2:1 3:- 4:-}");
  EXPECT_EQ(binding(stairs, "a"), "[0, 0, 2]");
  EXPECT_EQ(r.at("003 staircase, corrected: subtraction games on the stairs, the outcome is the SG sum of the odd stairs").verdict,
            "holds");
  const auto& coins = r.at("003 coin turning proof: the row read with the left coin highest decreases at every move");
  EXPECT_EQ(binding(coins, "p"), "2");
  EXPECT_EQ(binding(coins, "m"), "coins(rule 0, row HTTTTTTT = mask 1)");
  EXPECT_GT(r.at("003 Multi-SG: any split games, the sum's SG is the xor of the parts' mex-of-xor values").cases, 1000);
  EXPECT_EQ(r.at("003 K-nim, converse (the good condition is exactly the P-set), Z3").verdict, "proved");
}

TEST(Specs, Document004) {
  auto r = run_spec("spec/hackenbush.carve");
  EXPECT_EQ(binding(r.at("004 naive value E_blue - E_red"), "g"), "graph V=3 ground=0 [0-1r 1-2b]");
  EXPECT_EQ(binding(r.at("004 boundary: {n|} = n + 1 for every number n"), "x"), "-2");
  const auto& th = r.at("004 theorem: least i, unique j, G = j/2^i");
  EXPECT_EQ(binding(th, "a"), "0");
  EXPECT_EQ(binding(th, "b"), "3");
}

}  // namespace
