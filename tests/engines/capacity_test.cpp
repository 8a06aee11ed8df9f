// The capacity theorem (rules/model/target_capacity.hpp) and its engine: the count of
// sort-respecting surjective slot maps against enumeration of every map; the triangle's operators
// carry at most two elements on any two formulas -- counted here again on the concrete formulas of
// a universe with every well-formed formula (virtual-scope=formulas), by enumerating each pair's
// tuples -- so the triple edge is carved by no play, which explicit search confirms at a size it
// exhausts, under the spec's rules and with every relaxation of carve explain; targets the
// operators can carry, document 000 and operators changed so that they can are refused by name;
// the certificate's formula is refuted by CaDiCaL and its proof accepted by carve's checker.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "engines/explicit/explicit_search.hpp"
#include "engines/registry/registry.hpp"
#include "engines/sat/search/capacity_certificate.hpp"
#include "questions/explain/relaxations.hpp"
#include "rules/elaborate/case.hpp"
#include "rules/model/target_capacity.hpp"
#include "tests/process.hpp"

namespace carve::testing {
namespace {

using elab::Engine;

// Every map of n slots to k vertices, counted when it respects the sorts and hits every vertex.
std::size_t enumerated_maps(const std::vector<std::string>& slots, const std::vector<std::string>& vertices) {
  const std::size_t n = slots.size(), k = vertices.size();
  std::size_t total = 1, count = 0;
  for (std::size_t j = 0; j < n; ++j) total *= k;
  for (std::size_t code = 0; code < total; ++code) {
    std::size_t rest = code;
    std::vector<bool> hit(k, false);
    bool sorted = true;
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t i = rest % k;
      rest /= k;
      sorted = sorted && slots[j] == vertices[i];
      hit[i] = true;
    }
    bool onto = true;
    for (bool h : hit) onto = onto && h;
    count += sorted && onto ? 1 : 0;
  }
  return count;
}

TEST(CapacityTheorem, SurjectiveSlotMapsAgreeWithEnumeration) {
  const std::vector<std::string> sorts = {"A", "B", "C"};
  std::size_t nonzero = 0;
  for (std::size_t n = 1; n <= 5; ++n)
    for (std::size_t k = 1; k <= 3; ++k)
      for (std::size_t code = 0; code < 81; ++code) {  // a spread of slot and vertex sort vectors
        std::vector<std::string> slots, vertices;
        std::size_t rest = code * 7 + n;
        for (std::size_t j = 0; j < n; ++j, rest /= 3) slots.push_back(sorts[rest % 3]);
        rest = code;
        for (std::size_t i = 0; i < k; ++i, rest /= 3) vertices.push_back(sorts[rest % 2]);  // A and B only: more hits
        const std::size_t expected = enumerated_maps(slots, vertices);
        EXPECT_EQ(model::surjective_slot_maps(slots, vertices), expected) << n << " slots, " << k << " vertices, code " << code;
        nonzero += expected > 0;
      }
  EXPECT_GT(nonzero, 50u);  // the spread reaches maps that exist, not only empty counts
}

// A triangle case over `variables` variables of one type, the triple edge within `turns` turns.
std::string triangle_case(const std::string& dir, int variables, int turns, const std::string& target = "{a,b},{a,b},{a,b}") {
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/q.case";
  std::string vars;
  for (int i = 0; i < variables; ++i) vars += std::string(i ? ", " : "") + char('a' + i) + ": t";
  std::ofstream(path) << "case \"capacity\" {\n  spec \"" << std::filesystem::absolute("spec/triangle.carve").string()
                      << "\";\n  profile literal;\n  types t;\n  variables " << vars
                      << ";\n  relation R_delta = (t, t, t);\n  relation R_nabla = (t, t, t);\n  root Delta(a, a, a);\n  target hyperedges \""
                      << target << "\";\n  turns " << turns << ";\n}\n";
  return path;
}

// The largest number of tuples with one two-formula vertex set, over the concrete formulas of the
// universe: for each pair, every assignment of the pair's formulas to each operator's slots.
std::size_t most_tuples_on_a_pair(const model::Game& g) {
  const auto& u = g.universe;
  std::size_t most = 0;
  for (model::VertexId x = 0; x < u.size(); ++x)
    for (model::VertexId y = x + 1; y < u.size(); ++y) {
      std::size_t here = 0;
      for (const auto& op : g.rules.operators)
        here += enumerated_maps(op.slot_preds, {u.sort_names[u.sorts[x]], u.sort_names[u.sorts[y]]});
      most = std::max(most, here);
    }
  return most;
}

TEST(CapacityTheorem, TheTriangleOperatorsCarryTwoElementsOnAPairSoTheTripleEdgeIsNeverCarved) {
  // By hand: Theta(n: Nabla, d1..d_base: Delta) on two formulas {x, y} must put the Nabla formula in
  // n and the Delta formula in the four Delta slots -- one tuple; Omega likewise: two in all.
  const std::string dir = carve::testing::unique_path("capacity");
  elab::Overrides every_formula;
  every_formula.sets.push_back({elab::Located<std::string>{"virtual-scope", {}}, elab::Located<std::string>{"formulas", {}}});
  const elab::Case c = elab::load_case(triangle_case(dir, 2, 2), every_formula);
  const auto gap = model::capacity_gap(c.game, *c.target);
  ASSERT_TRUE(gap);
  EXPECT_EQ(gap->set_size, 2u);
  EXPECT_EQ(gap->needed, 3u);
  EXPECT_EQ(gap->most, 2u);
  EXPECT_EQ(most_tuples_on_a_pair(c.game), 2u);  // on the concrete formulas (F* and the rest)
  EXPECT_FALSE(engines::refusal(Engine::Capacity, c.game, *c.target));
  const auto a = engines::adapter(Engine::Capacity).answer({.game = c.game, .target = *c.target, .turns = 2}, model::Budget{});
  EXPECT_EQ(a.verdict, answer::Verdict::NoWin);
  EXPECT_EQ(a.engine, Engine::Capacity);

  // Explicit search, exhaustive at this size, agrees under the spec's rules (2 turns) and with
  // every relaxation carve explain knows applied at once (none touches the operators; 1 turn: the
  // relaxed game's walks make 2 turns take minutes under the sanitizers).
  model::Game relaxed = c.game;
  for (const auto& row : explain::relaxation_table()) explain::relax(row.id, relaxed);
  for (const auto& [g, turns] : {std::pair<const model::Game*, int>{&c.game, 2}, std::pair<const model::Game*, int>{&relaxed, 1}}) {
    search::Options o;
    o.max_turns = turns;
    const auto e = search::explicit_search(*g, *c.target, o);
    EXPECT_EQ(e.verdict, answer::Verdict::NoWin) << (g == &relaxed ? "relaxed" : "spec's rules");
    EXPECT_FALSE(model::capacity_gap(*g, *c.target) == std::nullopt);
  }
}

TEST(CapacityTheorem, WhatTheOperatorsCanCarryIsRefusedByName) {
  const std::string dir = carve::testing::unique_path("capacity-refused");
  for (const char* target : {"{a,b},{a,b}", "{a,b},{b,c}", "{a}"}) {
    const elab::Case c = elab::load_case(triangle_case(dir + "/" + std::to_string(std::string(target).size()), 3, 1, target));
    EXPECT_FALSE(model::capacity_gap(c.game, *c.target)) << target;
    const auto no = engines::refusal(Engine::Capacity, c.game, *c.target);
    ASSERT_TRUE(no) << target;
    EXPECT_NE(no->text().find("capacity: the capacity theorem"), std::string::npos) << no->text();
  }
  // Operators changed so that a pair carries more: Theta's first slot a Delta too, so five Delta
  // slots map onto two Delta formulas in 2^5 - 2 ways.
  elab::Case c = elab::load_case(triangle_case(dir + "/changed", 2, 1));
  for (auto& op : c.game.rules.operators)
    if (op.name == "Theta") op.slot_preds[0] = "Delta";
  EXPECT_EQ(model::surjective_slot_maps({"Delta", "Delta", "Delta", "Delta", "Delta"}, {"Delta", "Delta"}), 30u);
  EXPECT_FALSE(model::capacity_gap(c.game, *c.target));
  // Document 000: refused, whatever the target.
  const elab::Case tree = elab::load_case("cases/binary_tree/simple/c4_d3.case");
  ASSERT_TRUE(engines::refusal(Engine::Capacity, tree.game, *tree.target));
  EXPECT_NE(engines::refusal(Engine::Capacity, tree.game, *tree.target)->text().find("document 000"), std::string::npos);
}

TEST(CapacityTheorem, ItsFormulaIsRefutedAndTheProofAccepted) {
  const std::string dir = carve::testing::unique_path("capacity-proof");
  const elab::Case c = elab::load_case(triangle_case(dir, 3, 4));
  const auto gap = model::capacity_gap(c.game, *c.target);
  ASSERT_TRUE(gap);
  encoder::ProofRequest request{dir + "/cap", true};
  model::Budget budget;
  const auto cert = encoder::certify_capacity(c.game, *gap, request, budget);
  EXPECT_TRUE(cert.accepted()) << cert.message;
  EXPECT_TRUE(cert.capacity_theorem);
  // One element fewer needed is within the operators' capacity: the same formula then has a model.
  model::CapacityGap two = *gap;
  two.needed = 2;
  encoder::ProofRequest request2{dir + "/two", true};
  const auto sat = encoder::certify_capacity(c.game, two, request2, budget);
  EXPECT_EQ(sat.status, encoder::NoWinCertificate::Status::Satisfiable) << sat.message;
}

}  // namespace
}  // namespace carve::testing
