// carve diff end to end where a 001 bound is certified by the scope theorem (docs/diff.md, "Past the
// whole universe: the reduced scope and the scope theorem"): what the text report, --json and the
// CNF's head say, and the proof checked by another route and refused once tampered. Slow (label
// slow): the one bound certified that way, turn 1 at 2 variables under virtual-scope=formulas,
// takes about 20 s -- its walks have 276 steps over 170 edge elements.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

using carve::testing::Outcome;

Outcome run(const std::string& args) { return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args); }

// lenient against duplicate=forbid: no play of 1 turn parts them (a duplicate needs a virtual edge
// already present; S_0 has none), so the bounds of 1 and 2 variables are refuted. At 2 variables
// under virtual-scope=formulas the whole universe has 65 536 tuples (below certificate_cut's
// 200 000), but its joint formula, 65 536 elements x 276 steps, is past the certificate's 400 000
// step literals: the bound is certified over the reduced scope, by its proof and the scope
// theorem, and said so everywhere.
const std::string kArgs = "diff " + std::string(CARVE_ROOT) +
                          "/spec/triangle.carve --profile lenient --with-set duplicate=forbid --target K1 --turns 1 "
                          "--play-turns 1 --vars 2 --no-verdicts";

TEST(DiffCliSlow, BoundsPastTheWholeUniverseAreCertifiedByTheScopeTheorem) {
  const std::string proofs = carve::testing::unique_path("proofs");
  std::filesystem::remove_all(proofs);
  auto r = run(kArgs + " --json --proof-dir " + proofs);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  const auto& p = j["plays"];
  EXPECT_EQ(p["status"], "none within the bounds") << p.dump();
  EXPECT_EQ(p["certified"], 2);
  EXPECT_EQ(p["certified_by_symmetry"], 1);
  ASSERT_EQ(p["certificates"].size(), 2u);
  const auto& one = p["certificates"][0];  // 1 variable: the reduced scope is the whole universe
  EXPECT_EQ(one["universe"]["by_symmetry"], false) << one.dump();
  const auto& two = p["certificates"][1];
  EXPECT_EQ(two["scope"], 2);
  EXPECT_TRUE(two["certified"].get<bool>()) << two.dump();
  EXPECT_EQ(two["universe"]["by_symmetry"], true) << two.dump();
  EXPECT_LT(two["universe"]["elements"].get<std::size_t>(), two["universe"]["whole_elements"].get<std::size_t>());
  const std::string statement = two["universe"]["statement"];
  EXPECT_NE(statement.find("holds by this proof and the scope theorem of engines/sat/hypergraph/hyper_scope.cpp"), std::string::npos)
      << statement;
  // The CNF's head carries the same statement; the files check by `carve verify-proof` and not
  // once the proof is cut to half its bytes.
  const std::string cnf = two["cnf"], proof = two["proof"];
  EXPECT_NE(carve::testing::file_text(cnf).substr(0, 4000).find("c " + statement), std::string::npos);
  EXPECT_EQ(run("verify-proof " + cnf + " " + proof).code, 0);
  std::filesystem::resize_file(proof, std::filesystem::file_size(proof) / 2);
  EXPECT_NE(run("verify-proof " + cnf + " " + proof).code, 0) << proof;
  // The text report says which bound rests on the theorem.
  r = run(kArgs);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("certified: 2 of 2 refutations"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 of them over the search's reduced scope, certified by the proof and the scope theorem"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("variables 2, 1 turn(s): the formula is over the search's scope, reduced by symmetry"), std::string::npos) << r.out;
  std::filesystem::remove_all(proofs);
}

}  // namespace
