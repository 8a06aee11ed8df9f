// The route table of collapse_route.hpp.
#include "engines/sat/paths/collapse_route.hpp"

#include <stdexcept>

#include "engines/sat/paths/phase_walk.hpp"
#include "engines/sat/paths/walk_collapse.hpp"
#include "rules/model/collapse_paths.hpp"

namespace carve::encoder {

model::DensityAutomaton rooted_density(const model::Rules& rules) {
  return model::documents_density(rules.density) ? rules.density : rules.density.from_root().minimal();
}

Route route_of(const model::Rules& rules) {
  if (rules.path() != model::PathKind::Walk) return Route::Positions;
  if (WalkCollapse::reading_of(rules.density)) return Route::Shape;
  const auto dfa = rooted_density(rules);
  if (dfa.partially_ordered()) return Route::Phases;
  if (dfa.bounce_closure().partially_ordered()) return Route::BouncePhases;
  return Route::Positions;
}

CollapseRoute collapse_route(const model::Game& game, const ScopePairs& pairs, Cnf& cnf, int path_length,
                             bool fixed_root_and_inc) {
  CollapseRoute r;
  r.dfa = rooted_density(game.rules);
  const auto route = path_length > 0 ? Route::Positions : route_of(game.rules);
  if (route == Route::Shape)
    r.collapse = std::make_unique<WalkCollapse>(pairs, *WalkCollapse::reading_of(game.rules.density), cnf);
  if (route == Route::Phases) r.collapse = std::make_unique<PhaseWalk>(pairs, r.dfa, cnf);
  if (route == Route::BouncePhases) {
    r.collapse = std::make_unique<PhaseWalk>(pairs, r.dfa.bounce_closure(), cnf);
    r.bounces = true;
  }
  if (route == Route::Positions) {
    r.split = game.rules.path() != model::PathKind::Walk && path_length <= 0 && fixed_root_and_inc &&
              model::documents_density(game.rules.density);
    auto positional = std::make_unique<PositionalPath>(game, pairs, r.dfa, r.split, cnf, path_length);
    r.positional = positional.get();
    r.collapse = std::move(positional);
  }
  return r;
}

void legalize(const CollapseRoute& route, const model::Rules& rules, std::vector<model::EdgeType> types,
              model::CollapsePath& path) {
  if (route.bounces) {
    const auto counts = route.dfa.bounces(types);
    if (!counts) throw std::logic_error("collapse: a decoded walk that no bounces make legal");
    std::vector<model::VertexId> vs{path.vertices.front()};
    std::vector<model::EdgeType> ts;
    for (std::size_t i = 0; i < types.size(); ++i)
      for (int k = 0; k <= 2 * (*counts)[i]; ++k) {
        vs.push_back(path.vertices[i + 1 - static_cast<std::size_t>(k % 2)]);
        ts.push_back(types[i]);
      }
    path.vertices = std::move(vs);
    types = std::move(ts);
  }
  model::orient(rules, types, path);
}

}  // namespace carve::encoder
