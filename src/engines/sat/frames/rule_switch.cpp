// The clauses a switchable rule adds or drops (rule_switch.hpp).
//
// A stability lemma says "this path P is in ℛ, so the move is not stable"; it is implied by the
// rules whenever P is legal under them. P was found legal under the rules of the model that
// produced it, in a state with root ρ. Its root premise (root = P's first vertex) is needed exactly
// when its legality may depend on ρ: under Φ_root, which asks it to start (or end) at ρ, and for a
// cycle, which closes only at ρ. A path that touches ρ at neither end is legal only without Φ_root
// and then wherever the root is: its lemma has no root premise and holds only while Φ_root is off.
// Likewise a path without e_new is legal only without Φ_inc. The guards keep each lemma implied
// under every assignment of the selectors, and each lemma still excludes the model it came from.
#include "engines/sat/frames/rule_switch.hpp"

namespace carve::encoder {

std::vector<int> path_start(Cnf& cnf, const RuleSwitch& root_rule, const std::vector<int>& root, int collapse) {
  if (root_rule.fixed()) return root;
  std::vector<int> start = cnf.one_if(collapse, root.size());
  when_on(cnf, root_rule, [&] {
    for (std::size_t v = 0; v < root.size(); ++v) cnf.clause({-collapse, -start[v], root[v]});
  });
  return start;
}

std::optional<model::VertexId> stability_lemma_root(const model::ViewPath& path, model::VertexId root,
                                                    const RuleSwitch& root_rule) {
  const auto front = path.vertices.front(), back = path.vertices.back();
  if (root_rule.fixed() || front == root || front == back) return front;
  if (back == root) throw std::logic_error("stability lemma: a path ending at the root must be turned to start there");
  return std::nullopt;
}

void emit_stability_lemma(Cnf& cnf, const std::vector<int>& c, bool rooted, bool uses_new, const LemmaRules& rules) {
  if (!rooted && rules.root.fixed()) throw std::logic_error("stability lemma: no root premise under a fixed Φ_root");
  if (!uses_new && rules.inc.fixed()) throw std::logic_error("stability lemma: a path without e_new under a fixed Φ_inc");
  when_on(cnf, rules.obligation, [&] {
    std::vector<int> clause = c;
    if (!rooted && rules.root.on) clause.push_back(rules.root.selector);
    if (!uses_new && rules.inc.on) clause.push_back(rules.inc.selector);
    cnf.clause(clause);
  });
}

}  // namespace carve::encoder
