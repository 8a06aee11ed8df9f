// The least fixed point of document 001's Γ, checked against derivations by hand.
#include <gtest/gtest.h>

#include "rules/model/deduction.hpp"

using namespace carve::model;

namespace {
DeductionSystem doc001() {
  DeductionSystem s;
  s.formulas = {{"Delta", {"x", "y", "z"}, {"x", "y", "z"}, "R_delta"}, {"Nabla", {"x", "y", "z"}, {"x", "y", "z"}, "R_nabla"}};
  s.operators = {{"Theta", {"n", "d1", "d2", "d3", "d_base"}, {"Nabla", "Delta", "Delta", "Delta", "Delta"}, 4},
                 {"Omega", {"d_b", "d1", "d2", "d3", "n_core"}, {"Delta", "Delta", "Delta", "Delta", "Nabla"}, 4}};
  s.axioms = {{"Delta", {"x", "x", "x"}}, {"Nabla", {"x", "x", "x"}}};
  auto D = [](std::string a, std::string b, std::string c) { return FormulaPattern{"Delta", {a, b, c}}; };
  auto N = [](std::string a, std::string b, std::string c) { return FormulaPattern{"Nabla", {a, b, c}}; };
  s.rules = {{"theta", "Theta", {N("a", "b", "c"), D("a", "x", "y"), D("b", "y", "z"), D("c", "z", "x"), D("x", "y", "z")},
              {N("a", "b", "c"), D("a", "x", "y"), D("b", "y", "z"), D("c", "z", "x")}},
             {"omega", "Omega", {D("x", "y", "z"), D("a", "x", "y"), D("b", "y", "z"), D("c", "z", "x"), N("a", "b", "c")},
              {D("x", "y", "z"), D("a", "x", "y"), D("b", "y", "z"), D("c", "z", "x")}},
             {"rotate_delta", "", {D("y", "z", "x")}, {D("x", "y", "z")}},
             {"rotate_nabla", "", {N("y", "z", "x")}, {N("x", "y", "z")}}};
  return s;
}
}  // namespace

TEST(Deduction, OneTypeTwoVariablesGivesOnlyDiagonalEdges) {
  // By hand: 𝒜 = {Δ(x,x,x), Δ(y,y,y), ∇(x,x,x), ∇(y,y,y)}. A Θ body Δ(a,x,y), Δ(b,y,z), Δ(c,z,x)
  // needs every Δ diagonal, so x = y = z = a = b = c: one Θ and one Ω edge per variable, whose
  // conclusions are already axioms. Rotation adds nothing. F* = 𝒜, |E_Ω| = 4, one round.
  DeductionSettings st{{"t"}, {{"x", "t"}, {"y", "t"}}, {{"R_delta", {{"t", "t", "t"}}}, {"R_nabla", {{"t", "t", "t"}}}}};
  auto u = build_deduction_universe(doc001(), st, false);
  EXPECT_EQ(u.size(), 4u);
  EXPECT_EQ(u.inherent.size(), 4u);
  EXPECT_EQ(u.rounds, 1);
  EXPECT_EQ(u.formulas_total, 16u);
  for (const auto& e : u.inherent) EXPECT_EQ(e.vertices.size(), 2u);
  auto with_outside = build_deduction_universe(doc001(), st, true);
  EXPECT_EQ(with_outside.size(), 16u);
}

TEST(Deduction, TypesFilterAxiomsAndRelationsFilterFormulas) {
  // τ(x) = s, τ(y) = t with ℛ_Δ = {(t,t,t)}, ℛ_∇ = {(s,s,s)}: 𝒜_Δ = {Δ(y,y,y)}, 𝒜_∇ = {∇(x,x,x)};
  // a Θ edge needs ∇(a,b,c) and Δ(a,·,·) with a = c of the same variable: impossible (a is x for
  // ∇, y for Δ), and Ω needs Δ(x,y,z) and ∇(a,b,c) with (a,b,c) = (y,y,y) ∉ R_∇. No edges.
  DeductionSettings st{{"s", "t"}, {{"x", "s"}, {"y", "t"}}, {{"R_delta", {{"t", "t", "t"}}}, {"R_nabla", {{"s", "s", "s"}}}}};
  auto u = build_deduction_universe(doc001(), st, false);
  EXPECT_EQ(u.size(), 2u);
  EXPECT_EQ(u.inherent.size(), 0u);
  EXPECT_TRUE(u.by_name.count("Delta(y,y,y)"));
  EXPECT_TRUE(u.by_name.count("Nabla(x,x,x)"));
}
