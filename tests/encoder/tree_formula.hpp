// A 000 encoding of a few turns on one CaDiCaL instance, for tests that pin a move by
// assumptions and ask the solver (rules_test, path_collapse_test).
#pragma once
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "encoder/cadical_backend.hpp"
#include "encoder/tree_encoding.hpp"
#include "model/semantics.hpp"
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
  // Assumptions: turn t collapses and removes exactly these pairs (by vertex names).
  std::vector<int> removes(int t, const std::vector<std::pair<std::string, std::string>>& names) {
    std::vector<int> out{enc.collapse_lit(t)};
    std::set<int> want;
    for (const auto& [a, b] : names) want.insert(enc.removed_lit(t, v(a), v(b)));
    for (model::VertexId a = 0; a < game.universe.size(); ++a)
      for (model::VertexId b = a; b < game.universe.size(); ++b)
        if (const int r = enc.removed_lit(t, a, b); r && r != cnf.false_lit()) out.push_back(want.count(r) ? r : -r);
    return out;
  }
};

}  // namespace carve::encoder::testing
