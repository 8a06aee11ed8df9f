// Readings and certificate checks shared by the diff tests.
#include "tests/diff/diff_fixture.hpp"

#include <gtest/gtest.h>

#include "checkers/drat/drat.hpp"
#include "rules/elaborate/case.hpp"

namespace carve::testing {

diff::GameAt reading(const std::string& spec, const std::string& profile, const std::vector<std::string>& sets) {
  auto ast = std::make_shared<parser::ast::Spec>(elab::load_spec(spec));
  return [ast, profile, sets](int depth) {
    elab::Settings s;
    s.profile = {profile, {}};
    for (const auto& x : sets) {
      const auto eq = x.find('=');
      s.sets.push_back({{x.substr(0, eq), {}}, {x.substr(eq + 1), {}}});
    }
    // The infinite tree is elaborated at depth 1, as `--depth any` is; the shape engine replaces the universe.
    s.depth = elab::Located<int>{depth == diff::kInfiniteTree ? 1 : depth, {}};
    s.depth_any = depth == diff::kInfiniteTree;
    return elab::elaborate(*ast, s);
  };
}

diff::GameAt triangle_reading(const std::string& profile, const std::vector<std::string>& sets) {
  auto ast = std::make_shared<parser::ast::Spec>(elab::load_spec("spec/triangle.carve"));
  return [ast, profile, sets](int vars) {
    elab::Settings s;
    s.profile = {profile, {}};
    for (const auto& x : sets) {
      const auto eq = x.find('=');
      s.sets.push_back({{x.substr(0, eq), {}}, {x.substr(eq + 1), {}}});
    }
    s.types = elab::Located<std::vector<std::string>>{{"t"}, {}};
    std::vector<std::pair<std::string, std::string>> vs;
    for (int i = 1; i <= vars; ++i) vs.emplace_back("x" + std::to_string(i), "t");
    s.variables = elab::Located<std::vector<std::pair<std::string, std::string>>>{vs, {}};
    s.relations.push_back({{"R_delta", {{"t", "t", "t"}}}, {}});
    s.relations.push_back({{"R_nabla", {{"t", "t", "t"}}}, {}});
    s.root = elab::Located<std::string>{"Delta(x1,x1,x1)", {}};
    return elab::elaborate(*ast, s);
  };
}

diff::Family family(const std::vector<std::string>& targets, int max_turns, int max_scope) {
  diff::Family f;
  for (const auto& t : targets) f.targets.push_back(model::parse_target_auto(t));
  diff::order_targets(f.targets);
  f.max_turns = max_turns;
  for (int s = 1; s <= max_scope; ++s) f.scopes.push_back(s);
  return f;
}

diff::Family infinite_family(const std::vector<std::string>& targets, int max_turns) {
  diff::Family f = family(targets, max_turns, 0);
  f.scopes = {diff::kInfiniteTree};
  return f;
}

void expect_proof_checks_and_mutation_fails(const diff::Certificate& c) {
  ASSERT_EQ(c.kind, diff::Certificate::Kind::NoWin);
  ASSERT_FALSE(c.cnf.empty());
  const auto cnf = drat::read_cnf_file(c.cnf);
  const auto proof = drat::read_proof_file(c.proof);
  EXPECT_TRUE(drat::check(cnf, proof).accepted) << c.cnf;
  drat::Cnf cut;
  cut.num_vars = cnf.num_vars;
  for (std::size_t i = 0; i + 1 < cnf.num_clauses(); ++i)
    cut.add_clause(std::vector<std::int32_t>(cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i]),
                                             cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i + 1])));
  EXPECT_FALSE(drat::check(cut, proof).accepted) << "a proof still accepted without the clause 'some frame is won': " << c.cnf;
}

}  // namespace carve::testing
