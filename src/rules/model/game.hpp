// The Game IR: a carving game's universe and its rules as elaborated from a spec. Everything
// downstream of the parser sees only this.
// Invariant: `rules` is the one record of the rules in force -- the switch values (typed, in
// rules.reading, stored nowhere else) and what the spec's statements compiled to (density
// automaton, succession edge sets, victory); every other field is derived from them or from
// the universe. `initial_root` is a vertex of the universe.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "rules/model/deduction.hpp"
#include "rules/model/density_automaton.hpp"
#include "rules/model/switches.hpp"
#include "rules/model/universe.hpp"

namespace carve::model {

using PathKind = sw::Path;

// 000 §3.3 / 001 §IV.3, as the spec's `succession` statement compiles it.
struct Succession {
  // The trigger is "no present inherent edge of the root in this edge set", eligibility of a new
  // root "no present inherent edge of the candidate in this edge set"; each set is either the
  // edges a vertex concludes (by_conclusion: Gen, ParentEdge) or those in which it is a premise
  // (ChildEdges).
  bool trigger_by_conclusion = false;
  bool eligible_by_conclusion = true;
  // Whether the old root may be chosen again: `choose any`, `choose other`, or `choose new by
  // reroot` (the switch decides; 新的节点 may mean "a different node").
  enum class Choice { Any, Other, BySwitch } choice = Choice::Any;
};

// 000 §4 / 001 §V, as the `victory` and `isomorphism` statements compile them.
struct Victory {
  enum class Scope { AnyComponent, RootComponent } scope = Scope::AnyComponent;   // which components count
  enum class Relation { Iso, Contains } relation = Relation::Iso;                 // ≅ G*, or ⊇ a copy of G*
  enum class Match { Incidence, Typed, BySwitch } match = Match::Incidence;       // edge types kept by ≅?
};

// Rules a spec states that `carve explain` switches off, a definition at a time, to show what each
// one contributes (questions/explain/relaxations.def, docs/explain.md). No spec sets them: elaboration
// leaves every one false, and then the rules are exactly the spec's. Every engine either plays
// a relaxed record exactly or refuses it by name (engines/registry/registry.hpp).
struct Relaxed {
  bool root_endpoint = false;  // Φ_root off: a collapse path may start and end anywhere
  bool contains_new = false;   // Φ_inc off: a collapse path need not use e_new
  bool obligation = false;     // 3.2 / IV.2: the player may stay stable even when ℛ ≠ ∅
  bool eligibility = false;    // 3.3 / IV.3: when succession is due, any vertex of the universe may be the new root
  bool any() const { return root_endpoint || contains_new || obligation || eligibility; }
  bool operator==(const Relaxed&) const = default;
};

struct Rules {
  enum class Construct { Pair, Operator } construct = Construct::Pair;
  Reading reading;                           // the switch values in force
  DensityAutomaton density;                  // Φ_dense: the avoided pattern under reading.density
  std::string density_pattern = "V T{2,} V"; // the pattern as the spec writes it (for messages)
  // The same pattern as the automaton was compiled from (what rules/model/rules_words.hpp says in words).
  std::vector<PatternItem> density_items = {{EdgeType::V, 1, 1}, {EdgeType::T, 2, -1}, {EdgeType::V, 1, 1}};
  Succession succession;
  Victory victory;
  std::vector<OperatorDecl> operators;       // 001: the operator signatures spanning U
  std::map<std::string, std::string> label;  // construct -> the document's definition number
  Relaxed relaxed;                           // what `carve explain` switched off (nothing in a spec's rules)

  PathKind path() const { return reading.path; }
  // Φ_dense in words, for messages: the spec's pattern and its reading ("V T{2,} V as a factor");
  // an empty pattern is Φ_dense switched off (DensityAutomaton::any()).
  std::string density_words() const {
    if (density_pattern.empty()) return "no pattern (Φ_dense off: every type sequence is dense)";
    return "(" + density_pattern + (reading.density == sw::Density::Factor ? ") as a factor" : ") as a subsequence");
  }
  bool old_root_may_return() const {
    switch (succession.choice) {
      case Succession::Choice::Any: return true;
      case Succession::Choice::Other: return false;
      case Succession::Choice::BySwitch: return reading.reroot == sw::Reroot::Allow;
    }
    return true;
  }
  bool typed_isomorphism() const {
    switch (victory.match) {
      case Victory::Match::Incidence: return false;
      case Victory::Match::Typed: return true;
      case Victory::Match::BySwitch: return reading.iso == sw::Iso::Typed;
    }
    return false;
  }
};

// A `def` of the spec as its writer wrote it, so that a message can name a rule in the spec's own
// words: its number, its title, where it stands, and each statement's source line.
struct Definition {
  std::string number;                   // "2.1.1"
  std::string title;                    // "密度约束 Φ_dense" (empty when the def has none)
  std::string file;                     // the spec file as elaborated
  int line = 0, column = 0;             // where `def` stands
  std::vector<std::string> statements;  // each statement's source line, trimmed (empty when unreadable)

  // "spec/binary_tree.carve:79:3"
  std::string location() const { return file + ":" + std::to_string(line) + ":" + std::to_string(column); }
  // "def 2.1.1 密度约束 Φ_dense"
  std::string heading() const { return "def " + number + (title.empty() ? "" : " " + title); }
};

struct Game {
  std::string spec_name;
  std::string document;
  std::string title;
  std::string profile;
  std::vector<Switch> declared;   // the switches the spec declares, in its order
  Rules rules;
  Universe universe;
  VertexId initial_root = 0;
  std::vector<Definition> definitions;  // every def of the spec, in its order

  const Reading& reading_record() const { return rules.reading; }

  // "path=simple density=factor ..." over the declared switches.
  std::string reading() const {
    std::string out;
    for (auto s : declared) out += (out.empty() ? "" : " ") + std::string(info(s).name) + "=" + std::string(rules.reading.text(s));
    return out;
  }

  // The definition number under which a rule is stated ("collapse" -> "3.2"), or the rule name.
  std::string rule_label(const std::string& construct) const {
    auto it = rules.label.find(construct);
    return it == rules.label.end() ? construct : it->second;
  }

  // The def numbered `number` (a Violation's rule), or null when the spec has none.
  const Definition* definition(const std::string& number) const {
    for (const auto& d : definitions)
      if (d.number == number) return &d;
    return nullptr;
  }
};

}  // namespace carve::model
