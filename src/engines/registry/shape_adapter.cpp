// The shape engine behind the adapter interface: the infinite tree's search (encoder::shape_search);
// a win's shape and the rules on it become the Answer's `shape` and `game`.
#include <stdexcept>

#include "engines/registry/adapter.hpp"
#include "engines/sat/search/shape_search.hpp"
#include "engines/sat/shape/shape_encoding.hpp"

namespace carve::engines {

std::optional<model::Refusal> ShapeAdapter::supports(const model::Game& game, const model::Target& target) const {
  auto r = encoder::ShapeEncoding::refusal(game, target);
  if (r) {
    r->engine = "shape (--depth any)";
    r->hint = "ask within a depth bound (--depth D)";
  }
  return r;
}

answer::Answer ShapeAdapter::run(const Question& q, model::Budget& budget) const {
  if (!q.played.empty()) throw std::logic_error("engines: the shape engine asked from a play already made (it searches from S_0)");
  encoder::ShapeOptions o;
  o.max_turns = q.turns;
  o.budget = budget;
  o.progress = q.progress;
  o.proof = q.proof;
  o.seed = q.tuning.seed;
  o.min_turns = q.tuning.min_turns;
  o.by_parts = q.tuning.by_parts;
  if (q.tuning.certify_after_search) o.certify = encoder::ShapeOptions::Certify::AfterSearch;
  auto s = encoder::shape_search(q.game, q.target, o);
  answer::Answer a;
  static_cast<answer::Result&>(a) = std::move(s.result);
  a.engine = engine();
  a.encoding = answer::Encoding{};
  auto& e = *a.encoding;
  e.variables = s.variables;
  e.clauses = s.clauses;
  e.lemmas = s.lemmas;
  e.solver_calls = s.solver_calls;
  e.learned_clauses = s.learned_clauses;
  e.exact = true;  // a shape of bound(K, n) nodes holds every play of at most K turns (Lemma 4)
  e.shortest = s.shortest();
  e.walk_sets = q.game.rules.path() == model::PathKind::Walk;
  e.solver = s.solver;
  e.solver_version = s.solver_version;
  e.solver_configuration = s.solver_configuration;
  e.seed = q.tuning.seed;
  a.shape = answer::ShapeScope{std::move(s.words), s.nodes, s.bound, s.lowest_frame, s.first_frame};
  if (s.game) a.game = std::make_shared<const model::Game>(std::move(*s.game));
  a.certificate = std::move(s.certificate);
  return a;
}

}  // namespace carve::engines
