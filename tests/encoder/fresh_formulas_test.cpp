// Explicit search's candidates under virtual-scope=formulas take the formulas no edge mentions
// only as the first of their class (engines/explicit/moves.cpp, UnmentionedFormulas). These
// tests check that pruning against the listing it replaces: every tuple the construction rule
// allows, each judged by nauty's canonical form of the state with that tuple's vertex set added
// (the search judges a candidate by its vertex set alone: fresh tuples with one vertex set are
// interchangeable). The two must give the same set of forms -- no orbit lost -- in every state
// of random plays; and explicit search must agree with the SAT engine, whose scope argues the
// symmetry its own way (engines/sat/hypergraph/hyper_scope.cpp).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "engines/explicit/moves.hpp"
#include "engines/explicit/state_key.hpp"
#include "rules/model/semantics.hpp"
#include "tests/encoder/hypergraph_agree.hpp"

namespace carve::encoder {
namespace {

using model::VertexId;

// The form of `state` with one more edge on `vertex_set`, drawn in a colour of its own.
std::string form_with(const model::Game& game, model::State state, const std::vector<VertexId>& vertex_set) {
  state.virtuals.push_back(model::EdgeElement::make("e_new", vertex_set));
  std::sort(state.virtuals.begin(), state.virtuals.end());
  return search::hypergraph_state_key(game, state);
}

// Every tuple of every operator over every formula that the construction rule allows in `state`,
// as the set of forms of their vertex sets.
std::set<std::string> every_candidate_form(const model::Game& game, const model::State& state, std::size_t& vertex_sets) {
  const auto& u = game.universe;
  std::set<std::vector<VertexId>> sets;
  for (const auto& op : game.rules.operators) {
    std::vector<std::vector<VertexId>> choices;
    for (const auto& pred : op.slot_preds) {
      choices.emplace_back();
      for (VertexId v = 0; v < u.size(); ++v)
        if (u.sort_names[u.sorts[v]] == pred) choices.back().push_back(v);
    }
    std::vector<std::size_t> idx(choices.size(), 0);
    while (true) {
      std::vector<VertexId> slots;
      for (std::size_t i = 0; i < idx.size(); ++i) slots.push_back(choices[i][idx[i]]);
      const auto e = model::EdgeElement::make(op.name, slots);
      if (model::construction_allowed(game, state, e)) sets.insert(e.vertices);
      std::size_t i = 0;
      while (i < idx.size() && ++idx[i] == choices[i].size()) idx[i++] = 0;
      if (i == idx.size()) break;
    }
  }
  vertex_sets = sets.size();
  std::set<std::string> forms;
  for (const auto& s : sets) forms.insert(form_with(game, state, s));
  return forms;
}

std::set<std::string> listed_candidate_forms(const model::Game& game, const model::State& state, std::size_t& listed) {
  model::Budget budget;
  const auto candidates = search::candidate_edges(game, state, budget);
  listed = candidates.list.size();
  std::set<std::string> forms;
  for (const auto* c : candidates.list) forms.insert(form_with(game, state, c->vertices));
  return forms;
}

// States of random plays: a uniform pick among the successors at each turn.
std::vector<model::State> random_states(const model::Game& game, int plays, int turns, unsigned seed) {
  std::mt19937 rng(seed);
  model::Budget budget;
  std::vector<model::State> out{model::initial_state(game)};
  for (int p = 0; p < plays; ++p) {
    model::State s = model::initial_state(game);
    for (int t = 0; t < turns; ++t) {
      std::optional<model::State> chosen;
      std::size_t seen = 0;
      search::for_each_successor(game, s, budget, [&](const search::PendingMove&, const model::State& n) {
        if (std::uniform_int_distribution<std::size_t>(0, seen++)(rng) == 0) chosen = n;
        return true;
      });
      if (!chosen) break;
      s = *chosen;
      out.push_back(s);
    }
  }
  return out;
}

World outside(const std::string& profile, std::vector<std::pair<std::string, std::string>> variables) {
  World w;
  w.profile = profile;
  w.sets = {{"virtual-scope", "formulas"}};
  w.variables = std::move(variables);
  return w;
}

TEST(FreshFormulas, CandidatesCoverEveryOrbitOfTheListing) {
  std::size_t pruned_somewhere = 0, states = 0;
  for (const auto& [profile, seed] : std::vector<std::pair<std::string, unsigned>>{{"lenient", 1}, {"simple", 2}, {"literal", 3}}) {
    const auto game = triangle(outside(profile, {{"a", "t"}, {"b", "t"}}));
    for (const auto& state : random_states(game, 4, 3, seed)) {
      std::size_t sets = 0, listed = 0;
      const auto every = every_candidate_form(game, state, sets);
      const auto listed_forms = listed_candidate_forms(game, state, listed);
      ASSERT_EQ(every, listed_forms) << profile << ": a state whose listed candidates miss or add an orbit";
      // The listing is a real pruning: fewer candidates than vertex sets the rule allows.
      if (listed < sets) ++pruned_somewhere;
      ++states;
    }
  }
  EXPECT_EQ(pruned_somewhere, states) << "with 16 formulas of which 4 in F*, every state has interchangeable fresh formulas";
}

TEST(FreshFormulas, VariablesOfTwoTypes) {
  // Formulas over variables of two types (R_∇ also over s): the classes are the sorts Δ and ∇,
  // whatever the variables' types, since the rules read a formula's predicate and never its
  // variables. 8 Δ and 9 ∇ formulas, 3 of them in F*.
  World w = outside("simple", {{"a", "t"}, {"b", "t"}, {"c", "s"}});
  w.types = {"s", "t"};
  w.r_nabla = {{"t", "t", "t"}, {"s", "s", "s"}};
  const auto game = triangle(w);
  ASSERT_EQ(game.universe.size(), 17u);
  for (const auto& state : random_states(game, 3, 2, 7)) {
    std::size_t sets = 0, listed = 0;
    EXPECT_EQ(every_candidate_form(game, state, sets), listed_candidate_forms(game, state, listed));
    EXPECT_LT(listed, sets);
  }
}

TEST(FreshFormulas, ExplicitSearchAgreesWithTheSatEngine) {
  // Targets that need e_new to reach outside F*: three parallel edges on two formulas only wins
  // by stacking virtual edges; {a,b,c} needs a third vertex.
  for (const auto& profile : {"lenient", "simple"})
    for (const auto* target : {"{a,b},{a,b}", "{a,b,c}", "{a,b,c},{c,d}"}) {
      const auto game = triangle(outside(profile, {{"a", "t"}, {"b", "t"}}));
      agree(game, model::parse_target_auto(target), 2, fmt::format("{} {}", profile, target));
    }
}

}  // namespace
}  // namespace carve::encoder
