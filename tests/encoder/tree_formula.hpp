// A 000 encoding of a few turns on one CaDiCaL instance, for tests that pin a move by
// assumptions and ask the solver (rules_test, path_collapse_test).
#pragma once
#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/tree/tree_encoding.hpp"
#include "rules/model/semantics.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder::testing {

struct Formula {
  model::Game game;
  model::Target target;
  CadicalBackend backend;
  Cnf cnf{backend};
  TreeEncoding enc;
  Formula(int depth, const std::string& path, const std::string& density, const std::string& target_text, int turns,
          int path_length = 0)
      : Formula(fixtures::binary_tree_game(depth, path, density), target_text, turns, path_length) {}
  Formula(model::Game g, const std::string& target_text, int turns, int path_length = 0)
      : game(std::move(g)), target(model::parse_target_auto(target_text)), enc(game, target, cnf, path_length) {
    for (int t = 0; t < turns; ++t) enc.add_turn();
  }
  model::VertexId v(const std::string& name) const { return game.universe.by_name.at(name); }
  SolveStatus solve(const std::vector<int>& assumptions) { return backend.solve(assumptions); }
  // Assumptions: turn t collapses and removes exactly the pairs {a, b} for which gone(a, b).
  std::vector<int> removes_where(int t, const std::function<bool(model::VertexId, model::VertexId)>& gone) {
    std::vector<int> out{enc.collapse_lit(t)};
    for (model::VertexId a = 0; a < game.universe.size(); ++a)
      for (model::VertexId b = a; b < game.universe.size(); ++b)
        if (const int r = enc.removed_lit(t, a, b); r && r != cnf.false_lit()) out.push_back(gone(a, b) ? r : -r);
    return out;
  }
  // The same for pairs named by their vertices.
  std::vector<int> removes(int t, const std::vector<std::pair<std::string, std::string>>& names) {
    std::set<std::pair<model::VertexId, model::VertexId>> want;
    for (const auto& [a, b] : names) want.insert(std::minmax(v(a), v(b)));  // copied before the temporaries end
    return removes_where(t, [&](model::VertexId a, model::VertexId b) { return want.count({a, b}) > 0; });
  }
};

}  // namespace carve::encoder::testing
