// Pass: victory (000 §4, 001 §V) -- which components count (any finite one, or the root's),
// how a component must relate to the target (isomorphic, or containing a subgraph isomorphic
// to it), and which isomorphism (by incidence, or keeping edge types; fixed or by the switch iso).
#include "rules/elaborate/passes/passes.hpp"

namespace carve::elab {

namespace ast = parser::ast;

void victory_pass(Elaboration& e) {
  auto& v = e.game.rules.victory;
  const auto& victory = e.take_one<ast::VictoryStmt>("a victory condition (victory)", "victory");
  v.scope = victory.scope == ast::VictoryScope::RootComponent ? model::Victory::Scope::RootComponent
                                                              : model::Victory::Scope::AnyComponent;
  v.relation = victory.relation == ast::VictoryRelation::Contains ? model::Victory::Relation::Contains
                                                                  : model::Victory::Relation::Iso;
  const auto& iso = e.take_one<ast::IsomorphismStmt>("the isomorphism victory uses (isomorphism)", "isomorphism");
  if (iso.by_switch) {
    e.ix.named_switch(iso.kind, "iso", iso.loc, "the isomorphism");
    v.match = model::Victory::Match::BySwitch;
  } else if (iso.kind == "incidence") {
    v.match = model::Victory::Match::Incidence;
  } else if (iso.kind == "typed") {
    v.match = model::Victory::Match::Typed;
  } else {
    fail(iso.loc, fmt::format("carve decides isomorphism 'incidence' (vertices and edges, keeping incidence) or 'typed' "
                              "(also keeping each edge's type T/V), or `by iso` (the switch); not '{}'",
                              iso.kind));
  }
}

}  // namespace carve::elab
