// Pass: succession (000 §3.3, 001 §IV.3) -- the edge sets its trigger and its eligibility read,
// and what the player may choose: `any` eligible vertex, an `other` one than the old root, or
// a `new` one `by` the switch reroot (新的节点 read as "any node" or as "a different node").
#include <map>

#include "rules/elaborate/passes/passes.hpp"

namespace carve::elab {

namespace ast = parser::ast;

void succession_pass(Elaboration& e) {
  const auto& s = e.take_one<ast::SuccessionStmt>("a succession rule (succession)", "succession");
  std::map<std::string, const ast::EdgesetStmt*> edgesets;
  for (auto [es, d] : e.ix.all<ast::EdgesetStmt>())
    if (!edgesets.emplace(es->name, e.take(es)).second) fail(es->loc, fmt::format("edge set {} is defined twice", es->name));
  auto by_conclusion = [&](const std::string& name) {
    auto it = edgesets.find(name);
    if (it == edgesets.end()) fail(s.loc, fmt::format("unknown edge set '{}'", name));
    return it->second->side == ast::EdgeSide::Conclusion;
  };
  auto& rule = e.game.rules.succession;
  rule.trigger_by_conclusion = by_conclusion(s.when_none);
  rule.eligible_by_conclusion = by_conclusion(s.where_none);
  for (const auto& [name, es] : edgesets)
    if (name != s.when_none && name != s.where_none)
      fail(es->loc, fmt::format("edge set {} is defined but succession does not read it", name));

  using Choice = model::Succession::Choice;
  if (s.choose == "new") {
    if (!s.choose_switch)
      fail(s.loc, "`choose new` leaves open whether the old root is new: say `choose new by reroot` (a switch), "
                  "`choose any` or `choose other`");
    e.ix.named_switch(*s.choose_switch, "reroot", s.loc, "whether succession may choose the old root again");
    rule.choice = Choice::BySwitch;
    return;
  }
  if (s.choose_switch) fail(s.loc, fmt::format("`by {}` applies only to `choose new`", *s.choose_switch));
  if (s.choose == "any") rule.choice = Choice::Any;
  else if (s.choose == "other") rule.choice = Choice::Other;
  else
    fail(s.loc, fmt::format("succession cannot choose '{}': carve knows `choose any` (any eligible vertex), `choose other` "
                            "(any but the old root) and `choose new by reroot` (the switch decides)",
                            s.choose));
}

}  // namespace carve::elab
