// Pass: the game's frame -- the two edge types, the virtual-edge domain, what a component is,
// the target's kind and properties, the construction rule. Each is stated once; a statement
// carve would read differently from how the spec words it is an error at its location.
#include <algorithm>

#include "rules/elaborate/passes/passes.hpp"

namespace carve::elab {

namespace ast = parser::ast;

namespace {

void check_edge_types(const ast::EdgesStmt& edges) {
  std::vector<std::string> sorted = edges.types;
  std::sort(sorted.begin(), sorted.end());
  if (sorted != std::vector<std::string>{"T", "V"})
    fail(edges.loc, fmt::format("`edges {}`: carve's games have exactly the edge types T (inherent) and V (virtual), "
                                "the letters density patterns are written in",
                                fmt::join(edges.types, " + ")));
}

// The properties a target statement must state: a component is finite and connected, and in a
// pair game it is a simple graph, so only such a target can ever be one.
void check_target(const ast::TargetStmt& t, model::Rules::Construct construct) {
  const bool graph = t.kind == ast::TargetKind::Graph;
  if (graph != (construct == model::Rules::Construct::Pair))
    fail(t.loc, graph ? "the target is a graph, but the game constructs operator edges: say `target hypergraph`"
                      : "the target is a hypergraph, but the game constructs pairs: say `target graph`");
  std::vector<std::string> want = graph ? std::vector<std::string>{"connected", "finite", "simple"}
                                        : std::vector<std::string>{"connected", "finite"};
  std::vector<std::string> got = t.properties;
  std::sort(got.begin(), got.end());
  if (got != want)
    fail(t.loc, fmt::format("a {} target in carve is `{}` (a component is finite and connected{}); this one says `{}`",
                            graph ? "graph" : "hypergraph", fmt::join(want, " "), graph ? ", and simple in a pair game" : "",
                            fmt::join(t.properties, " ")));
}

}  // namespace

void frame_pass(Elaboration& e) {
  auto& rules = e.game.rules;
  const auto& construct = e.take_one<ast::ConstructStmt>("a construction rule (construct)", "construct");
  rules.construct = construct.kind == ast::ConstructKind::Pair ? model::Rules::Construct::Pair
                                                               : model::Rules::Construct::Operator;
  check_edge_types(e.take_one<ast::EdgesStmt>("the edge types (edges)"));
  e.take_one<ast::VirtualStmt>("the virtual-edge domain (virtual)", "virtual");
  e.take_one<ast::ComponentsStmt>("what a component is (components)");
  check_target(e.take_one<ast::TargetStmt>("the target (target)"), rules.construct);
}

}  // namespace carve::elab
