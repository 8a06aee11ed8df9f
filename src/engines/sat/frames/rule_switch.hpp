// A rule of the collapse or of succession that `carve explain` may switch off (model::Relaxed) as
// the encodings see it: on, off, or on only while a selector literal holds (one selector per
// definition of the spec; no caller sets one today -- explain finds its core by deletion, each
// definition relaxed in turn, since the first selector search was unsound on document 001's
// encoding and was removed) -- and the clauses of each case.
// Invariant: with a selector s, the rule's own clauses are built guarded by s (they hold while s
// is true) and the clauses only its absence needs (a free path start, a step that meets Φ_inc
// without e_new) guarded by ¬s, so that s true gives the formula of the rule on and s false the
// formula of the rule off, up to definitions whose clauses are then all satisfiable; a rule on
// without a selector builds exactly the clauses it built before relaxations existed.
#pragma once
#include <optional>
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "rules/model/collapse_paths.hpp"

namespace carve::encoder {

struct RuleSwitch {
  bool on = true;
  int selector = 0;  // with `on`: the literal under which the rule holds (0: it always does)

  // The rule as the rules record states it (`relaxed`: off), under `selector` when it is on.
  static RuleSwitch of(bool relaxed, int selector) { return relaxed ? RuleSwitch{false, 0} : RuleSwitch{true, selector}; }
  // Always on: the formula needs no clause of its absence.
  bool fixed() const { return on && selector == 0; }
};

// The selectors of the rules carve explain can switch inside one formula; 0: the rules record decides.
struct Selectors {
  int root_endpoint = 0;  // Φ_root
  int contains_new = 0;   // Φ_inc
  int obligation = 0;     // the obligation to collapse
  int eligibility = 0;    // succession's eligibility
};

// Builds the rule's clauses (emit()) when it is on, guarded by its selector if it has one.
template <class Emit>
void when_on(Cnf& cnf, const RuleSwitch& rule, Emit&& emit) {
  if (!rule.on) return;
  if (!rule.selector) {
    emit();
    return;
  }
  const Cnf::Guard guard(cnf, -rule.selector);
  emit();
}

// Builds the clauses that only the rule's absence needs: plainly when it is off, guarded by its
// selector's negation when it has one, not at all when it is fixed on.
template <class Emit>
void when_off(Cnf& cnf, const RuleSwitch& rule, Emit&& emit) {
  if (rule.fixed()) return;
  if (!rule.on) {
    emit();
    return;
  }
  const Cnf::Guard guard(cnf, rule.selector);
  emit();
}

// The path's start row (TurnLiterals::start): the root's own literals while Φ_root is fixed on;
// else a fresh row, exactly one true when `collapse` holds, equal to the root's under Φ_root.
std::vector<int> path_start(Cnf& cnf, const RuleSwitch& root_rule, const std::vector<int>& root, int collapse);

// The root premise of a stability lemma for a legal path found in a state with root `root`: the
// path's first vertex when the path starts there or closes there (a cycle closes only at the
// root); none when Φ_root may be off and the path touches the root at neither end (legal then
// wherever the root is).
std::optional<model::VertexId> stability_lemma_root(const model::ViewPath& path, model::VertexId root,
                                                    const RuleSwitch& root_rule);

// The collapse rules a stability lemma rests on.
struct LemmaRules {
  RuleSwitch root, inc, obligation;
};
// Adds the lemma clause `c` ("collapse, or the premise fails") as the rules it rests on allow: not
// at all without the obligation, guarded by its selector, and -- for a path without a root
// premise (`rooted` false) or without e_new (`uses_new` false) -- only while Φ_root, resp. Φ_inc,
// is off (guarded by the negation of their selectors).
void emit_stability_lemma(Cnf& cnf, const std::vector<int>& c, bool rooted, bool uses_new, const LemmaRules& rules);

}  // namespace carve::encoder
