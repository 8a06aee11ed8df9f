// The transforms of relaxations.def, and the table generated from it.
#include "questions/explain/relaxations.hpp"

#include <algorithm>
#include <stdexcept>

namespace carve::explain {

namespace {

using model::Switch;

using Declared = std::vector<Switch>;

// Sets a switch the spec declares; one it does not declare keeps its default (the rules record
// never reads a switch the spec has no statement for).
void set_declared(model::Rules& r, const Declared& declared, Switch s, std::string_view value) {
  for (auto d : declared)
    if (d == s) r.reading.set(s, value);
}

void relax_construction(model::Rules& r, const Declared& d) {
  set_declared(r, d, Switch::Loop, "allow");
  set_declared(r, d, Switch::Duplicate, "merge");
  set_declared(r, d, Switch::VirtualScope, "formulas");
}
void relax_virtual_domain(model::Rules& r, const Declared& d) { set_declared(r, d, Switch::Readd, "allow"); }
void relax_path_kind(model::Rules& r, const Declared&) { r.reading.path = model::sw::Path::Walk; }
void relax_density(model::Rules& r, const Declared&) {
  r.density = model::DensityAutomaton::any();
  r.density_pattern.clear();
}
void relax_root_endpoint(model::Rules& r, const Declared&) { r.relaxed.root_endpoint = true; }
void relax_contains_new(model::Rules& r, const Declared&) { r.relaxed.contains_new = true; }
void relax_obligation(model::Rules& r, const Declared&) { r.relaxed.obligation = true; }
void relax_succession(model::Rules& r, const Declared&) { r.relaxed.eligibility = true; }
void relax_isomorphism(model::Rules& r, const Declared& d) {
  r.victory.match = model::Victory::Match::Incidence;
  set_declared(r, d, Switch::Iso, "incidence");
}
void relax_victory(model::Rules& r, const Declared& d) {
  r.victory.scope = model::Victory::Scope::AnyComponent;
  r.victory.relation = model::Victory::Relation::Contains;
  set_declared(r, d, Switch::StartWin, "yes");
}

using Transform = void (*)(model::Rules&, const Declared&);
constexpr Transform kTransforms[] = {
#define RELAXATION(id, label, name, words, transform) transform,
#include "questions/explain/relaxations.def"
#undef RELAXATION
};

// The parts of the rules record a transform may change.
bool same_rules(const model::Rules& a, const model::Rules& b) {
  return a.reading == b.reading && a.relaxed == b.relaxed && a.density_pattern == b.density_pattern &&
         a.victory.scope == b.victory.scope && a.victory.relation == b.victory.relation && a.victory.match == b.victory.match &&
         a.typed_isomorphism() == b.typed_isomorphism();
}

}  // namespace

const std::vector<RelaxationInfo>& relaxation_table() {
  static const std::vector<RelaxationInfo> table{
#define RELAXATION(id, label, name, words, transform) {Relaxation::id, label, name, words},
#include "questions/explain/relaxations.def"
#undef RELAXATION
  };
  return table;
}

const RelaxationInfo& info(Relaxation r) { return relaxation_table()[static_cast<std::size_t>(r)]; }

void relax(Relaxation r, model::Game& game) { kTransforms[static_cast<std::size_t>(r)](game.rules, game.declared); }

std::vector<Relaxation> relaxations_of(const model::Game& game, const std::string& def) {
  std::vector<Relaxation> out;
  for (const auto& row : relaxation_table()) {
    auto it = game.rules.label.find(std::string(row.label));
    if (it == game.rules.label.end() || it->second != def) continue;
    model::Rules copy = game.rules;
    kTransforms[static_cast<std::size_t>(row.id)](copy, game.declared);
    if (!same_rules(copy, game.rules)) out.push_back(row.id);
  }
  return out;
}

model::Game relaxed_game(const model::Game& game, const std::vector<std::string>& defs) {
  model::Game out = game;
  for (const auto& d : defs)
    for (auto r : relaxations_of(game, d)) relax(r, out);
  return out;
}

model::Target relaxed_target(const model::Game& relaxed, const model::Target& target) {
  if (!target.typed || relaxed.rules.typed_isomorphism()) return target;
  model::Target t = target;
  t.typed = false;
  std::fill(t.shape.edge_colour.begin(), t.shape.edge_colour.end(), 0);
  t.canon = model::canonical_form(t.shape);
  return t;
}

std::string relaxation_words(const std::vector<Relaxation>& rows) {
  std::string out;
  for (auto r : rows) out += (out.empty() ? "" : "; ") + std::string(info(r).name) + ": " + std::string(info(r).words);
  return out;
}

}  // namespace carve::explain
