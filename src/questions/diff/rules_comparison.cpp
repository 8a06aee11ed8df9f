// The parts of a rules record, compared one by one in effect.
#include "questions/diff/rules_comparison.hpp"

#include <fmt/format.h>

namespace carve::diff {

namespace {

std::string choice_name(const model::Rules& r) {
  return r.old_root_may_return() ? "the old root may be chosen again" : "a different node";
}

std::string succession_text(const model::Succession& s) {
  auto set = [](bool by_conclusion) { return by_conclusion ? "ParentEdge" : "ChildEdges"; };
  return fmt::format("when none {} root, eligible where none {}", set(s.trigger_by_conclusion), set(s.eligible_by_conclusion));
}

std::string victory_text(const model::Rules& r) {
  return fmt::format("{} component {} target, {} isomorphism",
                     r.victory.scope == model::Victory::Scope::AnyComponent ? "any" : "the root's",
                     r.victory.relation == model::Victory::Relation::Iso ? "iso" : "contains",
                     r.typed_isomorphism() ? "typed" : "incidence");
}

std::string operators_text(const model::Rules& r) {
  std::string out;
  for (const auto& op : r.operators)
    out += fmt::format("{}{}({})", out.empty() ? "" : " ", op.name, fmt::join(op.slot_preds, ","));
  return out;
}

}  // namespace

RulesComparison compare_rules(const model::Game& a, const model::Game& b) {
  RulesComparison c;
  const auto &ra = a.rules, &rb = b.rules;
  auto note = [&](bool legality, const std::string& part, const std::string& x, const std::string& y) {
    if (x == y) return;
    c.same = false;
    if (legality) c.same_legality = false;
    c.differences.push_back(fmt::format("{}: {} | {}", part, x, y));
  };
  if (a.document != b.document) {
    c.same_document = c.same = c.same_legality = false;
    c.differences.push_back(fmt::format("document: {} | {}", a.document, b.document));
    return c;
  }
  // Switches read directly by the semantics; reroot and iso are compared by their effect below.
  for (const auto& s : model::kSwitches) {
    if (s.id == model::Switch::Reroot || s.id == model::Switch::Iso || s.id == model::Switch::Density) continue;
    const bool legality = s.id != model::Switch::StartWin;
    note(legality, std::string(s.name), std::string(ra.reading.text(s.id)), std::string(rb.reading.text(s.id)));
  }
  note(true, "construction", ra.construct == model::Rules::Construct::Pair ? "pair" : "operator",
       rb.construct == model::Rules::Construct::Pair ? "pair" : "operator");
  note(true, "operators", operators_text(ra), operators_text(rb));
  if (!ra.density.same_language(rb.density))
    note(true, "density (Phi_dense)", fmt::format("avoid {} as a {}", ra.density_pattern, ra.reading.text(model::Switch::Density)),
         fmt::format("avoid {} as a {}", rb.density_pattern, rb.reading.text(model::Switch::Density)));
  note(true, "succession", succession_text(ra.succession), succession_text(rb.succession));
  note(true, "succession choice", choice_name(ra), choice_name(rb));
  note(false, "victory", victory_text(ra), victory_text(rb));
  return c;
}

}  // namespace carve::diff
