// The shape engine (carve solve --depth any) against rule variants, asked through the engine
// registry as every engine is: the victory and succession variants and word trees over more
// than two letters are refused by name before any work (the shape theorem is proved for the
// documents' victory and succession on the binary tree); the variants it does encode (the old
// root's return, the switches) are answered, and a win is replayed by the reference semantics.
#include <gtest/gtest.h>

#include <functional>

#include "questions/check/run_case.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "rules/elaborate/elaborate.hpp"
#include "engines/sat/search/shape_search.hpp"
#include "engines/registry/registry.hpp"
#include "text/parser/parse.hpp"
#include "tests/variants/variant.hpp"

namespace carve::shape::testing {
namespace {

model::Game elaborate_variant(const variants::Variant& v, int depth) {
  elab::Settings s;
  s.depth = elab::Located<int>{depth, {}};
  return elab::elaborate(parser::parse_spec(variants::spec_text(v), "variant.carve"), s);
}

struct Change {
  const char* rule;  // the word the refusal must name; empty: encoded, not refused
  std::function<void(variants::Variant&)> apply;
};

TEST(ShapeRefusal, VariantsOutsideTheTheoremAreRefusedByName) {
  const auto goal = model::parse_target_auto("K2");
  const std::vector<Change> changes{
      {"victory", [](variants::Variant& v) { v.root_component = true; }},
      {"victory", [](variants::Variant& v) { v.contains = true; }},
      {"victory", [](variants::Variant& v) { v.iso = "typed"; }},
      {"succession", [](variants::Variant& v) { v.trigger_by_conclusion = true; }},
      {"succession", [](variants::Variant& v) { v.eligible_by_conclusion = false; }},
      {"universe", [](variants::Variant& v) { v.alphabet = "012"; }},
      {"", [](variants::Variant&) {}},
      {"", [](variants::Variant& v) { v.choose = "other"; }},
      {"", [](variants::Variant& v) { v.reroot = "forbid"; }},
      {"", [](variants::Variant& v) { v.choose = "any"; }},
  };
  for (const auto& c : changes) {
    auto v = variants::documents(true);
    c.apply(v);
    const auto game = elaborate_variant(v, 2);
    const auto no = engines::refusal(elab::Engine::Shape, game, goal);
    if (*c.rule) {
      ASSERT_TRUE(no) << variants::describe(v);
      EXPECT_NE(no->rule.find(c.rule), std::string::npos) << no->text();
      EXPECT_NE(no->text().find("shape"), std::string::npos) << no->text();
      encoder::ShapeOptions so;
      so.max_turns = 1;
      EXPECT_THROW(encoder::shape_search(game, goal, so), std::logic_error) << variants::describe(v);
      continue;
    }
    EXPECT_FALSE(no) << variants::describe(v) << ": " << no->text();
    // A win within depth 3 (explicit search, the reference semantics) is a win on the infinite
    // tree, so the shape engine must find one; any win it finds must replay on its shape.
    search::Options eo;
    eo.max_turns = 1;
    const auto reference = search::explicit_search(elaborate_variant(v, 3), goal, eo);
    encoder::ShapeOptions so;
    so.max_turns = 1;
    const auto r = encoder::shape_search(game, goal, so);
    ASSERT_NE(r.result.verdict, answer::Verdict::Unknown) << variants::describe(v);
    ASSERT_EQ(reference.verdict, answer::Verdict::Win) << variants::describe(v);
    ASSERT_EQ(r.result.verdict, answer::Verdict::Win) << variants::describe(v);
    EXPECT_EQ(cases::confirm_witness(*r.game, goal, r.result), "") << variants::describe(v);
  }
}

}  // namespace
}  // namespace carve::shape::testing
