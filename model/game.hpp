// The Game IR: a carving game's universe, its rules as elaborated from a spec, and the reading
// (interpretation) in force. Everything downstream of the parser sees only this.
// Invariant: `rules` and `interp` agree (rules.path and rules.density were compiled from the
// interpretation's switches), and `initial_root` is a vertex of the universe.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "model/deduction.hpp"
#include "model/density_automaton.hpp"
#include "model/switches.hpp"
#include "model/universe.hpp"

namespace carve::model {

enum class PathKind { Walk, Trail, Simple, SimpleOrCycle };
PathKind path_kind_from(const std::string& value);

struct Rules {
  enum class Construct { Pair, Operator } construct = Construct::Pair;
  PathKind path = PathKind::Walk;
  DensityAutomaton density;
  // Succession: the trigger is "no present inherent edge of the root in this edge set", the
  // eligibility of a new root "no present inherent edge of the candidate in this edge set";
  // each set is either the edges a vertex concludes (Gen, ParentEdge) or the edges in which it is
  // a premise (ChildEdges).
  bool trigger_by_conclusion = false;
  bool eligible_by_conclusion = true;
  std::vector<OperatorDecl> operators;       // 001: the operator signatures spanning U
  std::map<std::string, std::string> label;  // construct -> the document's definition number
};

struct Game {
  std::string spec_name;
  std::string document;
  std::string title;
  std::string profile;
  Interpretation interp;
  std::vector<Switch> declared;   // the switches the spec declares, in its order
  Rules rules;
  Universe universe;
  VertexId initial_root = 0;

  // "path=simple density=factor ..." over the declared switches.
  std::string reading() const {
    std::string out;
    for (auto s : declared) out += (out.empty() ? "" : " ") + std::string(info(s).name) + "=" + interp.get(s);
    return out;
  }

  // The definition number under which a rule is stated ("collapse" -> "3.2"), or the rule name.
  std::string rule_label(const std::string& construct) const {
    auto it = rules.label.find(construct);
    return it == rules.label.end() ? construct : it->second;
  }
};

}  // namespace carve::model
