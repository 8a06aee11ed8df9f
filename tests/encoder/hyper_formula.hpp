// A 001 encoding of a few turns on one CaDiCaL instance, for tests that pin a move by assumptions
// and ask the solver (hypergraph_test, rule_variants_test); elements named by their tuples.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/hypergraph/hypergraph_encoding.hpp"
#include "tests/encoder/hypergraph_agree.hpp"

namespace carve::encoder::testing {

struct HyperFormula {
  model::Game game;
  model::Target target;
  CadicalBackend backend;
  Cnf cnf{backend};
  HypergraphEncoding enc;
  HyperFormula(const World& w, const std::string& t, int turns) : HyperFormula(triangle(w), t, turns) {}
  HyperFormula(model::Game g, const std::string& t, int turns)
      : game(std::move(g)), target(model::parse_target_auto(t)), enc(game, target, cnf, std::max(turns, 1)) {
    while (enc.turns() < turns) enc.add_turn();
  }
  model::VertexId v(const std::string& name) const { return game.universe.by_name.at(name); }
  // The element of this tuple, or else the first virtual element with its vertex set (the scope
  // keeps min(m_S, k) tuples per vertex set; tuples with one vertex set are interchangeable).
  std::size_t element(const std::string& op, std::vector<std::string> slots) const {
    std::vector<model::VertexId> ids;
    for (const auto& s : slots) ids.push_back(v(s));
    if (const int e = enc.scope().element_of(ids); e >= 0) return static_cast<std::size_t>(e);
    const auto want = model::EdgeElement::make(op, ids).vertices;
    const auto& els = enc.scope().elements;
    for (std::size_t e = enc.scope().inherent_count; e < els.size(); ++e)
      if (els[e].edge.vertices == want) return e;
    ADD_FAILURE() << op << ": no element with this vertex set in the scope";
    return 0;
  }
  bool sat(const std::vector<int>& assume) { return backend.solve(assume) == SolveStatus::Sat; }
};

// The formulas of the variables a, b, c under one type: Δ(v,v,v) and ∇(v,v,v).
namespace names {
inline const std::string Da = "Delta(a,a,a)", Na = "Nabla(a,a,a)", Db = "Delta(b,b,b)", Nb = "Nabla(b,b,b)",
                         Dc = "Delta(c,c,c)", Nc = "Nabla(c,c,c)";
}  // namespace names

}  // namespace carve::encoder::testing
