// The names and rules of the proof forms Options::lenient accepts (drat.hpp: Relaxation). The
// texts are what a rejection says, so a user holding a proof another checker accepts learns
// whether carve's rejection is about validity or about form.
#include "checkers/drat/drat.hpp"

namespace carve::drat {

const char* relaxation_name(Relaxation r) {
  switch (r) {
    case Relaxation::PivotNotFirst: return "pivot-not-first";
    case Relaxation::NoEmptyClause: return "no-empty-clause";
    case Relaxation::PrematureEmptyClause: return "premature-empty-clause";
    case Relaxation::StrayText: return "stray-text";
  }
  return "?";
}

const char* relaxation_rule(Relaxation r) {
  switch (r) {
    case Relaxation::PivotNotFirst: return "the DRAT format takes a lemma's first literal as its RAT pivot [pivot-not-first]";
    case Relaxation::NoEmptyClause: return "a DRAT refutation ends by adding the empty clause [no-empty-clause]";
    case Relaxation::PrematureEmptyClause:
      return "every lemma of a DRAT proof, the empty clause too, is RUP or RAT where it stands [premature-empty-clause]";
    case Relaxation::StrayText:
      return "a text DRAT proof holds literals, 'd' and comment lines that start with 'c', nothing else [stray-text]";
  }
  return "?";
}

const char* relaxation_lenient(Relaxation r) {
  switch (r) {
    case Relaxation::PivotNotFirst:
      return "the lemma is RAT on another of its literals: drat-trim tries them too, and so does --lenient";
    case Relaxation::NoEmptyClause:
      return "unit propagation refutes the formula at this point: drat-trim accepts that, and so does --lenient";
    case Relaxation::PrematureEmptyClause:
      return "drat-trim skips an empty clause added before unit propagation refutes the formula, and so does --lenient";
    case Relaxation::StrayText: return "drat-trim skips the rest of such a line, and so does --lenient";
  }
  return "?";
}

}  // namespace carve::drat
