// The selector formula: the question's SAT encoding (encoder/tree_encoding.hpp, 001:
// hypergraph_encoding.hpp) with one selector literal per definition whose rules the encoding can
// switch inside one formula (encoder/rule_switch.hpp: Φ_root, Φ_inc, the obligation to collapse,
// succession's eligibility), solved incrementally under assumptions: a selector assumed true keeps
// its definition's rules, false relaxes them. Definitions with other rows (the path kind, Φ_dense,
// construction, victory, ...) are no selectors: the formula keeps their rules, and a trial that
// relaxes one of them is re-solved by the engines instead (explain/decide.hpp).
// Invariant: decide(R) answers exactly as the engines answer the game with R relaxed -- the
// formula under R's assumptions is the encoding of those rules (rule_switch.hpp; tested against
// explicit search, tests/explain/selector_test.cpp); a win's witness replayed under those rules;
// a stability lemma is added only guarded so that it holds under every assumption. On a no-win,
// `unused` lists the selector definitions kept on whose selectors no frame's refutation used
// (CaDiCaL's failed assumptions): the game with them relaxed as well has no win either, by the
// same refutations.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "encoder/cadical_backend.hpp"
#include "encoder/cnf.hpp"
#include "encoder/frame_encoding.hpp"
#include "explain/decide.hpp"
#include "explain/relaxations.hpp"

namespace carve::explain {

struct RelaxedDefinition;
struct ExplainOptions;

// Whether the selector formula can switch a relaxation row.
bool selectable(Relaxation r);

class SelectorFormula {
 public:
  SelectorFormula(const model::Game& game, const model::Target& target, const std::vector<RelaxedDefinition>& relaxable,
                  const ExplainOptions& options);
  ~SelectorFormula();

  bool available() const { return enc_ != nullptr; }
  // How the formula is used (its selectors), or why it is not.
  const std::string& note() const { return note_; }
  const std::vector<std::string>& selector_definitions() const { return order_; }
  // Whether every definition of `relaxed` is a selector (the formula can answer that trial).
  bool represents(const std::vector<std::string>& relaxed) const;

  struct Decision {
    Answer answer;
    std::vector<std::string> unused;  // on a no-win: selector definitions kept on that no refutation needed
    int solves = 0;
  };
  Decision decide(const std::vector<std::string>& relaxed);

 private:
  const model::Game& game_;
  const model::Target& target_;
  const ExplainOptions& options_;
  model::Budget budget_;
  std::vector<std::string> order_;      // the selector definitions, in the spec's order
  std::map<std::string, int> selector_;  // definition -> its literal
  std::string note_;
  std::unique_ptr<encoder::CadicalBackend> backend_;
  std::unique_ptr<encoder::Cnf> cnf_;
  std::unique_ptr<encoder::FrameEncoding> enc_;
};

}  // namespace carve::explain
