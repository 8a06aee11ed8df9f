// Pass (000): the word tree -- `vertices words "A" root lambda`, `inherent T tree "A"` -- to the
// question's depth, and the initial root.
#include "rules/elaborate/passes/passes.hpp"

namespace carve::elab {

namespace ast = parser::ast;

void tree_universe_pass(Elaboration& e, const ast::VerticesStmt& vertices) {
  auto& g = e.game;
  const auto& inh = e.take_one<ast::InherentStmt>("the inherent edges (inherent)");
  if (inh.edge_type != "T")
    fail(inh.loc, fmt::format("the inherent edges are the type T of `edges T + V` (density patterns read them as T), not '{}'",
                              inh.edge_type));
  if (vertices.root != "lambda") fail(vertices.loc, "carve names the empty word lambda (λ): say `root lambda`");
  if (inh.alphabet != vertices.alphabet)
    fail(inh.loc, fmt::format("the tree's edges are over the alphabet \"{}\", its vertices over \"{}\"", inh.alphabet,
                              vertices.alphabet));
  if (auto why = model::alphabet_error(vertices.alphabet); !why.empty()) fail(vertices.loc, why);
  if (g.rules.construct != model::Rules::Construct::Pair) fail(vertices.loc, "a tree universe constructs pairs");
  if (!e.settings.depth) fail(e.ix.spec->loc, "the tree is infinite: give a depth bound (case item `depth D` or --depth D)");
  const int d = e.settings.depth->value;
  const std::size_t k = vertices.alphabet.size();
  if (d < 1 || d > model::max_tree_depth(k))
    fail(e.settings.depth->loc,
         fmt::format("depth {} is out of range: the tree over \"{}\" grows as {}^D; carve searches depths 1..{} over 2 "
                     "letters, 1..{} over 3, 1..{} over 4",
                     d, vertices.alphabet, k, model::max_tree_depth(2), model::max_tree_depth(3), model::max_tree_depth(4)));
  g.universe = model::word_tree_universe(vertices.alphabet, d);
  const auto& initial = e.take_one<ast::InitialStmt>("the initial state (initial)", "initial");
  auto root = model::normalise_word(initial.root);
  if (!g.universe.by_name.count(root)) fail(initial.loc, fmt::format("unknown initial root '{}'", initial.root));
  g.initial_root = g.universe.by_name.at(root);
  if (auto it = e.ix.switches.find(std::string(model::info(model::Switch::VirtualScope).name)); it != e.ix.switches.end())
    fail(it->second->loc, "this switch applies to deduction universes only");
}

}  // namespace carve::elab
